import type { User } from '@hireloop/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { errorStatus } from './api-client';
import { getAuthToken } from './auth-token';

/**
 * A route loader's read that the API may answer 404: the route's "not found" screen
 * (`notFoundComponent`) instead of its error screen. A 404 is an answer, not a failure: the
 * router renders it directly, where an error goes through React's error boundary, which logs it
 * to the console (issue 24).
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (errorStatus(error) === 404) throw notFound();
    throw error;
  }
}

/**
 * Who is signed in, for a loader: null for a visitor without asking the server (no token, no
 * call, no 401 in the console), else the cached or fetched `GET /api/auth/user` the pages read.
 */
export async function signedInUser(queryClient: QueryClient): Promise<User | null> {
  return getAuthToken() ? queryClient.ensureQueryData(currentUserQueryOptions()) : null;
}
