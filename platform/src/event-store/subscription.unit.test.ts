import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from './memory';
import type { RecordedEvent } from './types';

const metadata = (eventId: string) => ({ eventId, occurredAt: '2026-01-05T09:00:00.000Z', actor: 'system' as const, correlationId: eventId, causationId: null, schemaVersion: 1 });

/** Resolves once `check` holds, polling the subscriber's observable state. */
async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a subscription whose handler fails (ADR 050)', () => {
  it('hands the same batch again when the database could not be reached, and goes on', async () => {
    const store = createMemoryEventStore();
    await store.append('job-1', [{ type: 'JobPosted', data: {}, metadata: metadata('e1') }]);
    const seen: string[][] = [];
    const errors: unknown[] = [];
    let outage = 2;
    const subscription = store.subscribe(
      '',
      async (events: RecordedEvent[]) => {
        if (outage > 0) {
          outage -= 1;
          throw new Error('Connection terminated unexpectedly');
        }
        seen.push(events.map((event) => event.metadata.eventId));
      },
      { onError: (error) => errors.push(error) },
    );
    try {
      await until(() => seen.length === 1, 'the batch after the outage');
      expect(seen).toEqual([['e1']]);
      await store.append('job-2', [{ type: 'JobPosted', data: {}, metadata: metadata('e2') }]);
      await until(() => seen.length === 2, 'the next batch');
      expect(seen).toEqual([['e1'], ['e2']]);
      expect(errors).toEqual([]);
    } finally {
      await subscription.stop();
    }
  });

  it('still stops on any other error, reported to onError', async () => {
    const store = createMemoryEventStore();
    await store.append('job-1', [{ type: 'JobPosted', data: {}, metadata: metadata('e1') }]);
    const errors: unknown[] = [];
    let calls = 0;
    const subscription = store.subscribe(
      '',
      async () => {
        calls += 1;
        throw new Error('cannot apply JobPosted');
      },
      { onError: (error) => errors.push(error) },
    );
    try {
      await until(() => errors.length === 1, 'the error reported');
      await store.append('job-2', [{ type: 'JobPosted', data: {}, metadata: metadata('e2') }]);
      await subscription.stop();
      expect(calls).toBe(1);
      expect(String(errors[0])).toContain('cannot apply JobPosted');
    } finally {
      await subscription.stop();
    }
  });
});
