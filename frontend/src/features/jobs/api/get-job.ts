import { Job } from '@hireloop/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';
import { jobListsKey, type JobListPage } from './get-jobs';

/** `GET /api/jobs/{jobId}`: its key is the path it GETs. */
export const jobPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}`;
export const jobQueryKey = (jobId: string) => [jobPath(jobId)] as const;

/** `GET /api/jobs/share/{shareToken}`. */
export const sharedJobPath = (shareToken: string) => `/api/jobs/share/${encodeURIComponent(shareToken)}`;
export const sharedJobQueryKey = (shareToken: string) => [sharedJobPath(shareToken)] as const;

/** One job; a missing one answers 404 `{ success: false, error: 'Job not found' }` (thrown). */
export async function getJob(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Job> {
  return readJob(jobPath(jobId), signal);
}

export async function getSharedJob(shareToken: string, { signal }: { signal?: AbortSignal } = {}): Promise<Job> {
  return readJob(sharedJobPath(shareToken), signal);
}

async function readJob(path: string, signal: AbortSignal | undefined): Promise<Job> {
  return parseAnswer(Job, await getJson(path, { signal }), path);
}

export const jobQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: jobQueryKey(jobId), queryFn: ({ signal }) => getJob(jobId, { signal }) });

export const sharedJobQueryOptions = (shareToken: string) =>
  queryOptions({ queryKey: sharedJobQueryKey(shareToken), queryFn: ({ signal }) => getSharedJob(shareToken, { signal }) });

/** A job already on screen in a list (a board page): shown at once while its own answer loads. */
function jobFromLists(queryClient: QueryClient, match: (job: Job) => boolean): Job | undefined {
  for (const [, page] of queryClient.getQueriesData<JobListPage>({ queryKey: jobListsKey })) {
    const found = page?.jobs.find(match);
    if (found) return found;
  }
  return undefined;
}

/** The job of `/job/{jobId}` or `/share/job/{shareToken}`. */
export function useJob(by: { jobId: string } | { shareToken: string }) {
  const queryClient = useQueryClient();
  const options = 'jobId' in by ? jobQueryOptions(by.jobId) : sharedJobQueryOptions(by.shareToken);
  const match = 'jobId' in by ? (job: Job) => job.id === by.jobId : (job: Job) => job.shareToken === by.shareToken;
  return useQuery({ ...options, placeholderData: () => jobFromLists(queryClient, match) });
}
