import { AUTH_MESSAGES } from '@hireloop/contracts';
import { hitInTurn, type RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';

/** A hiring team posts a handful of jobs a day; a script filling the board posts hundreds. */
export const JOB_POSTS_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
/** Several accounts behind one address (an agency, an office) share a larger allowance. */
export const JOB_POSTS_PER_ADDRESS: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 };

/**
 * Counts a job post against the account, then the client address; 429 past either limit (an
 * account over its limit is not counted against the address). One statement (ADR 114).
 */
export async function throttleJobPosting(deps: CommandServiceDeps, userId: string, address: string) {
  const hits = [
    { key: `jobs:post:user:${userId}`, rule: JOB_POSTS_PER_ACCOUNT },
    { key: `jobs:post:ip:${address}`, rule: JOB_POSTS_PER_ADDRESS },
  ];
  const states = await hitInTurn(deps.rateLimiter, hits, deps.clock.now());
  states.forEach((state, i) => {
    if (state.count > hits[i]!.rule.limit) throw limited(state, AUTH_MESSAGES.tooManyJobPosts);
  });
}
