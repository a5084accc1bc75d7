import { clearAuthToken } from './auth-token';
import { queryClient } from './query-client';

/** Forgets the session on this device: the stored token and every cached answer. */
export function clearSession(): void {
  clearAuthToken();
  queryClient.clear();
}
