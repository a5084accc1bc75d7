import { DID_YOU_MEAN_HEADER, type Job, type JobListQuery, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { getJsonWithHeaders, parseAnswer } from '../../../lib/api-client';
import { toQueryOptions, useLazyQuery, type LazyQueryOptions } from '../../../lib/lazy-query';
import { JOBS_PAGE_SIZE, readTotalCount } from '../lib/pagination';
import { JobListCheck } from './board-answer-checks';

/**
 * What `GET /api/jobs` is asked for (the contract's query, each part optional): the server
 * searches, filters and pages (spec part 1, §5). `type` is a filter value (`full-time`,
 * `part-time`, `contract`, `remote`), '' for all types; `mine`, only the signed-in company's jobs.
 */
export type JobListParams = Partial<JobListQuery>;

/** Every parameter spelled out (the contract's query as the server reads it), so equal searches share one cache entry. */
export function normalizeJobListParams(params: JobListParams): JobListQuery {
  return {
    search: params.search?.trim() ?? '',
    location: params.location?.trim() ?? '',
    type: params.type?.trim() ?? '',
    status: params.status ?? 'open',
    page: params.page ?? 1,
    pageSize: params.pageSize ?? JOBS_PAGE_SIZE,
    mine: params.mine ?? false,
  };
}

/** The key prefix of every job list (the board's pages and searches, a company's own jobs). */
export const jobListsKey = ['/api/jobs'] as const;

/** One list's key: by the app's convention the path it GETs, then every parameter. */
export const jobListQueryKey = (params: JobListParams) => [...jobListsKey, normalizeJobListParams(params)] as const;

/** `/api/jobs?…`: empty text filters are left out; status, page and page size always sent. */
export function jobListPath(params: JobListParams): string {
  const { search, location, type, status, page, pageSize, mine } = normalizeJobListParams(params);
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (location) query.set('location', location);
  if (type) query.set('type', type);
  query.set('status', status);
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  if (mine) query.set('mine', 'true');
  return `/api/jobs?${query.toString()}`;
}

/** One page of jobs and how many match in all (`X-Total-Count`). */
export interface JobListPage {
  jobs: Job[];
  total: number;
  page: number;
  pageSize: number;
  /** Only when nothing matched: the search the server suggests instead (`X-Did-You-Mean`, ADR 090). */
  didYouMean: string | null;
}

/** The header's percent-encoded search, or null (absent, or not decodable). */
function readDidYouMean(header: string | null): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header) || null;
  } catch {
    return null;
  }
}

/** `GET /api/jobs?…`: one page (newest first) with the total in `X-Total-Count`. */
export async function getJobList(params: JobListParams, { signal }: { signal?: AbortSignal } = {}): Promise<JobListPage> {
  const normalized = normalizeJobListParams(params);
  const path = jobListPath(normalized);
  const { body, headers } = await getJsonWithHeaders(path, { signal });
  const jobs = parseAnswer(JobListCheck, body, path);
  return {
    jobs,
    total: readTotalCount(headers.get(TOTAL_COUNT_HEADER), normalized.page, jobs.length, normalized.pageSize),
    page: normalized.page,
    pageSize: normalized.pageSize,
    didYouMean: readDidYouMean(headers.get(DID_YOU_MEAN_HEADER)),
  };
}

/** A job list read, for the board before React Query has come and for React Query after (ADR 122). */
export const jobListLazyOptions = (params: JobListParams): LazyQueryOptions<JobListPage> => ({
  queryKey: jobListQueryKey(params),
  queryFn: ({ signal }) => getJobList(params, { signal }),
  // The last page stays on screen while the next one loads: paging and filtering do not flash.
  keepPrevious: true,
  // Spec part 1, §7: the job list is always refetched on mount.
  refetchOnMount: 'always',
});

export const jobListQueryOptions = (params: JobListParams) => toQueryOptions(jobListLazyOptions(params));

export function useJobList(params: JobListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useLazyQuery({ ...jobListLazyOptions(params), enabled });
}
