import { type ApplyResponse, JOB_MESSAGES, type MyApplication } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson, serverErrorText } from '../../../lib/api-client';
import { ApplyResponseCheck } from './board-answer-checks';
import { myApplicationQueryKey } from './get-my-application';

/** Spec part 1, §8: the default text when an application fails without a reason. */
export const APPLICATION_FAILED = 'Application failed';
export const APPLICATION_SUBMITTED = 'Application submitted';

/**
 * `POST /api/jobs/{jobId}/apply` (a signed-in candidate, internal jobs only): 201
 * `{ success, applicationId, appliedAt }`. Refusals carry the server's reason (401, 403, 409, 400).
 */
export async function applyToJob(jobId: string): Promise<ApplyResponse> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/apply`;
  return parseAnswer(ApplyResponseCheck, await sendJson('POST', path), path);
}

export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId }: { jobId: string; userId: string }) => applyToJob(jobId),
    onSuccess: (answer, { jobId, userId }) => {
      queryClient.setQueryData<MyApplication>(myApplicationQueryKey(jobId, userId), {
        applied: true,
        appliedAt: answer.appliedAt,
      });
    },
    onError: (error, { jobId, userId }) => {
      // Applied before (another tab, another device): show it as applied from now on.
      if (serverErrorText(error) === JOB_MESSAGES.alreadyApplied) {
        void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey(jobId, userId), exact: true });
      }
    },
  });
}
