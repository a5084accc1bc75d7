import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from './button';
import { pageWindow } from '../../lib/page-window';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** While the next page loads. */
  disabled?: boolean;
}

/** Previous, at most five numbered pages around the current one, Next (spec part 1 §9, part 2 §2). */
export function Pagination({ page, pageCount, onPageChange, disabled = false }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      {pageWindow(page, pageCount).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'default' : 'outline'}
          size="sm"
          className="min-w-9"
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          disabled={disabled && number !== page}
          onClick={() => number !== page && onPageChange(number)}
        >
          {number}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= pageCount}
      >
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
