import { useEffect, useRef, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { CellLabel } from './ui/table.tsx';
import { pickedRowProps } from '../lib/picked-row.ts';
import './primitives.css';

export interface Column<Row> {
  /** Unique among the columns (React key). */
  id: string;
  header: ReactNode;
  /** The header as text, shown beside each cell when the rows stack on a phone (defaults to a text header). */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row (a <th scope="row">); it stays in view when the table scrolls sideways. */
  rowHeader?: boolean;
  /** Say the header to screen readers only (an actions column). */
  headerHidden?: boolean;
  /** Classes of the column's cells, and of its header unless `headerClassName` is given. */
  className?: string;
  headerClassName?: string;
}

/** Rows kept apart below the body under their own heading, e.g. the viewer's own rank when it is not on the page. */
export interface PinnedRows<Row> {
  label: ReactNode;
  rows: readonly Row[];
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** Whether the frame is narrower than its table: only then is it a focusable region keyboards can scroll. */
function useScrolls() {
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    // Measured when the observer reports (its first report comes with the first layout): measuring here
    // forced a layout of the whole page per table while the page was still rendering.
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { frame, scrolls };
}

/**
 * A data table in its own horizontally scrolling frame (the page never scrolls sideways
 * on a phone), with a caption, a header row, one row per item and an empty row. The
 * column that names the row (or the first) is pinned: it stays in view while the rest
 * scrolls under it. When the table is wider than its frame, the frame is a named,
 * focusable region so a keyboard can scroll it too. With `stackOnPhone`, a phone shows each row
 * as a block instead, every cell under its column's label (for short tables whose last columns
 * would otherwise start off screen).
 */
export function DataTable<Row>({
  caption,
  captionHidden = true,
  columns,
  rows,
  rowKey,
  rowClassName,
  rowCurrent,
  rowPicked,
  pinned,
  empty = 'Nothing to show.',
  className = 'board',
  minWidth = 'max-content',
  stackOnPhone = false,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowClassName?: (row: Row) => string | undefined;
  /** The viewer's own row (aria-current). */
  rowCurrent?: (row: Row) => boolean;
  /** The row a search picked: marked (data-picked) and scrolled into view when it appears. */
  rowPicked?: (row: Row) => boolean;
  pinned?: PinnedRows<Row> | null;
  /** Shown in a row of its own when there are no rows; null shows nothing (e.g. only pinned rows). */
  empty?: ReactNode;
  className?: string;
  /** The narrowest the table gets before its frame scrolls: its content's width by default; a length lets long text wrap. */
  minWidth?: string;
  /** On a phone, one block per row with each cell labelled, instead of a frame that scrolls sideways. */
  stackOnPhone?: boolean;
}) {
  const { frame, scrolls } = useScrolls();
  const pinIndex = Math.max(
    0,
    columns.findIndex((c) => c.rowHeader),
  );
  const pin = (i: number) => i === pinIndex && 'data-table-pin';
  const row = (r: Row, key: Key) => {
    const current = rowCurrent?.(r) ?? false;
    return (
      <tr key={key} className={rowClassName?.(r)} aria-current={current ? 'true' : undefined} {...pickedRowProps(rowPicked?.(r) ?? false)}>
        {columns.map((c, i) => {
          // The pinned column's content is capped on a phone, so the columns scrolling under it stay visible.
          const label =
            stackOnPhone && !c.rowHeader && !c.headerHidden ? (c.label ?? (typeof c.header === 'string' ? c.header : null)) : null;
          const cell = (
            <>
              {label && <CellLabel>{label}</CellLabel>}
              {c.cell(r)}
            </>
          );
          const content = i === pinIndex ? <div className="data-table-pin-box">{cell}</div> : cell;
          return c.rowHeader ? (
            <th key={c.id} scope="row" className={cx(c.className, pin(i))}>
              {content}
            </th>
          ) : (
            <td key={c.id} className={cx(c.className, pin(i))}>
              {content}
            </td>
          );
        })}
      </tr>
    );
  };
  const table = (
    <div
      ref={frame}
      className="data-table-scroll"
      {...(scrolls ? { role: 'region', 'aria-label': `${caption} (scrolls sideways)`, tabIndex: 0 } : {})}
    >
      <table
        className={cx('data-table', className, stackOnPhone && 'table-stack')}
        style={{ '--data-table-min-width': minWidth } as CSSProperties}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c.id} scope="col" className={cx(c.headerClassName ?? c.className, pin(i))}>
                {c.headerHidden ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0
            ? empty !== null && (
                <tr>
                  <td colSpan={columns.length} className="data-table-empty">
                    {empty}
                  </td>
                </tr>
              )
            : rows.map((r) => row(r, rowKey(r)))}
        </tbody>
        {pinned && pinned.rows.length > 0 && (
          <tbody className="data-table-pinned">
            <tr>
              <th scope="rowgroup" colSpan={columns.length}>
                <span className="data-table-pinned-label">{pinned.label}</span>
              </th>
            </tr>
            {pinned.rows.map((r) => row(r, `pinned-${rowKey(r)}`))}
          </tbody>
        )}
      </table>
    </div>
  );
  // A visible caption is shown above the frame, so it wraps to the page and never scrolls away with the columns.
  return captionHidden ? (
    table
  ) : (
    <>
      <p className="data-table-caption" aria-hidden="true">
        {caption}
      </p>
      {table}
    </>
  );
}
