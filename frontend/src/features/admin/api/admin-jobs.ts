import { type AdminCreateJobBody, type EditJobBody, EditJobResponse, type Job, JOB_MAX_PAGE_SIZE, JobList, JobStatusChange, PostJobResponse, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJsonWithHeaders, parseAnswer, sendJson } from '../../../lib/api-client';

/** The prefix of every job list the app caches (the board's own keys start with the path too). */
const jobListsKey = ['/api/jobs'] as const;

/** How many pages of open Hireloop jobs the invite pickers read at most (100 jobs a page: 2,000 jobs). */
export const INVITABLE_JOBS_MAX_PAGES = 20;

/**
 * The jobs an admin may invite candidates to: open jobs posted on Hireloop for a company (an
 * imported job lives on another site, and a job without a company has no one to reveal the
 * candidate to: the invitation route refuses both). The server leaves the imported jobs out
 * (`source=internal`, ADR 116): the board lists them too, newest first, and reading every page of
 * the board to find the few posted here read thousands of imported jobs. The pages of open Hireloop
 * jobs are read (the first says how many there are, most boards have one), then the jobs without
 * a company are left out here.
 */
export const invitableJobsQueryOptions = () =>
  queryOptions({
    queryKey: [...jobListsKey, 'admin-invitable'] as const,
    queryFn: async ({ signal }) => {
      const pageSize = JOB_MAX_PAGE_SIZE;
      const read = async (page: number) => {
        const { body, headers } = await getJsonWithHeaders(`/api/jobs?status=open&source=internal&page=${page}&pageSize=${pageSize}`, { signal });
        return { jobs: parseAnswer(JobList, body, '/api/jobs'), total: Number(headers.get(TOTAL_COUNT_HEADER)) };
      };
      const first = await read(1);
      const pages = Number.isFinite(first.total) && first.total > 0 ? Math.min(Math.ceil(first.total / pageSize), INVITABLE_JOBS_MAX_PAGES) : 1;
      const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, index) => read(index + 2)));
      const seen = new Set<string>();
      return [first, ...rest]
        .flatMap((answer) => answer.jobs)
        .filter((job) => job.source === 'internal' && job.isActive && job.companyId !== null && !seen.has(job.id) && seen.add(job.id));
    },
    staleTime: 30_000,
  });

export const useInvitableJobs = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...invitableJobsQueryOptions(), enabled });

/** `POST /api/admin/jobs` (part 2 §7). */
export async function createAdminJob(body: AdminCreateJobBody): Promise<Job> {
  const path = '/api/admin/jobs';
  return parseAnswer(PostJobResponse, await sendJson('POST', path, body), path).job;
}

export function useCreateAdminJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminJob,
    // Every job list shows it: the grid, the invite pickers, the board.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobListsKey }),
  });
}

/** What Job Management asks `GET /api/jobs` for: every job, open and closed, searched and paged (ADR 064). */
export interface AdminJobListParams {
  search: string;
  page: number;
  pageSize: number;
}

export interface AdminJobPage {
  jobs: Job[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export const adminJobListPath = ({ search, page, pageSize }: AdminJobListParams) => {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  query.set('status', 'all');
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return `/api/jobs?${query.toString()}`;
};

export const adminJobListQueryOptions = (params: AdminJobListParams) =>
  queryOptions({
    queryKey: [...jobListsKey, 'admin-list', params] as const,
    queryFn: async ({ signal }): Promise<AdminJobPage> => {
      const path = adminJobListPath(params);
      const { body, headers } = await getJsonWithHeaders(path, { signal });
      const jobs = parseAnswer(JobList, body, '/api/jobs');
      const header = Number(headers.get(TOTAL_COUNT_HEADER));
      const total = Number.isFinite(header) && header >= 0 ? header : (params.page - 1) * params.pageSize + jobs.length;
      return { jobs, total, page: params.page, pageSize: params.pageSize, totalPages: Math.ceil(total / params.pageSize) };
    },
    placeholderData: keepPreviousData,
  });

export const useAdminJobList = (params: AdminJobListParams) => useQuery(adminJobListQueryOptions(params));

/** `PUT /api/jobs/{jobId}` as an admin (ADR 064). */
export async function editAdminJob(jobId: string, body: EditJobBody): Promise<EditJobResponse> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}`;
  return parseAnswer(EditJobResponse, await sendJson('PUT', path, body), path);
}

/** `POST /api/jobs/{jobId}/close` or `/reopen` as an admin. */
export async function changeAdminJobStatus(jobId: string, action: 'close' | 'reopen'): Promise<JobStatusChange> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/${action}`;
  return parseAnswer(JobStatusChange, await sendJson('POST', path), path);
}

/** Every job list and page shows the job: refresh them all (the answer's position makes the reads wait for the change). */
const refreshJobs = (queryClient: ReturnType<typeof useQueryClient>, jobId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: jobListsKey }),
    queryClient.invalidateQueries({ queryKey: [`/api/jobs/${encodeURIComponent(jobId)}`], exact: true }),
  ]);

export function useEditAdminJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, body }: { jobId: string; body: EditJobBody }) => editAdminJob(jobId, body),
    onSuccess: (_answer, { jobId }) => refreshJobs(queryClient, jobId),
  });
}

export function useChangeAdminJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: string; action: 'close' | 'reopen' }) => changeAdminJobStatus(jobId, action),
    onSuccess: (_answer, { jobId }) => refreshJobs(queryClient, jobId),
  });
}
