import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, BusMessage, WorkItem } from '@hireloop/platform/bus';

/** A fresh, isolated bus per test; `dispose` closes it and removes what it stored. */
export interface BusHarness {
  bus: Bus;
  dispose(): Promise<void>;
}

export type BusFactory = () => Promise<BusHarness>;

export async function waitFor(condition: () => boolean, timeoutMs = 5000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Short ack wait so redelivery tests stay fast; redelivery delays are 200 ms, 400 ms, ... */
const ACK_WAIT_MS = 2000;

export function busContract(name: string, factory: BusFactory): void {
  describe(`Bus contract: ${name}`, () => {
    let harness: BusHarness | undefined;
    let bus: Bus;

    beforeEach(async () => {
      harness = undefined;
      harness = await factory();
      bus = harness.bus;
    });

    afterEach(async () => {
      await harness?.dispose();
    });

    describe('publish / subscribe', () => {
      it('delivers published JSON to a subscriber', async () => {
        const received: BusMessage<unknown>[] = [];
        await bus.subscribe('projection.advanced', (message) => {
          received.push(message);
        });
        const data = { projection: 'applications', position: '42', nested: [1, 'two', null, { ok: true }] };
        await bus.publish('projection.advanced', data);
        await waitFor(() => received.length === 1);
        expect(received[0]).toEqual({ subject: 'projection.advanced', data });
      });

      it('gives handlers JSON round-tripped data', async () => {
        const received: unknown[] = [];
        await bus.subscribe('json.check', (message) => {
          received.push(message.data);
        });
        const original = { at: new Date('2024-01-02T03:04:05.000Z'), gone: undefined, list: [1] };
        await bus.publish('json.check', original);
        await bus.publish('json.check', 'plain string');
        await bus.publish('json.check', 7);
        await waitFor(() => received.length === 3);
        expect(received).toEqual([{ at: '2024-01-02T03:04:05.000Z', list: [1] }, 'plain string', 7]);
        expect(received[0]).not.toBe(original);
      });

      it('only delivers messages published after subscribing', async () => {
        await bus.publish('late.subject', { n: 1 });
        const received: unknown[] = [];
        await bus.subscribe<{ n: number }>('late.subject', (message) => {
          received.push(message.data.n);
        });
        await bus.publish('late.subject', { n: 2 });
        await waitFor(() => received.length >= 1);
        await sleep(50);
        expect(received).toEqual([2]);
      });

      it("matches '*' against exactly one token", async () => {
        const subjects: string[] = [];
        await bus.subscribe('orders.*', (message) => {
          subjects.push(message.subject);
        });
        await bus.publish('orders.a.b', 1);
        await bus.publish('orders', 2);
        await bus.publish('invoices.a', 3);
        await bus.publish('orders.created', 4);
        await waitFor(() => subjects.length >= 1);
        await sleep(50);
        expect(subjects).toEqual(['orders.created']);
      });

      it("matches '>' against one or more trailing tokens", async () => {
        const received: [string, unknown][] = [];
        await bus.subscribe('orders.>', (message) => {
          received.push([message.subject, message.data]);
        });
        await bus.publish('orders', 1);
        await bus.publish('invoices.a', 2);
        await bus.publish('orders.a', 3);
        await bus.publish('orders.a.b.c', 4);
        await waitFor(() => received.length >= 2);
        await sleep(50);
        expect(received).toEqual([
          ['orders.a', 3],
          ['orders.a.b.c', 4],
        ]);
      });

      it('delivers every message to every subscriber, in publish order', async () => {
        const first: number[] = [];
        const second: number[] = [];
        await bus.subscribe<number>('fanout.x', (message) => {
          first.push(message.data);
        });
        await bus.subscribe<number>('fanout.*', async (message) => {
          await sleep(1);
          second.push(message.data);
        });
        for (let i = 0; i < 5; i++) await bus.publish('fanout.x', i);
        await waitFor(() => first.length === 5 && second.length === 5);
        expect(first).toEqual([0, 1, 2, 3, 4]);
        expect(second).toEqual([0, 1, 2, 3, 4]);
      });

      it('stops delivering after unsubscribe', async () => {
        const stopped: number[] = [];
        const kept: number[] = [];
        const unsubscribe = await bus.subscribe<number>('unsub.test', (message) => {
          stopped.push(message.data);
        });
        await bus.subscribe<number>('unsub.test', (message) => {
          kept.push(message.data);
        });
        await bus.publish('unsub.test', 1);
        await waitFor(() => stopped.length === 1 && kept.length === 1);
        await unsubscribe();
        await unsubscribe(); // idempotent
        await bus.publish('unsub.test', 2);
        await waitFor(() => kept.length === 2);
        await sleep(50);
        expect(stopped).toEqual([1]);
        expect(kept).toEqual([1, 2]);
      });

      it('keeps delivering to a subscriber whose handler threw', async () => {
        const received: number[] = [];
        await bus.subscribe<number>('throwing.sub', (message) => {
          received.push(message.data);
          if (message.data === 1) throw new Error('boom');
        });
        await bus.publish('throwing.sub', 1);
        await bus.publish('throwing.sub', 2);
        await waitFor(() => received.length === 2);
        expect(received).toEqual([1, 2]);
      });

      it('rejects wildcards in a published subject and malformed subjects', async () => {
        await expect(bus.publish('orders.*', 1)).rejects.toThrow();
        await expect(bus.publish('orders.>', 1)).rejects.toThrow();
        await expect(bus.publish('orders..x', 1)).rejects.toThrow();
        await expect(bus.publish('', 1)).rejects.toThrow();
        await expect(bus.subscribe('orders.>.x', () => undefined)).rejects.toThrow();
      });
    });

    describe('enqueue / work', () => {
      it('processes an item once, by one of two workers on the same queue', async () => {
        const handled: [string, number][] = [];
        const worker = (label: string) => async (item: WorkItem<{ n: number }>) => {
          handled.push([label, item.data.n]);
        };
        await bus.work({ queue: 'mailer', subject: 'email.send', ackWaitMs: ACK_WAIT_MS }, worker('a'));
        await bus.work({ queue: 'mailer', subject: 'email.send', ackWaitMs: ACK_WAIT_MS }, worker('b'));
        for (let n = 0; n < 6; n++) await bus.enqueue('email.send', { n });
        await waitFor(() => handled.length >= 6);
        await sleep(200);
        expect(handled.map(([, n]) => n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
        for (const [label] of handled) expect(['a', 'b']).toContain(label);
      });

      it('gives the item, subject and attempt 1 to the handler', async () => {
        const items: WorkItem<unknown>[] = [];
        await bus.work({ queue: 'inspector', subject: 'email.*', ackWaitMs: ACK_WAIT_MS }, async (item) => {
          items.push(item);
        });
        await bus.enqueue('email.welcome', { to: 'ada@example.com', tags: ['a'] });
        await waitFor(() => items.length === 1);
        expect(items[0]).toEqual({
          subject: 'email.welcome',
          data: { to: 'ada@example.com', tags: ['a'] },
          attempt: 1,
        });
      });

      it('gives each queue listening to a subject its own copy', async () => {
        const mailer: number[] = [];
        const audit: number[] = [];
        await bus.work<number>({ queue: 'mailer', subject: 'email.send', ackWaitMs: ACK_WAIT_MS }, async (item) => {
          mailer.push(item.data);
        });
        await bus.work<number>({ queue: 'audit', subject: 'email.>', ackWaitMs: ACK_WAIT_MS }, async (item) => {
          audit.push(item.data);
        });
        await bus.enqueue('email.send', 1);
        await bus.enqueue('email.other', 2);
        await waitFor(() => mailer.length === 1 && audit.length === 2);
        await sleep(100);
        expect(mailer).toEqual([1]);
        expect(audit).toEqual([1, 2]);
      });

      it('redelivers an item whose handler threw, with attempt 2, until it succeeds', async () => {
        const attempts: number[] = [];
        let succeeded = false;
        await bus.work<string>(
          { queue: 'flaky', subject: 'flaky.job', maxAttempts: 5, ackWaitMs: ACK_WAIT_MS },
          async (item) => {
            attempts.push(item.attempt);
            if (item.attempt < 2) throw new Error('transient');
            succeeded = true;
          },
        );
        await bus.enqueue('flaky.job', 'x');
        await waitFor(() => succeeded);
        await sleep(300);
        expect(attempts).toEqual([1, 2]);
      });

      it('stops redelivering after maxAttempts and keeps processing other items', async () => {
        const attempts: number[] = [];
        const done: string[] = [];
        await bus.work<string>(
          { queue: 'doomed', subject: 'doomed.job', maxAttempts: 3, ackWaitMs: ACK_WAIT_MS },
          async (item) => {
            if (item.data === 'poison') {
              attempts.push(item.attempt);
              throw new Error('always fails');
            }
            done.push(item.data);
          },
        );
        await bus.enqueue('doomed.job', 'poison');
        await waitFor(() => attempts.length >= 3);
        await bus.enqueue('doomed.job', 'fine');
        await waitFor(() => done.length === 1);
        // Longer than the next redelivery delay (800 ms) would be.
        await sleep(1200);
        expect(attempts).toEqual([1, 2, 3]);
        expect(done).toEqual(['fine']);
      });

      it('redelivers an item whose handler overran ackWaitMs', async () => {
        const attempts: number[] = [];
        const handler = async (item: WorkItem<string>) => {
          attempts.push(item.attempt);
          if (item.attempt === 1) await sleep(1500);
        };
        const options = { queue: 'slow', subject: 'slow.job', ackWaitMs: 500 };
        await bus.work(options, handler);
        await bus.work(options, handler);
        await bus.enqueue('slow.job', 'x');
        await waitFor(() => attempts.includes(2), 5000);
        expect(attempts.slice(0, 2)).toEqual([1, 2]);
      });

      it('deduplicates a double enqueue with the same messageId', async () => {
        const handled: string[] = [];
        await bus.work<string>({ queue: 'dedupe', subject: 'dedupe.job', ackWaitMs: ACK_WAIT_MS }, async (item) => {
          handled.push(item.data);
        });
        await bus.enqueue('dedupe.job', 'first', { messageId: 'job-1' });
        await bus.enqueue('dedupe.job', 'first again', { messageId: 'job-1' });
        await bus.enqueue('dedupe.job', 'second', { messageId: 'job-2' });
        await bus.enqueue('dedupe.job', 'sentinel');
        await waitFor(() => handled.includes('sentinel'));
        await sleep(100);
        expect(handled).toEqual(['first', 'second', 'sentinel']);
      });

      it('processes items enqueued before any worker of the queue started', async () => {
        await bus.enqueue('durable.job', { n: 1 });
        await bus.enqueue('durable.job', { n: 2 });
        const handled: number[] = [];
        await bus.work<{ n: number }>({ queue: 'late', subject: 'durable.job', ackWaitMs: ACK_WAIT_MS }, async (item) => {
          handled.push(item.data.n);
        });
        await waitFor(() => handled.length === 2);
        expect(handled).toEqual([1, 2]);
      });

      it('keeps items enqueued while a queue has no running worker', async () => {
        const handled: string[] = [];
        const options = { queue: 'paused', subject: 'paused.job', ackWaitMs: ACK_WAIT_MS };
        const stop = await bus.work<string>(options, async (item) => {
          handled.push(item.data);
        });
        await stop();
        await bus.enqueue('paused.job', 'while stopped');
        await sleep(100);
        expect(handled).toEqual([]);
        await bus.work<string>(options, async (item) => {
          handled.push(item.data);
        });
        await waitFor(() => handled.length === 1);
        expect(handled).toEqual(['while stopped']);
      });

      it('does not reprocess acked items when a worker restarts', async () => {
        const handled: [string, string][] = [];
        const options = { queue: 'restart', subject: 'restart.job', ackWaitMs: ACK_WAIT_MS };
        const stop = await bus.work<string>(options, async (item) => {
          handled.push(['first', item.data]);
        });
        await bus.enqueue('restart.job', 'a');
        await bus.enqueue('restart.job', 'b');
        await waitFor(() => handled.length === 2);
        await stop();
        await bus.work<string>(options, async (item) => {
          handled.push(['second', item.data]);
        });
        await bus.enqueue('restart.job', 'c');
        await waitFor(() => handled.length >= 3);
        await sleep(200);
        expect(handled).toEqual([
          ['first', 'a'],
          ['first', 'b'],
          ['second', 'c'],
        ]);
      });

      it('waits for the running handler when a worker unsubscribes', async () => {
        let finished = false;
        let started = false;
        const stop = await bus.work<string>(
          { queue: 'graceful', subject: 'graceful.job', ackWaitMs: ACK_WAIT_MS },
          async () => {
            started = true;
            await sleep(200);
            finished = true;
          },
        );
        await bus.enqueue('graceful.job', 'x');
        await waitFor(() => started);
        await stop();
        expect(finished).toBe(true);
      });

      it('rejects invalid work options and subjects', async () => {
        const handler = async () => undefined;
        await expect(bus.work({ queue: 'bad.name', subject: 'a.b' }, handler)).rejects.toThrow();
        await expect(bus.work({ queue: 'ok', subject: 'a..b' }, handler)).rejects.toThrow();
        await expect(bus.work({ queue: 'ok', subject: 'a.b', maxAttempts: 0 }, handler)).rejects.toThrow();
        await expect(bus.enqueue('a.*', 1)).rejects.toThrow();
      });
    });

    it('rejects use after close', async () => {
      await bus.close();
      await expect(bus.publish('after.close', 1)).rejects.toThrow();
      await expect(bus.enqueue('after.close', 1)).rejects.toThrow();
    });
  });
}
