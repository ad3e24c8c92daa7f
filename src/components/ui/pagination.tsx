import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { Button } from './button.tsx';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "Showing 51–100 of 1,234". */
export function showingText(offset: number, shown: number, total: number): string {
  if (shown === 0) return `Showing 0 of ${whole.format(total)}`;
  return `Showing ${whole.format(offset + 1)}–${whole.format(offset + shown)} of ${whole.format(total)}`;
}

/** Previous / Next over a ranked or long list, with where the page sits in the whole. */
export function Pagination({
  offset,
  shown,
  total,
  pageSize,
  onPage,
  label = 'Pages',
}: {
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  pageSize: number;
  /** Called with the new page's offset. */
  onPage: (offset: number) => void;
  label?: string;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <Button
        size="sm"
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onPage(Math.max(0, offset - pageSize))}
        icon={<ChevronLeftIcon />}
      >
        Previous
      </Button>
      <span aria-live="polite">{showingText(offset, shown, total)}</span>
      <Button size="sm" variant="secondary" disabled={offset + pageSize >= total} onClick={() => onPage(offset + pageSize)}>
        Next
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
