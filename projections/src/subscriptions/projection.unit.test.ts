import { describe, it } from 'vitest';
import type { ProviderSubscriptionSnapshot } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { subscriptionsProjection } from './projection';

const spec = projectionSpec(subscriptionsProjection);
const stream = 'subscription-company-1';
const at = '2026-11-22T10:00:00.000Z';
const snapshot: ProviderSubscriptionSnapshot = {
  companyId: 'company-1',
  providerEventId: 'evt_1',
  eventCreatedAt: at,
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  planId: 'vc_startup',
  billingPeriod: 'annual',
  providerStatus: 'trialing',
  subscriptionCreatedAt: at,
  currentPeriodStart: at,
  currentPeriodEnd: '2026-12-06T10:00:00.000Z',
  trialEnd: '2026-12-06T10:00:00.000Z',
  cancelAtPeriodEnd: false,
};
const base = { _id: 'company-1', companyId: 'company-1', billingPeriod: null, currentPeriodEnd: null, trialEnd: null, scheduledPlanId: null, pendingPlanId: null, updatedAt: at, paymentSuspended: false };
const checkoutStarted = { companyId: 'company-1', planId: 'vc_startup', billingPeriod: 'annual', checkoutSessionId: 'cs_1', customerId: 'cus_1', startedBy: 'user-1', startedAt: at };

describe('subscriptions read model', () => {
  it('a checkout started before any plan is pending, with the plan chosen', async () => {
    await spec.given([{ streamId: stream, type: 'SubscriptionCheckoutStarted', data: checkoutStarted }]).then('subscriptions', [{ ...base, planId: null, status: 'pending', pendingPlanId: 'vc_startup' }]);
  });

  it('the free plan is active at once; a checkout from it keeps it until paid', async () => {
    const free = { streamId: stream, type: 'FreePlanActivated', data: { companyId: 'company-1', activatedBy: 'user-1', activatedAt: at } };
    await spec.given([free]).then('subscriptions', [{ ...base, planId: 'free', status: 'active' }]);
    await spec.given([free, { streamId: stream, type: 'SubscriptionCheckoutStarted', data: checkoutStarted }]).then('subscriptions', [{ ...base, planId: 'free', status: 'active', pendingPlanId: 'vc_startup' }]);
  });

  it('the provider’s subscription: trial, then cancelled at the period’s end, then ended', async () => {
    const trial = { streamId: stream, type: 'SubscriptionTrialing', data: snapshot };
    const subscribed = { ...base, planId: 'vc_startup', billingPeriod: 'annual', currentPeriodEnd: '2026-12-06T10:00:00.000Z', trialEnd: '2026-12-06T10:00:00.000Z' };
    await spec.given([{ streamId: stream, type: 'SubscriptionCheckoutStarted', data: checkoutStarted }, trial]).then('subscriptions', [{ ...subscribed, status: 'trialing' }]);
    const scheduled = { streamId: stream, type: 'SubscriptionPlanChangeScheduled', data: { ...snapshot, cancelAtPeriodEnd: true, toPlanId: 'free', effectiveAt: snapshot.currentPeriodEnd } };
    await spec.given([trial, scheduled]).then('subscriptions', [{ ...subscribed, status: 'trialing', scheduledPlanId: 'free' }]);
    const ended = { streamId: stream, type: 'SubscriptionCanceled', data: { ...snapshot, providerStatus: 'canceled', cancelAtPeriodEnd: true } };
    await spec.given([trial, scheduled, ended]).then('subscriptions', [{ ...subscribed, status: 'canceled' }]);
    await spec.given([trial, { streamId: stream, type: 'SubscriptionPastDue', data: { ...snapshot, providerStatus: 'past_due' } }]).then('subscriptions', [{ ...subscribed, status: 'past_due' }]);
  });

  it('past due while the provider retries keeps paid features; unpaid or paused suspends them (ADR 070)', async () => {
    const subscribed = { ...base, planId: 'vc_startup', billingPeriod: 'annual', currentPeriodEnd: '2026-12-06T10:00:00.000Z', trialEnd: '2026-12-06T10:00:00.000Z', status: 'past_due' };
    for (const providerStatus of ['unpaid', 'paused'] as const) {
      await spec.given([{ streamId: stream, type: 'SubscriptionPastDue', data: { ...snapshot, providerStatus } }]).then('subscriptions', [{ ...subscribed, paymentSuspended: true }]);
    }
  });

  it('another paid plan scheduled in the billing portal shows as the plan it moves to, until the schedule is released', async () => {
    const active = { ...snapshot, providerStatus: 'active' as const };
    const change = { planId: 'small_business' as const, billingPeriod: 'annual' as const, effectiveAt: snapshot.currentPeriodEnd! };
    const subscribed = { ...base, planId: 'vc_startup', billingPeriod: 'annual', status: 'active', currentPeriodEnd: '2026-12-06T10:00:00.000Z', trialEnd: '2026-12-06T10:00:00.000Z' };
    const scheduled = { streamId: stream, type: 'SubscriptionPlanChangeScheduled', data: { ...active, scheduledChange: change, toPlanId: 'small_business', effectiveAt: change.effectiveAt } };
    await spec.given([scheduled]).then('subscriptions', [{ ...subscribed, scheduledPlanId: 'small_business' }]);
    await spec.given([scheduled, { streamId: stream, type: 'SubscriptionActivated', data: { ...active, scheduledChange: null } }]).then('subscriptions', [subscribed]);
  });
});
