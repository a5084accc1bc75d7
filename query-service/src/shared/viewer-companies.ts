import { isAdminRole } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import type { Clock } from '@hireloop/platform/runtime';
import { findUserById } from '@hireloop/projections/users/queries';

/**
 * Which company a signed-in user looks at candidates for (a company user, not an admin), for
 * the cards-shown records of the candidates' ledgers (ADR 037). Remembered per user for
 * `maxAgeMs` (a role change or leaving a company shows after that) and bounded: a read of the
 * feed costs a map lookup, not a query.
 */
export class ViewerCompanies {
  private readonly known = new Map<string, { companyId: string | null; at: number }>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly options: { maxAgeMs?: number; maxEntries?: number } = {},
  ) {}

  async companyOf(userId: string): Promise<string | null> {
    const now = this.clock.now().getTime();
    const hit = this.known.get(userId);
    if (hit && now - hit.at < (this.options.maxAgeMs ?? 60_000)) return hit.companyId;
    const user = await findUserById(this.readStore, userId);
    const companyId = user && user.type === 'company' && !isAdminRole(user.role) ? user.companyId : null;
    this.known.delete(userId);
    if (this.known.size >= (this.options.maxEntries ?? 10_000)) this.known.delete(this.known.keys().next().value!);
    this.known.set(userId, { companyId, at: now });
    return companyId;
  }
}
