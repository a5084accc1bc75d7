import {
  FreePlanActivated,
  ProviderSubscriptionSnapshot,
  scheduledPlanOf,
  SubscriptionCheckoutStarted,
  type CurrentSubscription,
  type SubscriptionStatus,
} from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

/** A company's subscription as the pricing page reads it (the plan's details are added at read time). */
export type SubscriptionDocument = Omit<CurrentSubscription, 'planDetails' | 'candidateViewsUsed'> & { _id: string; companyId: string; updatedAt: string };

const STATUS_OF_EVENT: Record<string, SubscriptionStatus> = {
  SubscriptionTrialing: 'trialing',
  SubscriptionActivated: 'active',
  SubscriptionPastDue: 'past_due',
  SubscriptionCanceled: 'canceled',
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
});

/**
 * `subscriptions` (ADR 030): each company's plan and status, by company id. The command side only
 * records a provider snapshot that is newer than what it knew (ADR 030's ordering rules), so this
 * read model follows the log as it is: the last event of a company says its state.
 */
export const subscriptionsProjection: ProjectionDefinition = {
  name: 'subscriptions',
  version: 1,
  collections: { subscriptions: {} },
  eventTypes: ['SubscriptionCheckoutStarted', 'FreePlanActivated', 'SubscriptionTrialing', 'SubscriptionActivated', 'SubscriptionPastDue', 'SubscriptionCanceled', 'SubscriptionPlanChangeScheduled'],
  async apply(event, tx) {
    const subscriptions = tx.collection<SubscriptionDocument>('subscriptions');
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'SubscriptionCheckoutStarted': {
        const { companyId, planId } = SubscriptionCheckoutStarted.parse(event.data);
        const doc = (await subscriptions.get(companyId)) ?? empty(companyId, at);
        await subscriptions.put({ ...doc, pendingPlanId: planId, status: doc.status === 'none' ? 'pending' : doc.status, updatedAt: at });
        return;
      }
      case 'FreePlanActivated': {
        const { companyId } = FreePlanActivated.parse(event.data);
        await subscriptions.put({ ...empty(companyId, at), planId: 'free', status: 'active' });
        return;
      }
      default: {
        const snapshot = ProviderSubscriptionSnapshot.parse(event.data);
        const status = STATUS_OF_EVENT[event.type] ?? (snapshot.providerStatus === 'trialing' ? 'trialing' : 'active');
        await subscriptions.put({
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
        });
      }
    }
  },
};
