import { AUTH_MESSAGES } from '@hireloop/contracts';
import type { LoginReturnSearch, SignInErrorCode } from './login-return-search';

// The routes read their search with `./login-return-search` alone: this module (the code exchange,
// the error texts and every message with them) loads only when a sign-in comes back (ADR 102).
export { LoginReturnSearch, SIGN_IN_ERROR_CODES, SignInErrorParam, type SignInErrorCode } from './login-return-search';

export interface LoginReturnDeps {
  exchangeAuthCode: (authCode: string) => Promise<string>;
  storeToken: (token: string) => void;
}

/**
 * - `none`: nothing to finish, show the page;
 * - `signedIn`: the token is stored, the page should reload on the clean URL;
 * - `failed`: the code was refused or could not be exchanged.
 */
export type LoginReturnOutcome = 'none' | 'signedIn' | 'failed';

/** Exchanges the one-time code (or takes the token as it is) and stores the session token. */
export async function completeLoginReturn(
  search: LoginReturnSearch,
  deps: LoginReturnDeps,
): Promise<LoginReturnOutcome> {
  if (search.auth) {
    try {
      deps.storeToken(await deps.exchangeAuthCode(search.auth));
      return 'signedIn';
    } catch {
      return 'failed';
    }
  }
  if (search.token) {
    deps.storeToken(search.token);
    return 'signedIn';
  }
  return 'none';
}

export const SIGN_IN_ERROR_TEXT: Record<SignInErrorCode, string> = {
  auth_failed: 'Sign-in failed. Please try again.',
  linkedin_unavailable: AUTH_MESSAGES.linkedinUnavailable,
  linkedin_cancelled: AUTH_MESSAGES.linkedinCancelled,
};
