import { describe, expect, it } from 'vitest';
import { annualSaving, findPlan, priceInCents, SUBSCRIPTION_PLANS, SubscriptionPlan, withinLimit } from './plans';

describe('plans and prices (part 2 §9)', () => {
  it('has the four plans with the spec’s monthly prices and limits, 0 meaning unlimited', () => {
    expect(SUBSCRIPTION_PLANS.map(({ planId, price, maxJobPostings, maxCandidateViews }) => [planId, price, maxJobPostings, maxCandidateViews])).toEqual([
      ['free', '0', 1, 10],
      ['small_business', '25', 5, 50],
      ['vc_startup', '99', 20, 200],
      ['enterprise', '499', 0, 0],
    ]);
    for (const plan of SUBSCRIPTION_PLANS) expect(SubscriptionPlan.parse(plan)).toEqual(plan);
  });

  it('marks small_business alone as Most Popular', () => {
    expect(SUBSCRIPTION_PLANS.filter((plan) => plan.mostPopular).map((plan) => plan.planId)).toEqual(['small_business']);
  });

  it('annual saving is monthly × 12 − annual, rounded; the advertised 17 % holds for every paid plan', () => {
    expect(SUBSCRIPTION_PLANS.map(annualSaving)).toEqual([0, 50, 198, 998]);
    expect(annualSaving({ price: '9.99', annualPrice: '100' })).toBe(20); // 119.88 − 100 = 19.88
    for (const plan of SUBSCRIPTION_PLANS.filter((p) => p.price !== '0')) expect(Math.round((annualSaving(plan) / (Number(plan.price) * 12)) * 100)).toBe(17);
  });

  it('charges in cents per billing period', () => {
    expect(priceInCents(findPlan('vc_startup')!, 'monthly')).toBe(9900);
    expect(priceInCents(findPlan('vc_startup')!, 'annual')).toBe(99000);
    expect(findPlan('gold')).toBeNull();
  });

  it('a limit of 0 allows anything; others allow up to the limit', () => {
    expect(withinLimit(0, 10_000)).toBe(true);
    expect(withinLimit(1, 0)).toBe(true);
    expect(withinLimit(1, 1)).toBe(false);
  });
});
