import { describe, expect, it } from 'vitest';
import { AI_SUMMARIES_FEATURE, AI_SUMMARY_MESSAGES, aiSummaryRefusal, planIncludesAiSummaries } from './ai-summaries';
import { SUBSCRIPTION_PLANS } from './plans';

describe('AI summaries by plan (ADR 070)', () => {
  it('follow /pricing: the plans that list the feature, and only those', () => {
    for (const plan of SUBSCRIPTION_PLANS) expect(planIncludesAiSummaries(plan.planId)).toBe(plan.features.includes(AI_SUMMARIES_FEATURE));
    expect(SUBSCRIPTION_PLANS.filter((plan) => planIncludesAiSummaries(plan.planId)).map((plan) => plan.planId)).toEqual(['vc_startup', 'enterprise']);
    expect(AI_SUMMARY_MESSAGES.notOnPlan).toContain('VC Startup or Enterprise');
  });

  it.each([
    [{ planId: null, status: 'none', paymentSuspended: false }, AI_SUMMARY_MESSAGES.noPlan],
    [{ planId: null, status: 'pending', paymentSuspended: false }, AI_SUMMARY_MESSAGES.noPlan],
    [{ planId: 'free', status: 'active', paymentSuspended: false }, AI_SUMMARY_MESSAGES.notOnPlan],
    [{ planId: 'small_business', status: 'active', paymentSuspended: false }, AI_SUMMARY_MESSAGES.notOnPlan],
    [{ planId: 'vc_startup', status: 'canceled', paymentSuspended: false }, AI_SUMMARY_MESSAGES.subscriptionEnded],
    [{ planId: 'enterprise', status: 'past_due', paymentSuspended: true }, AI_SUMMARY_MESSAGES.paymentSuspended],
    [{ planId: 'enterprise', status: 'past_due', paymentSuspended: false }, null],
    [{ planId: 'vc_startup', status: 'trialing', paymentSuspended: false }, null],
    [{ planId: 'enterprise', status: 'active', paymentSuspended: false }, null],
  ] as const)('%o → %s', (plan, refusal) => {
    expect(aiSummaryRefusal(plan)).toBe(refusal);
  });
});
