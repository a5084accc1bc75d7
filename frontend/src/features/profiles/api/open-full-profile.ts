import { CandidateViewResponse } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';
import { profileViewsKey } from './get-profile-view';

export const candidateViewPath = (profileId: string) => `/api/profiles/${encodeURIComponent(profileId)}/views`;

/**
 * `POST /api/profiles/{id}/views` (company users, ADR 030): opens the candidate's full profile,
 * counting one of the plan's candidate views this month unless it was opened this month already.
 * A 403 with `requiresUpgrade` says the month's views are used up.
 */
export async function openFullProfile(profileId: string): Promise<CandidateViewResponse> {
  const path = candidateViewPath(profileId);
  return parseAnswer(CandidateViewResponse, await sendJson('POST', path, {}), path);
}

/**
 * Opens the full profile, then reads the profile again (the answer's position makes the read wait
 * for the count to reach the read models), and the company's usage with it.
 */
export function useOpenFullProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openFullProfile(profileId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileViewsKey(profileId) }),
        queryClient.invalidateQueries({ queryKey: ['/api/subscription/current'] }),
      ]);
    },
  });
}
