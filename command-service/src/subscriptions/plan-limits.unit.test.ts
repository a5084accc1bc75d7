import { describe, expect, it } from 'vitest';
import { jobPostLimitReached, type PaidPlanId, type PlanId, type ProviderSubscriptionSnapshot, type SubscriptionEvent } from '@hireloop/contracts';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-spec';
import { countedJobIds, planInForce, subscriptionDecider, type SubscriptionCommand } from './decider';

/** Plan limits on job posts (issue 12, ADR 030): the plan in force comes from the company's subscription stream. */
const spec = deciderSpec(subscriptionDecider);
const at = '2026-11-25T10:00:00.000Z';

const snapshot = (planId: PaidPlanId, providerStatus: ProviderSubscriptionSnapshot['providerStatus'], overrides: Partial<ProviderSubscriptionSnapshot> = {}): ProviderSubscriptionSnapshot => ({
  companyId: 'company-1',
  providerEventId: `evt_${planId}_${providerStatus}`,
  eventCreatedAt: at,
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  planId,
  billingPeriod: 'monthly',
  providerStatus,
  subscriptionCreatedAt: at,
  currentPeriodStart: at,
  currentPeriodEnd: '2026-12-25T10:00:00.000Z',
  trialEnd: null,
  cancelAtPeriodEnd: false,
  ...overrides,
});

const free: SubscriptionEvent = { type: 'FreePlanActivated', data: { companyId: 'company-1', activatedBy: 'user-1', activatedAt: at } };
const checkoutStarted: SubscriptionEvent = {
  type: 'SubscriptionCheckoutStarted',
  data: { companyId: 'company-1', planId: 'vc_startup', billingPeriod: 'monthly', checkoutSessionId: 'cs_1', customerId: 'cus_1', startedBy: 'user-1', startedAt: at },
};
const trialing = (planId: PaidPlanId): SubscriptionEvent => ({ type: 'SubscriptionTrialing', data: snapshot(planId, 'trialing') });
const active = (planId: PaidPlanId): SubscriptionEvent => ({ type: 'SubscriptionActivated', data: snapshot(planId, 'active') });
const pastDue = (planId: PaidPlanId): SubscriptionEvent => ({ type: 'SubscriptionPastDue', data: snapshot(planId, 'past_due') });
const canceled = (planId: PaidPlanId): SubscriptionEvent => ({ type: 'SubscriptionCanceled', data: snapshot(planId, 'canceled', { eventCreatedAt: '2026-11-26T10:00:00.000Z' }) });
const cancelScheduled = (planId: PaidPlanId): SubscriptionEvent => ({
  type: 'SubscriptionPlanChangeScheduled',
  data: { ...snapshot(planId, 'active', { cancelAtPeriodEnd: true }), toPlanId: 'free', effectiveAt: '2026-12-25T10:00:00.000Z' },
});

const post = (openJobPostings: number): SubscriptionCommand => ({ type: 'CountJobPosting', data: { companyId: 'company-1', jobId: 'job-new', openJobPostings, at } });
const counted = (planId: PlanId): SubscriptionEvent => ({
  type: 'JobPostingCounted',
  data: { companyId: 'company-1', jobId: 'job-new', planId, countedAt: at },
});

describe('plan limits: job posts', () => {
  // [what the stream holds, open job posts, plan in force, allowed?]
  const table: Array<[string, SubscriptionEvent[], number, 'free' | PaidPlanId, boolean]> = [
    ['no plan chosen yet, no job', [], 0, 'free', true],
    ['no plan chosen yet, one open job', [], 1, 'free', false],
    ['free plan, no job', [free], 0, 'free', true],
    ['free plan, one open job', [free], 1, 'free', false],
    ['a checkout started but not paid, one open job', [free, checkoutStarted], 1, 'free', false],
    ['small business in its trial, 4 open jobs', [trialing('small_business')], 4, 'small_business', true],
    ['small business in its trial, 5 open jobs', [trialing('small_business')], 5, 'small_business', false],
    ['vc startup active, 19 open jobs', [active('vc_startup')], 19, 'vc_startup', true],
    ['vc startup active, 20 open jobs', [active('vc_startup')], 20, 'vc_startup', false],
    ['enterprise active, 1000 open jobs (unlimited)', [active('enterprise')], 1000, 'enterprise', true],
    ['small business past due keeps its plan, 4 open jobs', [active('small_business'), pastDue('small_business')], 4, 'small_business', true],
    ['small business canceled at period end keeps its plan until then, 4 open jobs', [active('small_business'), cancelScheduled('small_business')], 4, 'small_business', true],
    ['small business canceled → free, no job', [active('small_business'), canceled('small_business')], 0, 'free', true],
    ['small business canceled → free, one open job', [active('small_business'), canceled('small_business')], 1, 'free', false],
    ['enterprise canceled → free, three open jobs', [active('enterprise'), canceled('enterprise')], 3, 'free', false],
  ];

  it.each(table)('%s', (_name, events, openJobPostings, plan, allowed) => {
    expect(planInForce(fold(subscriptionDecider, events))).toBe(plan);
    const then = spec.given(events).when(post(openJobPostings));
    if (allowed) then.then([counted(plan)]);
    else then.thenThrows(/allows \d+ open job posting/);
  });

  it('says which plan and how many postings it allows, and the ways on', () => {
    spec.given([free]).when(post(1)).thenThrows('Your Free plan allows 1 open job posting. Upgrade your plan or close a job to post another.');
    spec.given([trialing('small_business')]).when(post(5)).thenThrows(jobPostLimitReached('Small Business', 5));
  });

  it('remembers counted jobs once each, and reads none of them on an unlimited plan', () => {
    const events: SubscriptionEvent[] = [free, counted('free'), counted('free')];
    const state = fold(subscriptionDecider, events);
    expect(state.jobPostingIds).toEqual(['job-new']);
    expect(countedJobIds(state, 'job-other')).toEqual(['job-new']);
    expect(countedJobIds(state, 'job-new')).toEqual([]);
    expect(countedJobIds(fold(subscriptionDecider, [...events, active('enterprise')]), 'job-other')).toEqual([]);
  });
});
