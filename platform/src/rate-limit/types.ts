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
  /**
   * `hit` for each of `hits` in turn, stopping after the first whose count goes over its limit
   * (the later ones are then not counted): the states of those counted, in order. Optional: one
   * statement where the store can (ADR 114); `hitInTurn` below runs the hits one by one otherwise.
   */
  hitInTurn?(hits: readonly RateLimitHit[], now: Date): Promise<RateLimitState[]>;
  /** Takes back one hit of the current window (an attempt counted up front that turned out fine). */
  undo(key: string, rule: RateLimitRule, now: Date): Promise<void>;
  /** Forgets every window of a key (the owner proved who they are, e.g. by resetting the password). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One key counted against its rule (`RateLimiter.hitInTurn`). */
export interface RateLimitHit {
  key: string;
  rule: RateLimitRule;
}

/** `limiter.hitInTurn` when it has it (one round trip), else the same hits one by one. */
export async function hitInTurn(limiter: RateLimiter, hits: readonly RateLimitHit[], now: Date): Promise<RateLimitState[]> {
  return limiter.hitInTurn ? limiter.hitInTurn(hits, now) : hitOneByOne(limiter, hits, now);
}

/** `hitInTurn` as a statement per hit (the reference the one-statement way is compared with). */
export async function hitOneByOne(limiter: Pick<RateLimiter, 'hit'>, hits: readonly RateLimitHit[], now: Date): Promise<RateLimitState[]> {
  const states: RateLimitState[] = [];
  for (const { key, rule } of hits) {
    const state = await limiter.hit(key, rule, now);
    states.push(state);
    if (state.count > rule.limit) break;
  }
  return states;
}

export const windowStart = (rule: RateLimitRule, now: Date) => Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;

export const stateOf = (count: number, rule: RateLimitRule, now: Date): RateLimitState => ({
  count,
  limited: count >= rule.limit,
  retryAfterMs: windowStart(rule, now) + rule.windowMs - now.getTime(),
});
