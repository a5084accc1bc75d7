import { accountIdForEmail, loadUserAccount } from '@hireloop/command-service/auth/accounts';
import type { CommandServiceDeps } from '@hireloop/command-service/shared/deps';
import { DomainError } from '@hireloop/contracts';

/**
 * The operator who opens personal data on the command line (`events --personal-data --as EMAIL`,
 * ADR 078) must be a super admin: the same people who may read it in the admin console. Anyone
 * with the database could read the sealed log anyway; this makes opening it a named act, said on
 * stderr, rather than a flag anyone passes by habit.
 */
export async function requireSuperAdmin(deps: CommandServiceDeps, email: string): Promise<string> {
  const userId = await accountIdForEmail(deps, email);
  const account = userId ? await loadUserAccount(deps, userId) : null;
  if (account?.status !== 'registered') throw new DomainError('not_found', `no account for ${email}`);
  if (account.role !== 'super_admin') {
    throw new DomainError('forbidden', `${email} is not a super admin; only a super admin may open personal data (hireloop grant-role ${email} super_admin)`);
  }
  return `${account.email} (super admin)`;
}
