import { SuggestedJobs } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer, UnexpectedAnswerError } from '../../../lib/api-client';

/** How many suggestions the dashboard shows. */
export const SUGGESTED_JOBS_SHOWN = 5;

/** `GET /api/jobs/suggested?count=N`: the signed-in candidate's best-matching open jobs. */
export const suggestedJobsPath = (count: number) => `/api/jobs/suggested?count=${count}`;
/** The key names the person too: the answer is theirs alone (scored against their profile). */
export const suggestedJobsQueryKey = (userId: string, count: number) => [suggestedJobsPath(count), userId] as const;

export async function getSuggestedJobs(count: number, { signal }: { signal?: AbortSignal } = {}): Promise<SuggestedJobs> {
  const path = suggestedJobsPath(count);
  const answer = parseAnswer(SuggestedJobs, await getJson(path, { signal }), path);
  if (!Array.isArray(answer.jobs)) throw new UnexpectedAnswerError(path, 'a list of jobs');
  return answer;
}

export const suggestedJobsQueryOptions = (userId: string, count = SUGGESTED_JOBS_SHOWN) =>
  queryOptions({
    queryKey: suggestedJobsQueryKey(userId, count),
    queryFn: ({ signal }) => getSuggestedJobs(count, { signal }),
    // Jobs come and go, and the profile may have changed: the dashboard shows them as they are now.
    refetchOnMount: 'always',
  });

export function useSuggestedJobs(userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...suggestedJobsQueryOptions(userId ?? ''), enabled: enabled && userId !== null });
}
