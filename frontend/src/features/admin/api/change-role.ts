import type { Role } from '@hireloop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { adminCandidatesKey } from './admin-people';

/** `PATCH /api/admin/users/role` (part 2 §7): called once per selected candidate with role `admin`. */
export async function changeUserRole(body: { userId: string; role: Role }): Promise<void> {
  await sendJson('PATCH', '/api/admin/users/role', body);
}

/** Promotes each user in turn; stops at the first refusal (the rest are not tried). */
export async function makeAdmins(userIds: readonly string[]): Promise<number> {
  let done = 0;
  for (const userId of userIds) {
    await changeUserRole({ userId, role: 'admin' });
    done += 1;
  }
  return done;
}

export function useMakeAdmins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmins,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCandidatesKey }),
  });
}
