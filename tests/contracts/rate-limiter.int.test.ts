import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { createPostgresRateLimiter } from '@hireloop/platform/rate-limit/postgres';
import { hitInTurn, hitOneByOne, type RateLimiter, type RateLimitRule } from '@hireloop/platform/rate-limit/types';
import pg from 'pg';
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

describe.each(factories)('%s rate limiter, hits in turn', (_name, create) => {
  it('counts each hit in turn and stops after the first over its limit, as the hits one by one do', async () => {
    const limiter = await create();
    try {
      const strict: RateLimitRule = { limit: 2, windowMs: 60_000 };
      const loose: RateLimitRule = { limit: 3, windowMs: 3_600_000 };
      const [a, b, c, d] = [key(), key(), key(), key()];
      const fast: number[][] = [];
      const slow: number[][] = [];
      for (let round = 0; round < 5; round++) {
        // The second key is hit on its own now and then, so that it reaches its limit first in some rounds.
        if (round === 1) {
          await limiter.hit(b, loose, at);
          await limiter.hit(d, loose, at);
        }
        fast.push((await hitInTurn(limiter, [{ key: b, rule: loose }, { key: a, rule: strict }], at)).map((state) => state.count));
        slow.push((await hitOneByOne(limiter, [{ key: d, rule: loose }, { key: c, rule: strict }], at)).map((state) => state.count));
      }
      expect(fast).toEqual([[1, 1], [3, 2], [4], [5], [6]]);
      expect(fast).toEqual(slow);
      for (const [one, other, rule] of [[a, c, strict], [b, d, loose]] as const) expect((await limiter.check(one, rule, at)).count).toBe((await limiter.check(other, rule, at)).count);
      const state = (await hitInTurn(limiter, [{ key: key(), rule }], at))[0]!;
      expect(state).toEqual(await limiter.hit(key(), rule, at));
    } finally {
      await limiter.close();
    }
  });

  it('counts one key twice in one call as two hits', async () => {
    const limiter = await create();
    try {
      const k = key();
      expect((await hitInTurn(limiter, [{ key: k, rule }, { key: k, rule }], at)).map((state) => state.count)).toEqual([1, 2]);
    } finally {
      await limiter.close();
    }
  });
});

describe('postgres rate limiter, hits in turn', () => {
  it('sends several hits as one statement', async () => {
    const pool = new pg.Pool({ connectionString: (await testDatabase()).url, max: 1 });
    const limiter = await createPostgresRateLimiter({ pool });
    try {
      const sent: string[] = [];
      const query = pool.query.bind(pool);
      pool.query = ((...args: Parameters<typeof pool.query>) => {
        sent.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
        return query(...args);
      }) as typeof pool.query;
      const states = await hitInTurn(limiter, [{ key: key(), rule }, { key: key(), rule }, { key: key(), rule }], at);
      expect(states.map((state) => state.count)).toEqual([1, 1, 1]);
      expect(sent).toHaveLength(1);
    } finally {
      await limiter.close();
      await pool.end();
    }
  });
});
