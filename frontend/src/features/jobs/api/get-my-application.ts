import type { MyApplication } from '@hireloop/contracts';
import { getJson, parseAnswer } from '../../../lib/api-client';
import { useLazyQuery } from '../../../lib/lazy-query';
import { MyApplicationCheck } from './board-answer-checks';

/** `GET /api/jobs/{jobId}/application`; the key also names the person, whose answer it is. */
export const myApplicationPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/application`;
export const myApplicationQueryKey = (jobId: string, userId: string) => [myApplicationPath(jobId), userId] as const;

/** Whether the signed-in person has applied to the job: `{ applied, appliedAt }`. */
export async function getMyApplication(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MyApplication> {
  const path = myApplicationPath(jobId);
  return parseAnswer(MyApplicationCheck, await getJson(path, { signal }), path);
}

export const myApplicationQueryOptions = (jobId: string, userId: string) => ({
  queryKey: myApplicationQueryKey(jobId, userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getMyApplication(jobId, { signal }),
});

/**
 * The signed-in candidate's application to the job. `fetch: false` only reads what is already
 * known (for example after applying from the board) without asking the server.
 */
export function useMyApplication(jobId: string, userId: string | null, { fetch = true }: { fetch?: boolean } = {}) {
  return useLazyQuery({
    ...myApplicationQueryOptions(jobId, userId ?? ''),
    enabled: fetch && userId !== null,
  });
}
