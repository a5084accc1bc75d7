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

/** `/?error=…`: why a sign-in that left the site did not come back signed in. */
export const SIGN_IN_ERROR_CODES = ['auth_failed', 'linkedin_unavailable', 'linkedin_cancelled'] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];
/** `?error=` as `/` reads it: a code the server sends back, or nothing (unknown values are ignored). */
export const SignInErrorParam = searchChoice(SIGN_IN_ERROR_CODES, undefined);
