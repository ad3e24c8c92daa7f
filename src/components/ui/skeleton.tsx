import './skeleton.css';

/** A grey placeholder of the final size while data loads (hidden from screen readers: the region says it is busy). */
export function Skeleton({
  width = '100%',
  height = '1em',
  radius,
  className,
}: {
  width?: string | number;
  height?: string | number;
  radius?: string;
  className?: string;
}) {
  return (
    <span className={['ui-skeleton', className].filter(Boolean).join(' ')} style={{ width, height, borderRadius: radius }} aria-hidden />
  );
}

/** Lines of text-sized skeletons, the last one shorter. */
export function SkeletonLines({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span className={['ui-skeleton-lines', className].filter(Boolean).join(' ')} aria-hidden>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
