import { showingText } from './board-format.ts';

/** Previous / Next over a ranked list, with where the page sits in the whole. */
export function BoardPager({
  offset,
  shown,
  total,
  pageSize,
  onPage,
  label = 'Pages of the ranking',
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onPage: (offset: number) => void;
  label?: string;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={offset === 0}
        onClick={() => onPage(Math.max(0, offset - pageSize))}
      >
        Previous
      </button>
      <span aria-live="polite">{showingText(offset, shown, total)}</span>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={offset + pageSize >= total}
        onClick={() => onPage(offset + pageSize)}
      >
        Next
      </button>
    </nav>
  );
}
