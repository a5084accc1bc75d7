import { DomainError, userStreamId, type Role } from '@hireloop/contracts';
import { handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { accountIdForEmail } from './accounts';
import { userAccountDecider } from './user-account';

/**
 * Gives the account of `email` a role, acting as the system: how the first super admin of a
 * deployment is made (`hireloop grant-role <email> super_admin`).
 */
export async function grantRoleAsSystem(deps: CommandServiceDeps, email: string, role: Role, correlationId: string) {
  const userId = await accountIdForEmail(deps, email);
  if (!userId) throw new DomainError('not_found', `No account for ${email}`);
  return handleCommand(
    deps.eventStore,
    userStreamId(userId),
    userAccountDecider,
    { type: 'ChangeRole', data: { userId, role, by: 'system' } },
    { actor: 'system', correlationId, clock: deps.clock, ids: deps.ids },
  );
}
