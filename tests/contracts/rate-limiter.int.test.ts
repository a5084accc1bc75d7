import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { createPostgresRateLimiter } from '@hireloop/platform/rate-limit/postgres';
import type { RateLimiter, RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: Promise<TestDatabase> | undefined;
const testDatabase = (): Promise<TestDatabase> => (database ??= createTestDatabase('hl_rate_limit'));
afterAll(async () => {
  if (database) await (await database).drop();
});

const factories: Array<[string, () => Promise<RateLimiter>]> = [
  ['memory', async () => createMemoryRateLimiter()],
  ['postgres', async () => createPostgresRateLimiter({ connectionString: (await testDatabase()).url })],
];

const rule: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
const at = new Date('2026-11-23T10:01:00.000Z');
const key = () => `test:${randomUUID()}`;

describe.each(factories)('%s rate limiter', (_name, create) => {
  it('counts concurrent hits atomically: 61 at once get the counts 1 to 61, so exactly 10 are within the limit', async () => {
    const limiter = await create();
    try {
      const k = key();
      const states = await Promise.all(Array.from({ length: 61 }, () => limiter.hit(k, rule, at)));
      expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
      expect(states.filter((state) => state.count <= rule.limit)).toHaveLength(10);
      expect((await limiter.check(k, rule, at)).count).toBe(61);
    } finally {
      await limiter.close();
    }
  });

  it('keeps keys and windows apart, and says how long until the window ends', async () => {
    const limiter = await create();
    try {
      const [a, b] = [key(), key()];
      await limiter.hit(a, rule, at);
      await limiter.hit(a, rule, at);
      expect((await limiter.check(a, rule, at)).count).toBe(2);
      expect((await limiter.check(b, rule, at)).count).toBe(0);
      expect((await limiter.check(a, rule, at)).retryAfterMs).toBe(14 * 60_000);
      expect((await limiter.check(a, rule, new Date(at.getTime() + 15 * 60_000))).count).toBe(0);
    } finally {
      await limiter.close();
    }
  });

  it('undo takes back one hit and never goes below zero; clear forgets the key', async () => {
    const limiter = await create();
    try {
      const k = key();
      await limiter.hit(k, rule, at);
      await limiter.hit(k, rule, at);
      await limiter.undo(k, rule, at);
      expect((await limiter.check(k, rule, at)).count).toBe(1);
      await limiter.undo(k, rule, at);
      await limiter.undo(k, rule, at);
      expect((await limiter.check(k, rule, at)).count).toBe(0);
      await limiter.hit(k, rule, at);
      await limiter.clear(k);
      expect((await limiter.check(k, rule, at)).count).toBe(0);
    } finally {
      await limiter.close();
    }
  });
});
