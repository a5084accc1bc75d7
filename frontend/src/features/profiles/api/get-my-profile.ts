import { type CandidateProfile, OwnProfileAnswer } from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { errorStatus, getJson, parseAnswer } from '../../../lib/api-client';

/** `GET /api/profile`: the signed-in candidate's own profile. */
export const MY_PROFILE_PATH = '/api/profile';
/** The key also names the person, whose answer it is (as `myApplicationQueryKey`). */
export const myProfileQueryKey = (userId: string) => [MY_PROFILE_PATH, userId] as const;

/**
 * The signed-in candidate's profile, or null when they have none yet (the server answers null; an
 * older server's 404 is read the same way). Any other failure is thrown.
 */
export async function getMyProfile({ signal }: { signal?: AbortSignal } = {}): Promise<CandidateProfile | null> {
  try {
    return parseAnswer(OwnProfileAnswer, await getJson(MY_PROFILE_PATH, { signal }), MY_PROFILE_PATH);
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export const myProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myProfileQueryKey(userId),
    queryFn: ({ signal }) => getMyProfile({ signal }),
  });

/** The signed-in candidate's profile (`null`: none yet); asks nothing without a candidate. */
export function useMyProfile(userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myProfileQueryOptions(userId ?? ''), enabled: enabled && userId !== null });
}
