import { stateOf, windowStart, type RateLimiter } from './types';

export function createMemoryRateLimiter(): RateLimiter {
  const counts = new Map<string, number>();
  const slot = (key: string, start: number) => `${key}@${start}`;
  return {
    async check(key, rule, now) {
      return stateOf(counts.get(slot(key, windowStart(rule, now))) ?? 0, rule, now);
    },
    async hit(key, rule, now) {
      const id = slot(key, windowStart(rule, now));
      const count = (counts.get(id) ?? 0) + 1;
      counts.set(id, count);
      return stateOf(count, rule, now);
    },
    async close() {},
  };
}
