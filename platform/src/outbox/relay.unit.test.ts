import { describe, expect, it } from 'vitest';
import { createMemoryOutboxStore } from './memory';
import { startOutboxRelay } from './relay';

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the outbox relay (ADR 053)', () => {
  it('delivers every message once, in order, as soon as it is added', async () => {
    const store = createMemoryOutboxStore();
    const delivered: string[] = [];
    // A poll far beyond the test: only the wake-up on add can deliver in time.
    const relay = startOutboxRelay({ store, pollIntervalMs: 60_000, handlers: { 'mail.send': async (payload, key) => void delivered.push(`${key}:${JSON.stringify(payload)}`) } });
    try {
      store.add([{ key: 'a', topic: 'mail.send', payload: 1 }, { key: 'b', topic: 'mail.send', payload: 2 }]);
      await until(async () => (await store.pending()) === 0, 'delivered');
      expect(delivered).toEqual(['a:1', 'b:2']);
    } finally {
      await relay.stop();
    }
  });

  it('tries a failed delivery again with backoff, reporting each failure by key and topic, never the payload', async () => {
    const store = createMemoryOutboxStore();
    let calls = 0;
    const failures: unknown[] = [];
    const relay = startOutboxRelay({
      store,
      retryBaseMs: 1,
      pollIntervalMs: 5,
      handlers: {
        'mail.send': async () => {
          if (++calls < 3) throw new Error('SMTP away');
        },
      },
      onFailure: (error, failure) => failures.push({ message: (error as Error).message, ...failure }),
    });
    try {
      store.add([{ key: 'reset-1', topic: 'mail.send', payload: { link: 'https://x.test/reset/SECRET' } }]);
      await until(async () => (await store.pending()) === 0, 'delivered after two failures');
      expect(calls).toBe(3);
      expect(failures).toEqual([
        { message: 'SMTP away', key: 'reset-1', topic: 'mail.send', attempt: 1, final: false },
        { message: 'SMTP away', key: 'reset-1', topic: 'mail.send', attempt: 2, final: false },
      ]);
    } finally {
      await relay.stop();
    }
  });

  it('gives a message up after its last attempt, saying so', async () => {
    const store = createMemoryOutboxStore();
    const attempts: Array<{ attempt: number; final: boolean }> = [];
    const relay = startOutboxRelay({
      store,
      maxAttempts: 3,
      retryBaseMs: 1,
      pollIntervalMs: 5,
      handlers: {},
      onFailure: (_error, { attempt, final }) => attempts.push({ attempt, final }),
    });
    try {
      store.add([{ key: 'x', topic: 'unknown.topic', payload: null }]);
      await until(async () => (await store.pending()) === 0, 'given up');
      expect(attempts).toEqual([
        { attempt: 1, final: false },
        { attempt: 2, final: false },
        { attempt: 3, final: true },
      ]);
    } finally {
      await relay.stop();
    }
  });
});
