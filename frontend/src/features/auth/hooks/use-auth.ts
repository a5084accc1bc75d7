import type { User } from '@hireloop/contracts';
import { useAuthToken } from '../../../lib/auth-token';
import { useCurrentUser } from '../api/get-current-user';

export interface Auth {
  user: User | null;
  isAuthenticated: boolean;
  /** A token is stored and the current user is still being fetched. */
  isLoading: boolean;
  logout: () => Promise<void>;
}

// Signing out clears React Query's cache: its code, and the client, load when someone signs out (ADR 122).
const logout = () => import('../api/logout').then((module) => module.logout());

/** Who is signed in. The session comes back from the stored token after a reload. */
export function useAuth(): Auth {
  const token = useAuthToken();
  const { data, isPending } = useCurrentUser();
  const user = token !== null ? (data ?? null) : null;
  return { user, isAuthenticated: user !== null, isLoading: token !== null && isPending, logout };
}
