import { hitInTurn, type RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';

/**
 * A person edits their profile a few times in a sitting; each edit stores the whole profile,
 * pictures included (up to about 5.6 MB), in the log for good. A script must not fill the log.
 */
export const PROFILE_WRITES_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
export const PROFILE_WRITES_PER_ADDRESS: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 };
export const TOO_MANY_PROFILE_WRITES = (minutes: number) =>
  `You have changed your profile many times in a short while. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Counts a profile write against the account, then the client address (one statement, ADR 114); 429 past either limit. */
export async function throttleProfileWrites(deps: CommandServiceDeps, userId: string, address: string) {
  const hits = [
    { key: `profiles:write:user:${userId}`, rule: PROFILE_WRITES_PER_ACCOUNT },
    { key: `profiles:write:ip:${address}`, rule: PROFILE_WRITES_PER_ADDRESS },
  ];
  const states = await hitInTurn(deps.rateLimiter, hits, deps.clock.now());
  states.forEach((state, i) => {
    if (state.count > hits[i]!.rule.limit) throw limited(state, TOO_MANY_PROFILE_WRITES);
  });
}
