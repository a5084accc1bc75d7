import { JOB_MAX_PAGE, JOB_SEARCH_TEXT_MAX_LENGTH, JOB_STATUSES, type JobListQuery } from '@hireloop/contracts';
import { searchChoice, searchObject, searchPage, searchText } from '../../../lib/search-params';

/** The type filter's values (spec part 1, §3); '' is "All types". */
export const JOB_TYPE_FILTERS = ['full-time', 'part-time', 'contract', 'remote'] as const;
export type JobTypeFilter = (typeof JOB_TYPE_FILTERS)[number];

export const JOB_TYPE_FILTER_LABELS: Record<JobTypeFilter, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  remote: 'Remote',
};

export type JobStatusFilter = JobListQuery['status'];

/** Spec part 1, §5: open (default), all, closed. */
export const JOB_STATUS_FILTER_LABELS: Record<JobStatusFilter, string> = {
  open: 'Open',
  all: 'All',
  closed: 'Closed',
};

/**
 * The job board's state in the address (`/jobs?search=react&location=remote&type=full-time&status=all&page=2`),
 * so a board can be shared and Back works. Anything missing or invalid falls back to its default.
 * Without zod, as every route's search schema (ADR 095); the bounds and the statuses are those of
 * `GET /api/jobs` (`JobListQuery`).
 */
export interface JobBoardSearch {
  search: string;
  location: string;
  type: '' | JobTypeFilter;
  status: JobStatusFilter;
  page: number;
}
export const JobBoardSearch = searchObject<JobBoardSearch>({
  search: searchText(JOB_SEARCH_TEXT_MAX_LENGTH),
  location: searchText(JOB_SEARCH_TEXT_MAX_LENGTH),
  type: searchChoice(JOB_TYPE_FILTERS, ''),
  status: searchChoice(JOB_STATUSES, 'open'),
  page: searchPage(JOB_MAX_PAGE),
});

/** The defaults, left out of the address (`/jobs` rather than `/jobs?status=open&page=1`). */
export const JOB_BOARD_SEARCH_DEFAULTS: JobBoardSearch = {
  search: '',
  location: '',
  type: '',
  status: 'open',
  page: 1,
};

export type JobBoardFilters = Omit<JobBoardSearch, 'page'>;

/**
 * The board's next state as a function of its current one: the router hands in the newest
 * address (a navigation still on its way included), and other search params of the route pass
 * through.
 */
export type JobBoardSearchUpdate = <Current extends JobBoardSearch>(current: Current) => Current;

/** Spec part 1, §4: any filter change goes back to page 1. */
export function withFilterChange<Current extends JobBoardSearch>(current: Current, change: Partial<JobBoardFilters>): Current {
  return { ...current, ...change, page: 1 };
}

/** Whether the board shows less than every open job. */
export function hasActiveFilters(search: JobBoardFilters): boolean {
  return (
    search.search.trim() !== '' ||
    search.location.trim() !== '' ||
    search.type !== JOB_BOARD_SEARCH_DEFAULTS.type ||
    search.status !== JOB_BOARD_SEARCH_DEFAULTS.status
  );
}

/** The Select's value for "All types" (a Radix Select item cannot have an empty value). */
export const ALL_TYPES = 'all';

export function typeFilterFromSelect(value: string): JobBoardSearch['type'] {
  return JOB_TYPE_FILTERS.find((type) => type === value) ?? '';
}
