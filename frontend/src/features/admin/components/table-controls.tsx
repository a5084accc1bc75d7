import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_LIST_SORTS, ADMIN_PAGE_SIZES, type AdminListSort } from '@hireloop/contracts';
import { SearchIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { Input, inputClassName } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { cn } from '../../../lib/utils';
import { loadFailure } from '../lib/admin-display';

/** The shared search box of the people tables: the server searches once typing pauses (Enter searches at once). */
export function AdminSearchBox({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (next: string) => void; placeholder: string }) {
  const id = useId();
  const { text, setText, flush } = useDebouncedText(value, onChange);
  return (
    <div className="grid min-w-0 flex-1 gap-1.5">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-9"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') flush();
          }}
        />
      </div>
    </div>
  );
}

/** Rows per page: 10, 25, 50 or 100 (part 2 §9). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        Rows per page
      </Label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))} className={cn(inputClassName, 'h-10 w-24')}>
        {ADMIN_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

const SORT_LABELS: Record<AdminListSort, string> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name (A–Z)' };

/** The table's order, decided on the server (newest first by default). */
export function SortSelect({ value, onChange }: { value: AdminListSort; onChange: (sort: AdminListSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        Sort by
      </Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as AdminListSort)} className={cn(inputClassName, 'h-10 w-36')}>
        {ADMIN_LIST_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Showing 26–50 of 120" under a table. */
export function RangeText({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: string }) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      Showing {first}–{last} of {total} {noun}
    </p>
  );
}

/**
 * A tab's list while it loads ('Loading candidates...'), when it failed ('Could not load
 * candidates.' and the server's reason), when it is empty (`empty`), or the list itself.
 */
export function ListStates({
  noun,
  query,
  empty,
  children,
}: {
  noun: string;
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** The text for an empty list, or null when the list has rows. */
  empty: string | null;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="py-8 text-center text-muted-foreground">
        Loading {noun}...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="py-8 text-center text-destructive">
        Could not load {noun}. {loadFailure(query.error)}
      </p>
    );
  }
  if (empty !== null) return <p className="py-8 text-center text-muted-foreground">{empty}</p>;
  return children;
}

/**
 * What a people table asks the server for, held by its tab: the page, its size and the order.
 * The search is held by the panel, one per table. A new search, size or order goes back to page 1.
 */
export function useAdminListParams(search: string, onSearchChange: (search: string) => void) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(ADMIN_DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<AdminListSort>('newest');
  const fromPageOne =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    params: { search, page, pageSize, sort },
    setPage,
    changeSearch: fromPageOne(onSearchChange),
    changeSort: fromPageOne(setSort),
    changePageSize: fromPageOne(setPageSize),
  };
}

type ListParams = ReturnType<typeof useAdminListParams>;

/** Search, order and rows per page above a people table. */
export function AdminListToolbar({ list, label, placeholder }: { list: ListParams; label: string; placeholder: string }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <AdminSearchBox label={label} value={list.params.search} onChange={list.changeSearch} placeholder={placeholder} />
      <SortSelect value={list.params.sort} onChange={list.changeSort} />
      <PageSizeSelect value={list.params.pageSize} onChange={list.changePageSize} />
    </div>
  );
}

/**
 * "Showing 26–50 of 120" and the pages under a table. The server clamps a page past the last one
 * (part 2 §5): the controls show the page it answered.
 */
export function AdminListFooter({
  answer,
  noun,
  onPageChange,
  disabled,
}: {
  answer: { page: number; pageSize: number; total: number; totalPages: number } | undefined;
  noun: string;
  onPageChange: (page: number) => void;
  disabled: boolean;
}) {
  if (!answer) return null;
  return (
    <div className="grid justify-items-center gap-2">
      <RangeText page={answer.page} pageSize={answer.pageSize} total={answer.total} noun={noun} />
      <Pagination page={answer.page} pageCount={answer.totalPages} onPageChange={onPageChange} disabled={disabled} />
    </div>
  );
}
