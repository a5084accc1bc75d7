import { NO_SUBSCRIPTION, planById, type CurrentSubscription } from '@hireloop/contracts';
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
  const { _id, companyId: _companyId, updatedAt: _updatedAt, ...current } = doc;
  return { ...current, planDetails: current.planId ? planById(current.planId) : null };
}
