import { LRUCache } from 'lru-cache';
import { stateOf, windowStart, type RateLimiter, type RateLimitRule, type RateLimitState } from './types';

/** Windows remembered at once unless told otherwise. */
export const MEMORY_RATE_LIMIT_KEYS = 50_000;

/**
 * Counters in this process's memory, at most `maxKeys` windows (key × window) at once: past that
 * the least recently hit is forgotten (an LRU), so a flood from many addresses costs bounded
 * memory; a forgotten key starts again from zero. For limits that protect something living in
 * the same process (page views, ADR 052) and for tests; limits every process must share use the
 * PostgreSQL adapter.
 */
export function createMemoryRateLimiter(options: { maxKeys?: number } = {}): RateLimiter {
  const counts = new LRUCache<string, number>({ max: options.maxKeys ?? MEMORY_RATE_LIMIT_KEYS });
  const slot = (key: string, start: number) => `${key}@${start}`;
  return {
    async check(key, rule, now) {
      return stateOf(counts.peek(slot(key, windowStart(rule, now))) ?? 0, rule, now);
    },
    async hit(key, rule, now) {
      const id = slot(key, windowStart(rule, now));
      const count = (counts.get(id) ?? 0) + 1;
      counts.set(id, count);
      return stateOf(count, rule, now);
    },
    async undo(key, rule, now) {
      const id = slot(key, windowStart(rule, now));
      const count = counts.peek(id) ?? 0;
      if (count > 0) counts.set(id, count - 1);
    },
    async clear(key) {
      for (const id of [...counts.keys()]) if (id.startsWith(`${key}@`)) counts.delete(id);
    },
    async close() {
      counts.clear();
    },
  };
}

/**
 * No limits: for the operator's own tools on the machine (`hireloop seed` creates companies and
 * posts their jobs through the real routes, all from one address, as fast as it can).
 */
export function createUnlimitedRateLimiter(): RateLimiter {
  const open = (rule: RateLimitRule, now: Date): RateLimitState => ({ ...stateOf(0, rule, now), count: 1 });
  return {
    check: async (_key, rule, now) => open(rule, now),
    hit: async (_key, rule, now) => open(rule, now),
    async undo() {},
    async clear() {},
    async close() {},
  };
}
