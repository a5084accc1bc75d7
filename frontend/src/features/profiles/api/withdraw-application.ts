import type { ApplicationMoved, ApplicationStatus } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { objectAnswer, sendJson } from '../../../lib/api-client';
import { myApplicationsQueryKey } from './get-my-applications';

/** What each status of an application's timeline reads as (issue 13). */
export const APPLICATION_STATUS_TEXT: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  viewed: 'Viewed by the company',
  interview: 'Invited to interview',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  no_response: 'No response',
};

/** Statuses after which nothing moves an application any more. */
export const FINAL_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['declined', 'withdrawn'];

/** `POST /api/jobs/{jobId}/application/withdraw`: the signed-in candidate withdraws their application. */
export async function withdrawApplication(jobId: string): Promise<ApplicationMoved> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/application/withdraw`;
  return objectAnswer<ApplicationMoved>(await sendJson('POST', path), path, ['status']);
}

export function useWithdrawApplication(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId }: { jobId: string }) => withdrawApplication(jobId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey(userId), exact: true }),
  });
}
