import { AUTH_MESSAGES } from '@hireloop/contracts';
import { searchChoice, searchObject, searchToken } from '../../../lib/search-params';

/**
 * `/dashboard?auth=<one-time code>` or `/dashboard?token=<token>`: how a social sign-in hands the
 * session back (spec part 2, Dashboard and §4 "Login return and logout"). Without zod, as every
 * route's search schema (ADR 095).
 */
export interface LoginReturnSearch {
  auth?: string | undefined;
  token?: string | undefined;
}
export const LoginReturnSearch = searchObject<LoginReturnSearch>({ auth: searchToken, token: searchToken });

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

/** `/?error=…`: why a sign-in that left the site did not come back signed in. */
export const SIGN_IN_ERROR_CODES = ['auth_failed', 'linkedin_unavailable'] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];
/** `?error=` as `/` reads it: a code the server sends back, or nothing (unknown values are ignored). */
export const SignInErrorParam = searchChoice(SIGN_IN_ERROR_CODES, undefined);

export const SIGN_IN_ERROR_TEXT: Record<SignInErrorCode, string> = {
  auth_failed: 'Sign-in failed. Please try again.',
  linkedin_unavailable: AUTH_MESSAGES.linkedinUnavailable,
};
