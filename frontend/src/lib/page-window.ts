/** At most this many numbered page buttons (spec part 1, §9). */
export const PAGE_WINDOW_SIZE = 5;

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
