import { CurrentSubscription } from '@hireloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';

export const currentSubscriptionQueryKey = ['/api/subscription/current'] as const;

/** `GET /api/subscription/current` (company users): planId, status, planDetails (part 2 §7). */
export async function getCurrentSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentSubscription> {
  return parseAnswer(CurrentSubscription, await getJson('/api/subscription/current', { signal }), '/api/subscription/current');
}

/** The company's subscription; only for signed-in company users, no retry (part 2 §6, §7). */
export function useCurrentSubscription(enabled: boolean) {
  return useQuery({ queryKey: currentSubscriptionQueryKey, queryFn: getCurrentSubscription, enabled, retry: false });
}

/**
 * Whether the page offers Contact (part 2 §5: "Contact allowed only when the plan is present and
 * not free"). A canceled plan is no plan any more. The server decides for real (ADR 032): a plan
 * it does not accept answers requiresUpgrade, and the page opens the upgrade dialog then.
 */
export function isOnPaidPlan(subscription: Pick<CurrentSubscription, 'planId' | 'status'> | undefined | null): boolean {
  if (!subscription?.planId || subscription.planId === 'free') return false;
  return subscription.status !== 'canceled';
}
