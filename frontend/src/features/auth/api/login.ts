import { AuthSuccess, MESSAGES, type LoginBody } from '@hireloop/contracts';
import { displayError, NetworkError, sendJson } from '../../../lib/api-client';

/** Spec part 1, §8: a network failure while signing in. */
export const LOGIN_NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/**
 * `POST /api/auth/login`: the user and their token (keep it with `storeSession`). Fails with a
 * message fit to show: the server's error text, or the spec's defaults.
 */
export async function login(body: LoginBody): Promise<AuthSuccess> {
  try {
    return AuthSuccess.parse(await sendJson('POST', '/api/auth/login', body));
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(LOGIN_NETWORK_ERROR, { cause: error });
    throw new Error(displayError(error, MESSAGES.invalidLogin), { cause: error });
  }
}
