import {
  FreePlanActivated,
  ProviderSubscriptionSnapshot,
  scheduledPlanOf,
  SubscriptionCheckoutStarted,
  type CurrentSubscription,
  type SubscriptionStatus,
} from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

/**
 * A company's subscription as the pricing page reads it (the plan's details are added at read
 * time). `paymentSuspended`: past due because the provider gave up collecting or paused it, not
 * while it retries a payment (paid features stop then, ADR 032, ADR 070); not in the answer.
 */
export type SubscriptionDocument = Omit<CurrentSubscription, 'planDetails' | 'candidateViewsUsed'> & {
  _id: string;
  companyId: string;
  updatedAt: string;
  paymentSuspended: boolean;
};

const empty = (companyId: string, at: string): SubscriptionDocument => ({
  _id: companyId,
  companyId,
  planId: null,
  status: 'none',
  billingPeriod: null,
  currentPeriodEnd: null,
  trialEnd: null,
  scheduledPlanId: null,
  pendingPlanId: null,
  updatedAt: at,
  paymentSuspended: false,
});

/** The provider's snapshots are all read the same way; only the status differs by event type. */
const schemas = {
  SubscriptionCheckoutStarted,
  FreePlanActivated,
  SubscriptionTrialing: ProviderSubscriptionSnapshot,
  SubscriptionActivated: ProviderSubscriptionSnapshot,
  SubscriptionPastDue: ProviderSubscriptionSnapshot,
  SubscriptionCanceled: ProviderSubscriptionSnapshot,
  SubscriptionPlanChangeScheduled: ProviderSubscriptionSnapshot,
};
type SubscriptionsEvent = ProjectedEvent<typeof schemas>;

const STATUS_OF_EVENT: Record<Exclude<SubscriptionsEvent['type'], 'SubscriptionCheckoutStarted' | 'FreePlanActivated' | 'SubscriptionPlanChangeScheduled'>, SubscriptionStatus> = {
  SubscriptionTrialing: 'trialing',
  SubscriptionActivated: 'active',
  SubscriptionPastDue: 'past_due',
  SubscriptionCanceled: 'canceled',
};

/** Pure: a company's subscription after an event (the last event of a company says its state). */
export function evolveSubscription(doc: SubscriptionDocument | null, event: SubscriptionsEvent): SubscriptionDocument {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'SubscriptionCheckoutStarted': {
      const { companyId, planId } = event.data;
      const current = doc ?? empty(companyId, at);
      return { ...current, pendingPlanId: planId, status: current.status === 'none' ? 'pending' : current.status, updatedAt: at };
    }
    case 'FreePlanActivated':
      return { ...empty(event.data.companyId, at), planId: 'free', status: 'active' };
    case 'SubscriptionTrialing':
    case 'SubscriptionActivated':
    case 'SubscriptionPastDue':
    case 'SubscriptionCanceled':
    case 'SubscriptionPlanChangeScheduled': {
      const snapshot = event.data;
      const status = event.type === 'SubscriptionPlanChangeScheduled' ? (snapshot.providerStatus === 'trialing' ? 'trialing' : 'active') : STATUS_OF_EVENT[event.type];
      return {
        _id: snapshot.companyId,
        companyId: snapshot.companyId,
        planId: snapshot.planId,
        status,
        billingPeriod: snapshot.billingPeriod,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        trialEnd: snapshot.trialEnd,
        scheduledPlanId: scheduledPlanOf(snapshot, status === 'canceled'),
        pendingPlanId: null,
        updatedAt: at,
        paymentSuspended: status === 'past_due' && snapshot.providerStatus !== 'past_due',
      };
    }
    default:
      return unhandled(event);
  }
}

/**
 * `subscriptions` (ADR 030): each company's plan and status, by company id. The command side only
 * records a provider snapshot that is newer than what it knew (ADR 030's ordering rules), so this
 * read model follows the log as it is: the last event of a company says its state.
 */
export const subscriptionsProjection = evolvingProjection({
  name: 'subscriptions',
  // 2: `paymentSuspended` (ADR 070).
  version: 2,
  collections: { subscriptions: {} },
  schemas,
  slices: [slice('subscriptions', { documents: (event: SubscriptionsEvent) => event.data.companyId, evolve: evolveSubscription })],
});
