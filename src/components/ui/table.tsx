import type { ReactNode, TableHTMLAttributes } from 'react';
import './table.css';

/**
 * A cell's column name, shown in the cell only when the table's rows stack on a phone (`stackOnPhone`).
 * Hidden from screen readers: they hear the column header.
 */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="table-cell-label" aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * A table in its own scroll box (the page never scrolls sideways), first column pinned while it scrolls.
 * The box is focusable and named so keyboard users can scroll it. With `stackOnPhone`, a phone shows
 * each row as a block instead, every cell under its <CellLabel>.
 */
export function Table({
  label,
  pinFirst = true,
  stackOnPhone = false,
  className,
  children,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & { label: string; pinFirst?: boolean; stackOnPhone?: boolean; children: ReactNode }) {
  const classes = ['ui-table', pinFirst ? 'ui-table-pin' : '', stackOnPhone ? 'table-stack' : '', className];
  return (
    <div className="ui-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table {...rest} className={classes.filter(Boolean).join(' ')}>
        {children}
      </table>
    </div>
  );
}
