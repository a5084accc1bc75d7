import { describe, expect, it } from 'vitest';
import { isOnPaidPlan } from './get-current-subscription';

describe('which companies are offered Contact (part 2 §5: a plan present and not free)', () => {
  it.each([
    ['no answer yet', undefined, false],
    ['no plan', { planId: null, status: 'none' }, false],
    ['a checkout not completed', { planId: null, status: 'pending' }, false],
    ['free', { planId: 'free', status: 'active' }, false],
    ['trialing', { planId: 'small_business', status: 'trialing' }, true],
    ['active', { planId: 'vc_startup', status: 'active' }, true],
    ['past_due', { planId: 'enterprise', status: 'past_due' }, true],
    ['canceled', { planId: 'small_business', status: 'canceled' }, false],
  ] as const)('%s → %s', (_what, subscription, offered) => {
    expect(isOnPaidPlan(subscription)).toBe(offered);
  });
});
