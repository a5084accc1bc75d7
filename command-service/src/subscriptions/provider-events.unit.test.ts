import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '@hireloop/platform/payments';
import { readProviderEvent } from './provider-events';

/** Stripe subscription events as the webhook verified them (ADR 030). */
const event = (price: Record<string, unknown> | undefined, metadata: Record<string, string> = { companyId: 'co-1', planId: 'small_business', billingPeriod: 'monthly' }): WebhookEvent =>
  ({
    id: 'evt_1',
    object: 'event',
    type: 'customer.subscription.updated',
    created: 1_764_000_000,
    data: {
      object: {
        id: 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        status: 'active',
        created: 1_763_000_000,
        cancel_at_period_end: false,
        metadata,
        items: { data: [{ current_period_start: 1_763_900_000, current_period_end: 1_766_500_000, ...(price ? { price } : {}) }] },
      },
    },
  }) as unknown as WebhookEvent;

const planOf = (reading: ReturnType<typeof readProviderEvent>) => (reading.kind === 'snapshot' ? [reading.snapshot.planId, reading.snapshot.billingPeriod] : reading.kind);

describe('reading the plan of a Stripe subscription', () => {
  it('takes the plan and period the checkout put in the metadata', () => {
    expect(planOf(readProviderEvent(event({ recurring: { interval: 'month' } })))).toEqual(['small_business', 'monthly']);
    expect(planOf(readProviderEvent(event(undefined, { companyId: 'co-1', planId: 'enterprise', billingPeriod: 'annual' })))).toEqual(['enterprise', 'annual']);
  });

  it('takes a catalogue price switched to in the billing portal over the checkout’s metadata: by lookup key or price metadata', () => {
    expect(planOf(readProviderEvent(event({ recurring: { interval: 'year' }, lookup_key: 'hireloop_vc_startup_annual' })))).toEqual(['vc_startup', 'annual']);
    expect(planOf(readProviderEvent(event({ recurring: { interval: 'month' }, lookup_key: null, metadata: { planId: 'enterprise' } })))).toEqual(['enterprise', 'monthly']);
  });

  it('ignores a lookup key that names no paid plan, and a subscription that is not Hireloop’s', () => {
    expect(planOf(readProviderEvent(event({ recurring: { interval: 'month' }, lookup_key: 'hireloop_free_monthly' })))).toEqual(['small_business', 'monthly']);
    expect(planOf(readProviderEvent(event({ recurring: { interval: 'month' }, lookup_key: 'someone_else' })))).toEqual(['small_business', 'monthly']);
    expect(planOf(readProviderEvent(event({ recurring: { interval: 'month' } }, { planId: 'small_business' })))).toBe('ignored');
  });
});
