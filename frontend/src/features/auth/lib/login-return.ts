import { AUTH_MESSAGES } from '@hireloop/contracts';
import * as z from 'zod/mini';

/** Non-blank text, trimmed; undefined when missing or invalid. */
const optionalToken = () => z.catch(z.optional(z.string().check(z.trim(), z.minLength(1))), undefined);

/**
 * `/dashboard?auth=<one-time code>` or `/dashboard?token=<token>`: how a social sign-in hands the
 * session back (spec part 2, Dashboard and §4 "Login return and logout"). `zod/mini`, as every
 * route's search schema (ADR 014).
 */
export const LoginReturnSearch = z.object({
  auth: optionalToken(),
  token: optionalToken(),
});
export type LoginReturnSearch = z.infer<typeof LoginReturnSearch>;

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
export const SignInErrorCode = z.enum(['auth_failed', 'linkedin_unavailable']);
export type SignInErrorCode = z.infer<typeof SignInErrorCode>;
/** `?error=` as `/` reads it: a code the server sends back, or nothing (unknown values are ignored). */
export const SignInErrorParam = z.catch(z.optional(SignInErrorCode), undefined);

export const SIGN_IN_ERROR_TEXT: Record<SignInErrorCode, string> = {
  auth_failed: 'Sign-in failed. Please try again.',
  linkedin_unavailable: AUTH_MESSAGES.linkedinUnavailable,
};
