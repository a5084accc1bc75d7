import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '@hireloop/platform/payments';
import { readProviderEvent, readScheduledChange } from './provider-events';

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

describe('a plan scheduled for later (a Stripe subscription schedule)', () => {
  const PERIOD_END = 1_766_500_000;
  const withSchedule = (schedule: unknown): WebhookEvent => {
    const base = event({ recurring: { interval: 'month' }, lookup_key: 'hireloop_vc_startup_monthly' });
    return { ...base, data: { object: { ...(base.data.object as object), schedule } } };
  };
  const snapshotOf = (reading: ReturnType<typeof readProviderEvent>) => {
    if (reading.kind !== 'snapshot') throw new Error(`read as ${reading.kind}`);
    return reading;
  };
  const schedule = (nextPrice: unknown, overrides: Record<string, unknown> = {}) => ({
    id: 'sub_sched_1',
    object: 'subscription_schedule',
    status: 'active',
    current_phase: { start_date: 1_763_900_000, end_date: PERIOD_END },
    phases: [
      { start_date: 1_763_900_000, end_date: PERIOD_END, items: [{ price: { lookup_key: 'hireloop_vc_startup_monthly', recurring: { interval: 'month' } } }] },
      { start_date: PERIOD_END, end_date: null, items: [{ price: nextPrice }] },
    ],
    ...overrides,
  });

  it('a subscription event names its schedule by id; the snapshot has no change until the schedule is read', () => {
    const reading = snapshotOf(readProviderEvent(withSchedule('sub_sched_1')));
    expect(reading.scheduleId).toBe('sub_sched_1');
    expect(reading.snapshot.scheduledChange).toBeNull();
    expect(snapshotOf(readProviderEvent(withSchedule({ id: 'sub_sched_2', object: 'subscription_schedule' }))).scheduleId).toBe('sub_sched_2');
    expect(snapshotOf(readProviderEvent(withSchedule(null))).scheduleId).toBeNull();
  });

  it('the next phase’s price names the plan, the period and the date it takes over', () => {
    const { snapshot } = snapshotOf(readProviderEvent(withSchedule('sub_sched_1')));
    expect(readScheduledChange(schedule({ lookup_key: 'hireloop_small_business_monthly', recurring: { interval: 'month' } }), snapshot)).toEqual({
      planId: 'small_business',
      billingPeriod: 'monthly',
      effectiveAt: new Date(PERIOD_END * 1000).toISOString(),
    });
    expect(readScheduledChange(schedule({ lookup_key: null, metadata: { planId: 'vc_startup' }, recurring: { interval: 'year' } }), snapshot)).toMatchObject({ planId: 'vc_startup', billingPeriod: 'annual' });
  });

  it('no change: the same plan and period next, a price that is not Hireloop’s, an unexpanded price, a schedule that is over, or no schedule', () => {
    const { snapshot } = snapshotOf(readProviderEvent(withSchedule('sub_sched_1')));
    expect(readScheduledChange(schedule({ lookup_key: 'hireloop_vc_startup_monthly', recurring: { interval: 'month' } }), snapshot)).toBeNull();
    expect(readScheduledChange(schedule({ lookup_key: 'someone_else', recurring: { interval: 'month' } }), snapshot)).toBeNull();
    expect(readScheduledChange(schedule('price_123'), snapshot)).toBeNull();
    expect(readScheduledChange(schedule({ lookup_key: 'hireloop_small_business_monthly' }, { status: 'released' }), snapshot)).toBeNull();
    expect(readScheduledChange(null, snapshot)).toBeNull();
  });

  it('an event about a schedule asks for its subscription; one without a subscription is ignored; one not in Stripe’s shape is malformed', () => {
    const about = (object: unknown): WebhookEvent => ({ id: 'evt_s', type: 'subscription_schedule.updated', created: 1_764_000_000, data: { object } });
    expect(readProviderEvent(about({ id: 'sub_sched_1', object: 'subscription_schedule', subscription: 'sub_1' }))).toEqual({ kind: 'subscription-changed', subscriptionId: 'sub_1' });
    expect(readProviderEvent(about({ id: 'sub_sched_1', object: 'subscription_schedule', subscription: null })).kind).toBe('ignored');
    expect(readProviderEvent(about({ id: 'sub_1', object: 'subscription' })).kind).toBe('malformed');
  });
});
