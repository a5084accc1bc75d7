import { JOB_MESSAGES, type ApplyResponse } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { objectAnswer, sendJson, serverErrorText } from '../../../lib/api-client';
import { myApplicationQueryKey, type MyApplicationAnswer } from './get-my-application';

export type ApplyAnswer = z.infer<typeof ApplyResponse>;

/** Spec part 1, §8: the default text when an application fails without a reason. */
export const APPLICATION_FAILED = 'Application failed';
export const APPLICATION_SUBMITTED = 'Application submitted';

/**
 * `POST /api/jobs/{jobId}/apply` (a signed-in candidate, internal jobs only): 201
 * `{ success, applicationId, appliedAt }`. Refusals carry the server's reason (401, 403, 409, 400).
 */
export async function applyToJob(jobId: string): Promise<ApplyAnswer> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/apply`;
  return objectAnswer<ApplyAnswer>(await sendJson('POST', path), path, ['applicationId', 'appliedAt']);
}

export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId }: { jobId: string; userId: string }) => applyToJob(jobId),
    onSuccess: (answer, { jobId, userId }) => {
      queryClient.setQueryData<MyApplicationAnswer>(myApplicationQueryKey(jobId, userId), {
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
