import { ProfileView } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer, UnexpectedAnswerError } from '../../../lib/api-client';

/** `GET /api/profiles/{id}`: its key is the path it GETs, then who asks (the answer depends on it). */
export const profileViewPath = (profileId: string) => `/api/profiles/${encodeURIComponent(profileId)}`;
/** Every viewer's answer about one profile (what a change to the profile invalidates). */
export const profileViewsKey = (profileId: string) => [profileViewPath(profileId)] as const;
/** `viewerId`: the signed-in user's id, or null for a visitor. */
export const profileViewQueryKey = (profileId: string, viewerId: string | null) =>
  [profileViewPath(profileId), viewerId] as const;

const VIEWS: ReadonlyArray<ProfileView['view']> = ['owner', 'public', 'revealed', 'limited', 'gated'];

/**
 * Which display of the profile to show and what it may show (part 2 §2, §4). A missing profile,
 * and a private one asked for by anyone but its owner, answer 404 (thrown as an `ApiError`).
 */
export async function getProfileView(profileId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProfileView> {
  const path = profileViewPath(profileId);
  const answer = parseAnswer(ProfileView, await getJson(path, { signal }), path);
  if (!VIEWS.includes(answer.view) || typeof answer.profile !== 'object' || answer.profile === null) {
    throw new UnexpectedAnswerError(path, `a profile view (${VIEWS.join(', ')})`);
  }
  return answer;
}

export const profileViewQueryOptions = (profileId: string, viewerId: string | null) =>
  queryOptions({
    queryKey: profileViewQueryKey(profileId, viewerId),
    queryFn: ({ signal }) => getProfileView(profileId, { signal }),
  });

/** The profile of `/profile/{id}` as `viewerId` (null: a visitor) may see it. */
export function useProfileView(profileId: string, viewerId: string | null) {
  return useQuery(profileViewQueryOptions(profileId, viewerId));
}
