import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
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

/** Counts a profile write against the account and the client address; 429 past either limit. */
export async function throttleProfileWrites(deps: CommandServiceDeps, userId: string, address: string) {
  const now = deps.clock.now();
  const byAccount = await deps.rateLimiter.hit(`profiles:write:user:${userId}`, PROFILE_WRITES_PER_ACCOUNT, now);
  if (byAccount.count > PROFILE_WRITES_PER_ACCOUNT.limit) throw limited(byAccount, TOO_MANY_PROFILE_WRITES);
  const byAddress = await deps.rateLimiter.hit(`profiles:write:ip:${address}`, PROFILE_WRITES_PER_ADDRESS, now);
  if (byAddress.count > PROFILE_WRITES_PER_ADDRESS.limit) throw limited(byAddress, TOO_MANY_PROFILE_WRITES);
}
