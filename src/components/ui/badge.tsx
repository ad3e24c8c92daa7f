import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

/** A short status word; the words carry the meaning, the colour only repeats it. */
export function Badge({
  tone = 'neutral',
  icon,
  className,
  children,
}: {
  tone?: BadgeTone;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={['ui-badge', `ui-badge-${tone}`, className].filter(Boolean).join(' ')}>
      {icon}
      {children}
    </span>
  );
}
