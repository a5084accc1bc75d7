import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus, type MemoryBus } from './index';

/** Resolves when `condition` holds, checking after every turn of the event loop (no clock involved). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the in-process bus releases the work it no longer owes', () => {
  let bus: MemoryBus;
  afterEach(async () => {
    await bus.close();
  });

  it('holds nothing once 10,000 work items have been worked and acked', async () => {
    bus = createMemoryBus({ onError: () => undefined });
    const count = 10_000;
    for (let n = 0; n < count; n++) await bus.enqueue('mail.send', { n, to: `person-${n}@example.com` });
    // Nobody listens yet: every item waits for its first queue.
    expect(bus.stats()).toMatchObject({ storedItems: count, pendingDeliveries: 0 });

    let handled = 0;
    await bus.work<{ n: number }>({ queue: 'mailer', subject: 'mail.send' }, async () => {
      handled += 1;
    });
    await until(() => handled === count);
    await until(() => bus.stats().pendingDeliveries === 0);

    expect(handled).toBe(count);
    expect(bus.stats()).toMatchObject({ storedItems: 0, pendingDeliveries: 0 });
  });

  it('keeps an item until every queue listening to its subject has acked it', async () => {
    bus = createMemoryBus({ onError: () => undefined });
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let fastDone = false;
    let slowDone = false;
    await bus.work({ queue: 'fast', subject: 'audit.>' }, async () => {
      fastDone = true;
    });
    await bus.work({ queue: 'slow', subject: 'audit.>' }, async () => {
      await gate;
      slowDone = true;
    });
    await bus.enqueue('audit.login', { userId: 'u-1' });

    await until(() => fastDone);
    expect(bus.stats()).toMatchObject({ storedItems: 1, pendingDeliveries: 1 });

    openGate();
    await until(() => slowDone && bus.stats().pendingDeliveries === 0);
    expect(bus.stats()).toMatchObject({ storedItems: 0, pendingDeliveries: 0 });
  });

  it('forgets an item a queue gave up on after its last attempt', async () => {
    bus = createMemoryBus({ onError: () => undefined });
    let attempts = 0;
    await bus.work({ queue: 'doomed', subject: 'poison.job', maxAttempts: 1 }, async () => {
      attempts += 1;
      throw new Error('always fails');
    });
    await bus.enqueue('poison.job', 'x');
    await until(() => attempts === 1 && bus.stats().pendingDeliveries === 0);
    expect(bus.stats().storedItems).toBe(0);
  });
});
