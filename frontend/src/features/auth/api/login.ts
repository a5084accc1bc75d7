import { AuthSuccess, MESSAGES, type LoginBody, type User } from '@hireloop/contracts';
import { displayError, NetworkError, sendJson } from '../../../lib/api-client';
import { storeSession } from './store-session';

/** Spec part 1, §8: a network failure while signing in. */
export const LOGIN_NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/**
 * `POST /api/auth/login`: stores the token and the user. Fails with a message fit to show:
 * the server's error text, or the spec's defaults.
 */
export async function login(body: LoginBody): Promise<User> {
  try {
    const answer = AuthSuccess.parse(await sendJson('POST', '/api/auth/login', body));
    storeSession(answer);
    return answer.user;
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(LOGIN_NETWORK_ERROR, { cause: error });
    throw new Error(displayError(error, MESSAGES.invalidLogin), { cause: error });
  }
}
