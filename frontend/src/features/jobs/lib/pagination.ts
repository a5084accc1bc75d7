import { JOB_PAGE_SIZE } from '@hireloop/contracts';

/** Job page size (spec part 1, §9). */
export const JOBS_PAGE_SIZE = JOB_PAGE_SIZE;

/** At most this many numbered page buttons (spec part 1, §9). */
export const PAGE_WINDOW_SIZE = 5;

/** How many pages `total` items make; at least 1, so an empty list is "page 1 of 1". */
export function pageCountOf(total: number, pageSize = JOBS_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The numbered page buttons: at most `size` pages in a window that slides with the current page,
 * keeping it in the middle where it can (spec part 1, §9). Pages 1..5 for page 1 of 20, 8..12 for
 * page 10, 16..20 for page 20.
 */
export function pageWindow(page: number, pageCount: number, size = PAGE_WINDOW_SIZE): number[] {
  const pages = Math.max(1, Math.floor(pageCount) || 1);
  const count = Math.min(size, pages);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const first = Math.min(Math.max(1, current - Math.floor(size / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

export interface ShowingRange {
  /** 1-based position of the first and last item shown; 0 and 0 when nothing is shown. */
  from: number;
  to: number;
  total: number;
}

/** Which items of `total` a page of `shown` items starting at `page` covers. */
export function showingRange(page: number, shown: number, total: number, pageSize = JOBS_PAGE_SIZE): ShowingRange {
  if (shown <= 0 || total <= 0) return { from: 0, to: 0, total: Math.max(0, total) };
  const from = (Math.max(1, Math.floor(page)) - 1) * pageSize + 1;
  return { from, to: from + shown - 1, total };
}

/** "Showing X-Y of N" (spec part 1, §9). */
export function showingText({ from, to, total }: ShowingRange): string {
  return `Showing ${from}-${to} of ${total}`;
}

/**
 * Reads the `X-Total-Count` header of a paged list. A missing or broken header falls back to what
 * the page itself proves: everything before it plus what it holds.
 */
export function readTotalCount(header: string | null, page: number, shown: number, pageSize = JOBS_PAGE_SIZE): number {
  const floor = (Math.max(1, Math.floor(page)) - 1) * pageSize + shown;
  if (header === null || header.trim() === '') return shown === 0 ? 0 : floor;
  const total = Number(header);
  if (!Number.isSafeInteger(total) || total < 0) return shown === 0 ? 0 : floor;
  return total;
}
