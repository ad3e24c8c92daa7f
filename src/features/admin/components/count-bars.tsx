/** Counts over time as a row of bars; the label says in words what the bars show. */
export function CountBars({ counts, label, className }: { counts: readonly number[]; label: string; className?: string }) {
  const top = Math.max(1, ...counts);
  const width = counts.length * 6;
  return (
    <svg
      className={['count-bars', className].filter(Boolean).join(' ')}
      viewBox={`0 0 ${width} 24`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {counts.map((n, i) => {
        const h = n === 0 ? 1 : Math.max(3, Math.round((n / top) * 24));
        return <rect key={i} x={i * 6} y={24 - h} width={4} height={h} className={n === 0 ? 'count-bars-zero' : undefined} />;
      })}
    </svg>
  );
}
