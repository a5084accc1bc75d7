import { SIMULATED_PORTAL_PATH } from '@hireloop/platform/payments';
import type { buildApp } from './app';

/** The demo company that cancels its plan at the period's end (its banner says when it ends). */
export const CANCELLING_COMPANY = 'Maple Ledger';

/**
 * Plans a company can leave (ADR 063): Maple Ledger tried VC Startup and cancelled in the billing
 * portal — the simulated adapter's, through the same webhook as Stripe's — so it keeps the plan
 * until its trial ends and its banner reads "Your plan ends on …". `token`: its signed-in user
 * (none when it was seeded before: nothing to do). Answers how many plans it cancelled.
 */
export async function seedCancellation(app: Awaited<ReturnType<typeof buildApp>>, token: string | undefined): Promise<number> {
  if (!token) return 0;
  const portal = await app.inject({ method: 'POST', url: '/api/subscription/portal', headers: { authorization: `Bearer ${token}` } });
  if (portal.statusCode !== 200) throw new Error(`Seeding ${CANCELLING_COMPANY}'s billing portal failed: ${portal.statusCode} ${portal.body}`);
  const path = new URL(portal.json<{ url: string }>().url).pathname;
  if (!path.startsWith(SIMULATED_PORTAL_PATH)) throw new Error('Seeding needs the simulated payments adapter (no STRIPE_SECRET_KEY).');
  const cancelled = await app.inject({ method: 'POST', url: path, payload: 'action=cancel', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (cancelled.statusCode !== 303) throw new Error(`Seeding ${CANCELLING_COMPANY}'s cancellation failed: ${cancelled.statusCode} ${cancelled.body}`);
  return 1;
}
