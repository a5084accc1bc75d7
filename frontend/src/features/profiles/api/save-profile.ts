import { type CandidateProfile, type ProfileFormBody, ProfileSaved } from '@hireloop/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';
import { MY_PROFILE_PATH, myProfileQueryKey } from './get-my-profile';

/** Create (`POST`, 201) or update (`PUT`, 200) the signed-in candidate's profile. */
export type ProfileSaveMode = 'create' | 'edit';

export interface SaveProfileInput {
  mode: ProfileSaveMode;
  body: ProfileFormBody;
}

/** `POST /api/profile` or `PUT /api/profile`: answers `{ success: true, profile }`. */
export async function saveProfile({ mode, body }: SaveProfileInput): Promise<ProfileSaved> {
  const answer = await sendJson(mode === 'create' ? 'POST' : 'PUT', MY_PROFILE_PATH, body);
  return parseAnswer(ProfileSaved, answer, MY_PROFILE_PATH);
}

/** `GET /api/profiles/{id}` (the profile page's call): by the app's convention its key is its path. */
export const profileViewQueryKey = (profileId: string) => [`/api/profiles/${encodeURIComponent(profileId)}`] as const;

/**
 * What a saved profile changes in the cache, and only that: the owner's own profile (set from the
 * answer, no refetch) and the profile page's view of it (refetched when next shown).
 */
export function rememberSavedProfile(queryClient: QueryClient, userId: string, profile: CandidateProfile): Promise<void> {
  queryClient.setQueryData<CandidateProfile | null>(myProfileQueryKey(userId), profile);
  return queryClient.invalidateQueries({ queryKey: profileViewQueryKey(profile.id), exact: true });
}

/** Saves and updates the cache: what the wizard's save step runs. */
export async function saveProfileAndRemember(queryClient: QueryClient, userId: string, input: SaveProfileInput): Promise<ProfileSaved> {
  const saved = await saveProfile(input);
  void rememberSavedProfile(queryClient, userId, saved.profile);
  return saved;
}

export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => rememberSavedProfile(queryClient, userId, saved.profile),
  });
}
