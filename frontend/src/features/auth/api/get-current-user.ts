import type { User } from '@hireloop/contracts';
import { errorStatus, getJson, parseAnswer } from '../../../lib/api-client';
import { useAuthToken } from '../../../lib/auth-token';
import { toQueryOptions, useLazyQuery, type LazyQueryOptions } from '../../../lib/lazy-query';
import { UserCheck } from './session-answer-checks';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** Spec part 1, §7: the current user is cached for 2 minutes. */
export const CURRENT_USER_STALE_TIME_MS = 2 * 60 * 1000;

/** `GET /api/auth/user`: the signed-in user, or null when the server says 401. */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    return parseAnswer(UserCheck, await getJson('/api/auth/user', { signal }), '/api/auth/user');
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

const currentUserRead = (): LazyQueryOptions<User | null> => ({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getCurrentUser({ signal }),
  staleTime: CURRENT_USER_STALE_TIME_MS,
  // No retry (spec), except the server's own "still being set up, retry in a second" (503)
  // right after sign-up, which would otherwise look like being signed out.
  retry: (failureCount, error) => errorStatus(error) === 503 && failureCount < 3,
  retryDelay: 1000,
});

export const currentUserQueryOptions = () => toQueryOptions(currentUserRead());

/** The current user; runs only while a token is stored (in the header of every page: without React Query until it has come, ADR 122). */
export function useCurrentUser() {
  const token = useAuthToken();
  return useLazyQuery({ ...currentUserRead(), enabled: token !== null });
}
