import type { User } from '@hireloop/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { myProfileQueryOptions } from '../../features/profiles/api/get-my-profile';
import { signedInUser } from '../../lib/route-loader';

/**
 * What the dashboard needs before it shows (`/dashboard`, and `/` and `/signin` when signed in):
 * the signed-in user and a candidate's own profile, null when they have none yet (an answer like
 * any other, issue 24). A visitor asks for nothing. Gives the user.
 */
export async function loadDashboardData(queryClient: QueryClient): Promise<User | null> {
  const user = await signedInUser(queryClient);
  if (user?.type === 'candidate') await queryClient.ensureQueryData(myProfileQueryOptions(user.id));
  return user;
}
