import { JobList, type Job } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** The job list's query key: by the app's convention, the path it GETs. */
export const jobsQueryKey = ['/api/jobs'] as const;

/**
 * `GET /api/jobs`: every job on the board. (The server may add `X-Total-Count` once it pages;
 * the board pages on the client until server-side search arrives.)
 */
export async function getJobs({ signal }: { signal?: AbortSignal } = {}): Promise<Job[]> {
  return JobList.parse(await getJson('/api/jobs', { signal }));
}

export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => getJobs({ signal }),
    // Spec part 1, §7: the job list is always refetched on mount.
    refetchOnMount: 'always',
  });

export function useJobs() {
  return useQuery(jobsQueryOptions());
}
