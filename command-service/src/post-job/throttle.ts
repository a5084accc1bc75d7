import { AUTH_MESSAGES } from '@hireloop/contracts';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';

/** A hiring team posts a handful of jobs a day; a script filling the board posts hundreds. */
export const JOB_POSTS_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
/** Several accounts behind one address (an agency, an office) share a larger allowance. */
export const JOB_POSTS_PER_ADDRESS: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 };

/** Counts a job post against the account and the client address; 429 past either limit. */
export async function throttleJobPosting(deps: CommandServiceDeps, userId: string, address: string) {
  const now = deps.clock.now();
  const byAccount = await deps.rateLimiter.hit(`jobs:post:user:${userId}`, JOB_POSTS_PER_ACCOUNT, now);
  if (byAccount.count > JOB_POSTS_PER_ACCOUNT.limit) throw limited(byAccount, AUTH_MESSAGES.tooManyJobPosts);
  const byAddress = await deps.rateLimiter.hit(`jobs:post:ip:${address}`, JOB_POSTS_PER_ADDRESS, now);
  if (byAddress.count > JOB_POSTS_PER_ADDRESS.limit) throw limited(byAddress, AUTH_MESSAGES.tooManyJobPosts);
}
