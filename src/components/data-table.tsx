import type { Key, ReactNode } from 'react';
import './primitives.css';

export interface Column<Row> {
  /** Unique among the columns (React key). */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column that names the row (a <th scope="row">), usually the first. */
  rowHeader?: boolean;
  /** Say the header to screen readers only (an actions column). */
  headerHidden?: boolean;
  className?: string;
}

/**
 * A data table in its own horizontally scrolling frame (the page never scrolls sideways
 * on a phone), with a caption, a header row, one row per item and an empty row.
 */
export function DataTable<Row>({
  caption,
  captionHidden = true,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty = 'Nothing to show.',
  className = 'board',
}: {
  caption: string;
  captionHidden?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowClassName?: (row: Row) => string | undefined;
  empty?: ReactNode;
  className?: string;
}) {
  return (
    <div className="data-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className={`data-table ${className}`}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.className}>
                {c.headerHidden ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.id} scope="row" className={c.className}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.id} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
