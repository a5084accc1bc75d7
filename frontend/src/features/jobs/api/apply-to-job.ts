import { type ApplyResponse, JOB_MESSAGES, type MyApplication } from '@hireloop/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson, serverErrorText } from '../../../lib/api-client';
import { ApplyResponseCheck } from './board-answer-checks';
import { myApplicationQueryKey } from './get-my-application';

/**
 * `POST /api/jobs/{jobId}/apply` (a signed-in candidate, internal jobs only): 201
 * `{ success, applicationId, appliedAt }`. Refusals carry the server's reason (401, 403, 409, 400).
 */
export async function applyToJob(jobId: string): Promise<ApplyResponse> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/apply`;
  return parseAnswer(ApplyResponseCheck, await sendJson('POST', path), path);
}

/**
 * Apply, and remember the answer for the job's Apply buttons: applied on success; asked again when
 * the server says the candidate had applied before (another tab, another device). Loaded when a
 * candidate applies (ADR 109): the board's first load carries no mutation code.
 */
export async function applyAndRemember(queryClient: QueryClient, { jobId, userId }: { jobId: string; userId: string }): Promise<ApplyResponse> {
  try {
    const answer = await applyToJob(jobId);
    queryClient.setQueryData<MyApplication>(myApplicationQueryKey(jobId, userId), { applied: true, appliedAt: answer.appliedAt });
    return answer;
  } catch (error) {
    if (serverErrorText(error) === JOB_MESSAGES.alreadyApplied) {
      void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey(jobId, userId), exact: true });
    }
    throw error;
  }
}
