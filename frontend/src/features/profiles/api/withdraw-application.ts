import { ApplicationMoved } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';
import { myApplicationsQueryKey } from './get-my-applications';

/** `POST /api/jobs/{jobId}/application/withdraw`: the signed-in candidate withdraws their application. */
export async function withdrawApplication(jobId: string): Promise<ApplicationMoved> {
  const path = `/api/jobs/${encodeURIComponent(jobId)}/application/withdraw`;
  return parseAnswer(ApplicationMoved, await sendJson('POST', path), path);
}

export function useWithdrawApplication(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId }: { jobId: string }) => withdrawApplication(jobId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey(userId), exact: true }),
  });
}
