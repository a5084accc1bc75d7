import { NO_SUBSCRIPTION, planById, type AiSummaryPlan, type CurrentSubscription } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { subscriptionsProjection, type SubscriptionDocument } from './projection';

const subscriptionsCollection = (readStore: ReadStore) => readStore.collection<SubscriptionDocument>(physicalCollection(subscriptionsProjection, 'subscriptions'));

/** A company's current subscription: planId, status and the plan's details; status 'none' before any choice. */
export async function findCurrentSubscription(readStore: ReadStore, companyId: string): Promise<Omit<CurrentSubscription, 'candidateViewsUsed'>> {
  const doc = await subscriptionsCollection(readStore).get(companyId);
  if (!doc) {
    const { candidateViewsUsed: _used, ...none } = NO_SUBSCRIPTION;
    return none;
  }
  const { _id, companyId: _companyId, updatedAt: _updatedAt, paymentSuspended: _suspended, ...current } = doc;
  return { ...current, planDetails: current.planId ? planById(current.planId) : null };
}

/** What the AI summary rule reads of a company's plan (ADR 070): no row is no plan chosen. */
export async function findAiSummaryPlan(readStore: ReadStore, companyId: string): Promise<AiSummaryPlan> {
  const doc = await subscriptionsCollection(readStore).get(companyId);
  return doc ? { planId: doc.planId, status: doc.status, paymentSuspended: doc.paymentSuspended === true } : { planId: null, status: 'none', paymentSuspended: false };
}
