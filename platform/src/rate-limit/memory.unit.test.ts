import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory';
import type { RateLimitRule } from './types';

const rule: RateLimitRule = { limit: 120, windowMs: 60_000 };
const at = new Date('2026-11-27T10:00:30.000Z');

describe('memory rate limiter', () => {
  it('remembers at most maxKeys windows: a flood from many addresses forgets the least recently hit, not the busy one', async () => {
    const limiter = createMemoryRateLimiter({ maxKeys: 3 });
    await limiter.hit('ip:busy', rule, at);
    for (let i = 0; i < 1000; i++) {
      await limiter.hit(`ip:flood-${i}`, rule, at);
      if (i % 2 === 0) await limiter.hit('ip:busy', rule, at);
    }
    expect((await limiter.check('ip:busy', rule, at)).count).toBe(501);
    expect((await limiter.check('ip:flood-999', rule, at)).count).toBe(1);
    expect((await limiter.check('ip:flood-998', rule, at)).count).toBe(1);
    // Forgotten: it starts from zero again.
    expect((await limiter.check('ip:flood-0', rule, at)).count).toBe(0);
    expect((await limiter.check('ip:flood-997', rule, at)).count).toBe(0);
  });

  it('check does not count as a use: reading a key does not save it from being forgotten', async () => {
    const limiter = createMemoryRateLimiter({ maxKeys: 2 });
    await limiter.hit('a', rule, at);
    await limiter.hit('b', rule, at);
    await limiter.check('a', rule, at);
    await limiter.hit('c', rule, at);
    expect((await limiter.check('a', rule, at)).count).toBe(0);
    expect((await limiter.check('b', rule, at)).count).toBe(1);
  });
});
