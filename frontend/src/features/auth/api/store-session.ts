import type { AuthSuccess } from '@hireloop/contracts';
import { setAuthToken } from '../../../lib/auth-token';
import { queryClient } from '../../../lib/query-client';
import { currentUserQueryKey } from './get-current-user';

/**
 * A successful sign-in or sign-up: keep the token, show the user at once, then refetch it.
 * Called by whoever finishes the flow (not inside `login`/`signUp*`): storing the session makes
 * the sign-in dialog close, which must not happen before the flow has reported its success.
 */
export function storeSession(answer: AuthSuccess): void {
  setAuthToken(answer.token);
  queryClient.setQueryData(currentUserQueryKey, answer.user);
  void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
}
