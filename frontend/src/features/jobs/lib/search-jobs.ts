import type { Job } from '@hireloop/contracts';

/** Job page size (spec part 1, §9). */
export const JOBS_PAGE_SIZE = 10;

/**
 * Spec part 1, §5: the keyword text is split on spaces; every word must appear in the title,
 * company, skills or description (case-insensitive).
 */
export function matchesKeywords(job: Job, keywords: string): boolean {
  const words = keywords.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [job.title, job.company, job.skills.join(' '), job.description].join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface JobPage {
  jobs: Job[];
  /** 1-based page actually shown (clamped to the pages that exist). */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based index of the first and last job shown; 0 when there are none. */
  from: number;
  to: number;
}

export function pageOfJobs(jobs: readonly Job[], page: number, pageSize = JOBS_PAGE_SIZE): JobPage {
  const total = jobs.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  const shown = jobs.slice(start, start + pageSize);
  return {
    jobs: shown,
    page: current,
    pageCount,
    total,
    from: total === 0 ? 0 : start + 1,
    to: start + shown.length,
  };
}

/** At most `size` page numbers in a window that slides with the current page (spec part 1, §9). */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  const count = Math.min(size, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}
