/** "At most `limit` hits per key in each window of `windowMs`." */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  /** Hits counted in the current window (including this one, for `hit`). */
  count: number;
  /** True while the key is at or over its limit. */
  limited: boolean;
  /** Until the window ends (ms). */
  retryAfterMs: number;
}

/**
 * Fixed-window counters shared by every process of a deployment (sign-in and password-reset
 * throttling). `check` reads, `hit` counts one more atomically: callers that must never let more
 * than `limit` attempts through `hit` first and act only if the returned count is within the limit.
 */
export interface RateLimiter {
  check(key: string, rule: RateLimitRule, now: Date): Promise<RateLimitState>;
  hit(key: string, rule: RateLimitRule, now: Date): Promise<RateLimitState>;
  /** Takes back one hit of the current window (an attempt counted up front that turned out fine). */
  undo(key: string, rule: RateLimitRule, now: Date): Promise<void>;
  /** Forgets every window of a key (the owner proved who they are, e.g. by resetting the password). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export const windowStart = (rule: RateLimitRule, now: Date) => Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;

export const stateOf = (count: number, rule: RateLimitRule, now: Date): RateLimitState => ({
  count,
  limited: count >= rule.limit,
  retryAfterMs: windowStart(rule, now) + rule.windowMs - now.getTime(),
});
