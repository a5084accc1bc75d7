import { JOB_PAGE_SIZE } from '@hireloop/contracts';

export { PAGE_WINDOW_SIZE, pageWindow } from '../../../lib/page-window';

/** Job page size (spec part 1, §9). */
export const JOBS_PAGE_SIZE = JOB_PAGE_SIZE;

/** How many pages `total` items make; at least 1, so an empty list is "page 1 of 1". */
export function pageCountOf(total: number, pageSize = JOBS_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
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
