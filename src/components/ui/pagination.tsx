import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

/** Previous / next with "Page x of y" between them; the buttons say where they go. */
export function Pagination({
  page,
  pageCount,
  onPage,
  label = 'Pages',
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button
        size="sm"
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        icon={<ChevronLeft size={16} aria-hidden />}
      >
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight size={16} aria-hidden />
      </Button>
    </nav>
  );
}
