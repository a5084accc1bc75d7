import { describe, expect, it } from 'vitest';
import { candidateViewLimitReached, UpgradeRequiredError, type CandidateViewEvent, type PaidPlanId, type PlanId, type ProviderSubscriptionSnapshot, type SubscriptionEvent } from '@hireloop/contracts';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-spec';
import { candidateViewsDecider, type CandidateViewsCommand } from './decider';
import { planInForce, subscriptionDecider } from '../subscriptions/decider';

/** Candidate profile views per month (issue 12, ADR 030). */
const spec = deciderSpec(candidateViewsDecider);
const at = '2026-11-25T10:00:00.000Z';

const view = (profileId: string, planId: PlanId): CandidateViewsCommand => ({
  type: 'CountCandidateView',
  data: { companyId: 'company-1', profileId, candidateUserId: `user-${profileId}`, planId, by: 'user-1', at },
});
const viewed = (profileId: string, planId: PlanId): CandidateViewEvent => ({
  type: 'CandidateViewCounted',
  data: { companyId: 'company-1', profileId, candidateUserId: `user-${profileId}`, month: '2026-11', planId, viewedBy: 'user-1', countedAt: at },
});
const viewedMany = (count: number, planId: PlanId) => Array.from({ length: count }, (_, n) => viewed(`p${n}`, planId));

const snapshot = (planId: PaidPlanId, providerStatus: ProviderSubscriptionSnapshot['providerStatus'], eventCreatedAt = at): ProviderSubscriptionSnapshot => ({
  companyId: 'company-1',
  providerEventId: `evt_${planId}_${providerStatus}`,
  eventCreatedAt,
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
});

describe('candidate profile views per month', () => {
  // [the company's subscription stream, profiles opened this month, allowed?]
  const table: Array<[string, SubscriptionEvent[], number, boolean]> = [
    ['no plan chosen yet (free), 9 opened', [], 9, true],
    ['no plan chosen yet (free), 10 opened', [], 10, false],
    ['free plan, 10 opened', [{ type: 'FreePlanActivated', data: { companyId: 'company-1', activatedBy: 'user-1', activatedAt: at } }], 10, false],
    ['small business in its trial, 49 opened', [{ type: 'SubscriptionTrialing', data: snapshot('small_business', 'trialing') }], 49, true],
    ['small business in its trial, 50 opened', [{ type: 'SubscriptionTrialing', data: snapshot('small_business', 'trialing') }], 50, false],
    ['vc startup past due keeps its plan, 199 opened', [{ type: 'SubscriptionPastDue', data: snapshot('vc_startup', 'past_due') }], 199, true],
    ['vc startup active, 200 opened', [{ type: 'SubscriptionActivated', data: snapshot('vc_startup', 'active') }], 200, false],
    ['enterprise, 5000 opened (unlimited)', [{ type: 'SubscriptionActivated', data: snapshot('enterprise', 'active') }], 5000, true],
    [
      'small business canceled → free, 10 opened',
      [
        { type: 'SubscriptionActivated', data: snapshot('small_business', 'active') },
        { type: 'SubscriptionCanceled', data: snapshot('small_business', 'canceled', '2026-11-26T10:00:00.000Z') },
      ],
      10,
      false,
    ],
  ];

  it.each(table)('%s', (_name, subscription, opened, allowed) => {
    const planId = planInForce(fold(subscriptionDecider, subscription));
    const then = spec.given(viewedMany(opened, planId)).when(view('new-profile', planId));
    if (allowed) then.then([viewed('new-profile', planId)]);
    else then.thenThrows(/candidate profile views? a month/);
  });

  it('counts a profile once a month: opening it again costs nothing, even at the limit', () => {
    spec.given(viewedMany(10, 'free')).when(view('p3', 'free')).then([]);
  });

  it('refuses with requiresUpgrade, saying what the plan includes, that opened profiles stay open, and the way on', () => {
    expect(() => candidateViewsDecider.decide(view('x', 'free'), fold(candidateViewsDecider, viewedMany(10, 'free')))).toThrow(UpgradeRequiredError);
    spec.given(viewedMany(10, 'free')).when(view('x', 'free')).thenThrows(candidateViewLimitReached('Free', 10));
    expect(candidateViewLimitReached('Small Business', 50)).toBe(
      'Your Small Business plan includes 50 candidate profile views a month, and your company has used them all this month. Profiles you already opened this month stay open. Upgrade your plan to view more.',
    );
  });

  it('records the month the view counts in (UTC)', () => {
    const late = candidateViewsDecider.decide({ ...view('x', 'free'), data: { ...view('x', 'free').data, at: '2026-11-30T23:59:59.999Z' } }, { profileIds: [] });
    expect(late[0]!.data.month).toBe('2026-11');
    const early = candidateViewsDecider.decide({ ...view('x', 'free'), data: { ...view('x', 'free').data, at: '2026-12-01T00:00:00.000Z' } }, { profileIds: [] });
    expect(early[0]!.data.month).toBe('2026-12');
  });
});
