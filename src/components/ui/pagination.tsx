import { formatCount } from '#src/lib/format-count.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { Button } from './button.tsx';

/** "Showing 51–100 of 1,234"; "of 10,000+" when the total is a lower bound (`capped`). */
export function showingText(offset: number, shown: number, total: number, capped = false): string {
  const of = `${formatCount(total)}${capped ? '+' : ''}`;
  if (shown === 0) return `Showing 0 of ${of}`;
  return `Showing ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${of}`;
}

interface PaginationProps {
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  pageSize: number;
  /** Called with the new page's offset. */
  onPage: (offset: number) => void;
  label?: string;
  /** `total` is a lower bound: more match (a capped count), so there is always a next page. */
  totalCapped?: boolean;
}

/** Previous / Next over a ranked or long list, with where the page sits in the whole. */
export function Pagination({ offset, shown, total, pageSize, onPage, label = 'Pages', totalCapped = false }: PaginationProps) {
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
      <span aria-live="polite">{showingText(offset, shown, total, totalCapped)}</span>
      <Button size="sm" variant="secondary" disabled={!totalCapped && offset + pageSize >= total} onClick={() => onPage(offset + pageSize)}>
        Next
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}

/** `Pagination` for a list kept by page number (1-based, as the address keeps it) rather than by offset. */
export function PaginationByPage({
  page,
  onPage,
  pageSize,
  ...rest
}: Omit<PaginationProps, 'offset' | 'onPage'> & { page: number; onPage: (page: number) => void }) {
  return <Pagination {...rest} pageSize={pageSize} offset={(page - 1) * pageSize} onPage={(offset) => onPage(offset / pageSize + 1)} />;
}
