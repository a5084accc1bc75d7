import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES, type ProviderSubscriptionSnapshot, type SubscriptionEvent } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { fold } from '../shared/decider';
import { subscriptionDecider, type SubscriptionCommand } from './decider';

const spec = deciderSpec(subscriptionDecider);
const at = '2026-11-25T10:00:00.000Z';

const snapshot = (overrides: Partial<ProviderSubscriptionSnapshot> = {}): ProviderSubscriptionSnapshot => ({
  companyId: 'company-1',
  providerEventId: 'evt_1',
  eventCreatedAt: '2026-11-25T10:00:00.000Z',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  planId: 'small_business',
  billingPeriod: 'monthly',
  providerStatus: 'trialing',
  subscriptionCreatedAt: '2026-11-25T10:00:00.000Z',
  currentPeriodStart: '2026-11-25T10:00:00.000Z',
  currentPeriodEnd: '2026-12-09T10:00:00.000Z',
  trialEnd: '2026-12-09T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  ...overrides,
});
const apply = (data: ProviderSubscriptionSnapshot): SubscriptionCommand => ({ type: 'ApplyProviderSubscription', data });
const free: SubscriptionEvent = { type: 'FreePlanActivated', data: { companyId: 'company-1', activatedBy: 'user-1', activatedAt: at } };
const trialing = snapshot();
const activeRenewed = snapshot({ providerEventId: 'evt_2', providerStatus: 'active', eventCreatedAt: '2026-12-09T10:00:01.000Z', currentPeriodStart: '2026-12-09T10:00:00.000Z', currentPeriodEnd: '2027-01-09T10:00:00.000Z', trialEnd: '2026-12-09T10:00:00.000Z' });
const checkout = (planId: 'small_business' | 'vc_startup' = 'small_business'): SubscriptionCommand => ({
  type: 'StartCheckout',
  data: { companyId: 'company-1', planId, billingPeriod: 'monthly', checkoutSessionId: 'cs_1', customerId: 'cus_1', by: 'user-1', at },
});

describe('subscription decider: choosing a plan', () => {
  it('no plan → the free plan applies at once', () => {
    spec.given([]).when({ type: 'ActivateFreePlan', data: { companyId: 'company-1', by: 'user-1', at } }).then([free]);
  });

  it('free already → 409 "already on this plan"', () => {
    spec.given([free]).when({ type: 'ActivateFreePlan', data: { companyId: 'company-1', by: 'user-1', at } }).thenThrows(SUBSCRIPTION_MESSAGES.alreadyOnPlan);
  });

  it('a live paid plan → free is refused: downgrades go through the billing portal', () => {
    spec.given([{ type: 'SubscriptionTrialing', data: trialing }]).when({ type: 'ActivateFreePlan', data: { companyId: 'company-1', by: 'user-1', at } }).thenThrows(SUBSCRIPTION_MESSAGES.changePaidPlanInPortal);
  });

  it('a canceled paid plan → free may be chosen again', () => {
    spec
      .given([{ type: 'SubscriptionCanceled', data: snapshot({ providerStatus: 'canceled' }) }])
      .when({ type: 'ActivateFreePlan', data: { companyId: 'company-1', by: 'user-1', at } })
      .then([free]);
  });

  it('no plan or free → a checkout starts for a paid plan', () => {
    const started: SubscriptionEvent = { type: 'SubscriptionCheckoutStarted', data: { companyId: 'company-1', planId: 'small_business', billingPeriod: 'monthly', checkoutSessionId: 'cs_1', customerId: 'cus_1', startedBy: 'user-1', startedAt: at } };
    spec.given([]).when(checkout()).then([started]);
    spec.given([free]).when(checkout()).then([started]);
  });

  it('the same checkout session recorded already → nothing new (a retried request)', () => {
    spec.given([{ type: 'SubscriptionCheckoutStarted', data: { companyId: 'company-1', planId: 'small_business', billingPeriod: 'monthly', checkoutSessionId: 'cs_1', customerId: 'cus_1', startedBy: 'user-1', startedAt: at } }]).when(checkout()).then([]);
  });

  it('a live paid plan → its own plan is 409 "already", another paid plan goes through the portal', () => {
    spec.given([{ type: 'SubscriptionActivated', data: activeRenewed }]).when(checkout('small_business')).thenThrows(SUBSCRIPTION_MESSAGES.alreadyOnPlan);
    spec.given([{ type: 'SubscriptionPastDue', data: snapshot({ providerStatus: 'past_due' }) }]).when(checkout('vc_startup')).thenThrows(SUBSCRIPTION_MESSAGES.changePaidPlanInPortal);
  });
});

describe('subscription decider: the provider’s subscription', () => {
  it.each([
    ['trialing', 'SubscriptionTrialing'],
    ['active', 'SubscriptionActivated'],
    ['past_due', 'SubscriptionPastDue'],
    ['unpaid', 'SubscriptionPastDue'],
    ['paused', 'SubscriptionPastDue'],
    ['canceled', 'SubscriptionCanceled'],
    ['incomplete_expired', 'SubscriptionCanceled'],
  ] as const)('a first snapshot %s → %s', (providerStatus, type) => {
    const data = snapshot({ providerStatus });
    spec.given([]).when(apply(data)).then([{ type, data } as SubscriptionEvent]);
  });

  it('an incomplete subscription (checkout not paid) changes nothing', () => {
    spec.given([]).when(apply(snapshot({ providerStatus: 'incomplete' }))).then([]);
  });

  it('trialing → active at the trial’s end (a new period)', () => {
    spec.given([{ type: 'SubscriptionTrialing', data: trialing }]).when(apply(activeRenewed)).then([{ type: 'SubscriptionActivated', data: activeRenewed }]);
  });

  it('active → past_due → active again in the same period, ordered by the events’ times', () => {
    const pastDue = snapshot({ ...activeRenewed, providerEventId: 'evt_3', providerStatus: 'past_due', eventCreatedAt: '2026-12-09T11:00:00.000Z' });
    const paid = snapshot({ ...activeRenewed, providerEventId: 'evt_4', providerStatus: 'active', eventCreatedAt: '2026-12-10T11:00:00.000Z' });
    spec.given([{ type: 'SubscriptionActivated', data: activeRenewed }]).when(apply(pastDue)).then([{ type: 'SubscriptionPastDue', data: pastDue }]);
    spec.given([{ type: 'SubscriptionActivated', data: activeRenewed }, { type: 'SubscriptionPastDue', data: pastDue }]).when(apply(paid)).then([{ type: 'SubscriptionActivated', data: paid }]);
  });

  it('cancel at period end → plan change to free scheduled for the period’s end, once', () => {
    const scheduled = snapshot({ ...activeRenewed, providerEventId: 'evt_5', eventCreatedAt: '2026-12-20T00:00:00.000Z', cancelAtPeriodEnd: true });
    spec
      .given([{ type: 'SubscriptionActivated', data: activeRenewed }])
      .when(apply(scheduled))
      .then([{ type: 'SubscriptionPlanChangeScheduled', data: { ...scheduled, toPlanId: 'free', effectiveAt: '2027-01-09T10:00:00.000Z' } }]);
    const later = snapshot({ ...scheduled, providerEventId: 'evt_6', eventCreatedAt: '2026-12-21T00:00:00.000Z' });
    spec
      .given([{ type: 'SubscriptionActivated', data: activeRenewed }, { type: 'SubscriptionPlanChangeScheduled', data: { ...scheduled, toPlanId: 'free', effectiveAt: '2027-01-09T10:00:00.000Z' } }])
      .when(apply(later))
      .then([{ type: 'SubscriptionActivated', data: later }]);
  });

  it('another plan scheduled for the period’s end (a subscription schedule) → plan change scheduled, once; withdrawn → the schedule is gone', () => {
    const downgrade = { planId: 'small_business' as const, billingPeriod: 'monthly' as const, effectiveAt: '2027-01-09T10:00:00.000Z' };
    const onVc = snapshot({ ...activeRenewed, planId: 'vc_startup' });
    const scheduled = snapshot({ ...onVc, providerEventId: 'evt_7', eventCreatedAt: '2026-12-20T00:00:00.000Z', scheduledChange: downgrade });
    const change: SubscriptionEvent = { type: 'SubscriptionPlanChangeScheduled', data: { ...scheduled, toPlanId: 'small_business', effectiveAt: '2027-01-09T10:00:00.000Z' } };
    spec.given([{ type: 'SubscriptionActivated', data: onVc }]).when(apply(scheduled)).then([change]);
    expect(fold(subscriptionDecider, [{ type: 'SubscriptionActivated', data: onVc }, change])).toMatchObject({ planId: 'vc_startup', status: 'active', scheduledPlanId: 'small_business' });

    // The schedule's other event (same second, same state) adds nothing; a later snapshot that still has it is just the plan.
    const again = snapshot({ ...scheduled, providerEventId: 'evt_8' });
    spec.given([{ type: 'SubscriptionActivated', data: onVc }, change]).when(apply(again)).then([]);
    const later = snapshot({ ...scheduled, providerEventId: 'evt_9', eventCreatedAt: '2026-12-21T00:00:00.000Z' });
    spec.given([{ type: 'SubscriptionActivated', data: onVc }, change]).when(apply(later)).then([{ type: 'SubscriptionActivated', data: later }]);

    // Another date or period is another change; a released schedule leaves the plan as it is.
    const annual = snapshot({ ...scheduled, providerEventId: 'evt_10', eventCreatedAt: '2026-12-22T00:00:00.000Z', scheduledChange: { ...downgrade, billingPeriod: 'annual' } });
    spec.given([{ type: 'SubscriptionActivated', data: onVc }, change]).when(apply(annual)).then([{ type: 'SubscriptionPlanChangeScheduled', data: { ...annual, toPlanId: 'small_business', effectiveAt: downgrade.effectiveAt } }]);
    const released = snapshot({ ...onVc, providerEventId: 'evt_11', eventCreatedAt: '2026-12-23T00:00:00.000Z', scheduledChange: null });
    spec.given([{ type: 'SubscriptionActivated', data: onVc }, change]).when(apply(released)).then([{ type: 'SubscriptionActivated', data: released }]);
    expect(fold(subscriptionDecider, [{ type: 'SubscriptionActivated', data: onVc }, change, { type: 'SubscriptionActivated', data: released }])).toMatchObject({ scheduledPlanId: null });

    // Cancelling at the period's end wins over a schedule: the free plan follows.
    const cancelled = snapshot({ ...scheduled, providerEventId: 'evt_12', eventCreatedAt: '2026-12-24T00:00:00.000Z', cancelAtPeriodEnd: true });
    spec.given([{ type: 'SubscriptionActivated', data: onVc }, change]).when(apply(cancelled)).then([{ type: 'SubscriptionPlanChangeScheduled', data: { ...cancelled, toPlanId: 'free', effectiveAt: '2027-01-09T10:00:00.000Z' } }]);

    // At the period's end the provider switches the price: the new plan is in force, nothing is scheduled.
    const switched = snapshot({ ...activeRenewed, providerEventId: 'evt_13', planId: 'small_business', eventCreatedAt: '2027-01-09T10:00:05.000Z', currentPeriodStart: '2027-01-09T10:00:00.000Z', currentPeriodEnd: '2027-02-09T10:00:00.000Z', scheduledChange: null });
    spec.given([{ type: 'SubscriptionActivated', data: onVc }, change]).when(apply(switched)).then([{ type: 'SubscriptionActivated', data: switched }]);
    expect(fold(subscriptionDecider, [{ type: 'SubscriptionActivated', data: onVc }, change, { type: 'SubscriptionActivated', data: switched }])).toMatchObject({ planId: 'small_business', scheduledPlanId: null });
  });

  it('the same provider event again → nothing (deduplicated by event id)', () => {
    spec.given([{ type: 'SubscriptionTrialing', data: trialing }]).when(apply(trialing)).then([]);
  });

  it('an older snapshot arriving late → nothing', () => {
    spec.given([{ type: 'SubscriptionActivated', data: activeRenewed }]).when(apply(snapshot({ providerEventId: 'evt_old' }))).then([]);
  });

  it('a canceled subscription stays canceled whatever arrives about it later', () => {
    const canceled = snapshot({ ...activeRenewed, providerEventId: 'evt_9', providerStatus: 'canceled', eventCreatedAt: '2027-01-09T10:00:00.000Z' });
    const lateActive = snapshot({ ...activeRenewed, providerEventId: 'evt_10', eventCreatedAt: '2027-02-01T00:00:00.000Z', currentPeriodStart: '2027-01-09T10:00:00.000Z' });
    spec.given([{ type: 'SubscriptionCanceled', data: canceled }]).when(apply(lateActive)).then([]);
  });

  it('a newer subscription replaces the old one; an older one’s news changes nothing', () => {
    const newer = snapshot({ providerEventId: 'evt_20', subscriptionId: 'sub_2', planId: 'vc_startup', subscriptionCreatedAt: '2027-02-01T00:00:00.000Z', eventCreatedAt: '2027-02-01T00:00:00.000Z', currentPeriodStart: '2027-02-01T00:00:00.000Z' });
    spec.given([{ type: 'SubscriptionCanceled', data: snapshot({ providerStatus: 'canceled' }) }]).when(apply(newer)).then([{ type: 'SubscriptionTrialing', data: newer }]);
    spec.given([{ type: 'SubscriptionTrialing', data: newer }]).when(apply(snapshot({ providerEventId: 'evt_21', providerStatus: 'canceled', eventCreatedAt: '2027-03-01T00:00:00.000Z' }))).then([]);
  });

  it('folds to the plan, status, period and scheduled change the pricing page shows', () => {
    const scheduled = snapshot({ ...activeRenewed, providerEventId: 'evt_5', eventCreatedAt: '2026-12-20T00:00:00.000Z', cancelAtPeriodEnd: true });
    const state = fold(subscriptionDecider, [free, { type: 'SubscriptionActivated', data: activeRenewed }, { type: 'SubscriptionPlanChangeScheduled', data: { ...scheduled, toPlanId: 'free', effectiveAt: scheduled.currentPeriodEnd } }]);
    expect(state).toMatchObject({ planId: 'small_business', status: 'active', billingPeriod: 'monthly', customerId: 'cus_1', scheduledPlanId: 'free', currentPeriodEnd: '2027-01-09T10:00:00.000Z' });
    expect(fold(subscriptionDecider, [{ type: 'SubscriptionCanceled', data: snapshot({ providerStatus: 'canceled', cancelAtPeriodEnd: true }) }])).toMatchObject({ status: 'canceled', scheduledPlanId: null });
  });
});
