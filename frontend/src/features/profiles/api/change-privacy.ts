import { ProfilePrivacyResponse } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseAnswer, sendJson } from '../../../lib/api-client';
import { profileViewsKey } from './get-profile-view';

export const PROFILE_PRIVACY_PATH = '/api/profile/privacy';
/** The signed-in candidate's own profile (`GET /api/profile`), which carries `isPublic` too. */
export const MY_PROFILE_QUERY_KEY = ['/api/profile'] as const;

export type PrivacyChange = z.output<typeof ProfilePrivacyResponse>;

/**
 * `PATCH /api/profile/privacy` with `{ isPublic }`, the flipped value (part 2 §7): the signed-in
 * owner makes their profile public or private. Answers `{ success, isPublic, isPrivate }`.
 */
export async function changePrivacy(isPublic: boolean): Promise<PrivacyChange> {
  return parseAnswer(ProfilePrivacyResponse, await sendJson('PATCH', PROFILE_PRIVACY_PATH, { isPublic }), PROFILE_PRIVACY_PATH);
}

/**
 * Make Private / Make Public. The page reloads on success (part 2 §2), and until it has, the
 * answers that carry the profile's visibility are stale: every viewer's view of this profile and
 * the owner's own profile.
 */
export function useChangePrivacy({ onChanged }: { onChanged?: (change: PrivacyChange) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isPublic }: { profileId: string; isPublic: boolean }) => changePrivacy(isPublic),
    onSuccess: async (change, { profileId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileViewsKey(profileId) }),
        queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY, exact: true }),
      ]);
      onChanged?.(change);
    },
  });
}
