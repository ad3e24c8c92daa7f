import { useEffect, useState, type ReactNode } from 'react';
import { firstPaint } from '../lib/first-paint.ts';
import './loading-skeleton.css';

/** Loads shorter than this show nothing at all, so a fast answer does not flash a placeholder. */
export const SKELETON_DELAY_MS = 300;

/** False for the first `ms`, then true: what a placeholder waits for before it shows (at once in a page's first paint). */
export function useDelayed(ms = SKELETON_DELAY_MS): boolean {
  const [shown, setShown] = useState(ms <= 0 || firstPaint.active);
  useEffect(() => {
    if (shown) return;
    const timer = window.setTimeout(() => setShown(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms, shown]);
  return shown;
}

/** Shows its children only after `ms` (a Suspense fallback that should not flash). */
export function Delayed({ ms = SKELETON_DELAY_MS, children }: { ms?: number; children: ReactNode }) {
  return useDelayed(ms) ? <>{children}</> : null;
}

const WIDTHS = ['92%', '78%', '86%', '64%', '88%', '72%', '80%', '58%'];

/**
 * A data placeholder: grey rows in the shape of the list or card that is coming. The space is
 * held from the first frame (nothing shifts when it fills in); the rows appear after 300 ms.
 * The words (`label`) are for screen readers, in a status region.
 */
export function LoadingSkeleton({ label, rows = 4, variant = 'rows' }: { label: string; rows?: number; variant?: 'rows' | 'cards' }) {
  const shown = useDelayed();
  return (
    <div role="status" aria-busy="true" className={`skeleton skeleton-${variant}`} data-shown={shown ? '' : undefined}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="skeleton-row" aria-hidden="true">
          <span className="skeleton-bar" style={{ width: WIDTHS[i % WIDTHS.length] }} />
          {variant === 'cards' && <span className="skeleton-bar skeleton-bar-short" />}
        </span>
      ))}
    </div>
  );
}
