import type { ReactNode, TableHTMLAttributes } from 'react';
import './table.css';

/**
 * A table in its own scroll box (the page never scrolls sideways), first column pinned while it scrolls.
 * The box is focusable and named so keyboard users can scroll it.
 */
export function Table({
  label,
  pinFirst = true,
  className,
  children,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & { label: string; pinFirst?: boolean; children: ReactNode }) {
  return (
    <div className="ui-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table {...rest} className={['ui-table', pinFirst ? 'ui-table-pin' : '', className].filter(Boolean).join(' ')}>
        {children}
      </table>
    </div>
  );
}
