import { AUTH_MESSAGES, DomainError } from '@hireloop/contracts';
import { emailHash } from '@hireloop/platform/accounts/tokens';
import type { RateLimitRule, RateLimitState } from '@hireloop/platform/rate-limit/types';
import type { CommandServiceDeps } from '../shared/deps';

/** Wrong passwords per account: enough for typos, far too few for guessing. */
export const SIGN_IN_FAILURES_PER_ACCOUNT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
/** Sign-in attempts per client address, right or wrong (stops spraying many accounts). */
export const SIGN_INS_PER_ADDRESS: RateLimitRule = { limit: 50, windowMs: 15 * 60_000 };
export const RESET_REQUESTS_PER_ACCOUNT: RateLimitRule = { limit: 3, windowMs: 60 * 60_000 };
export const RESET_REQUESTS_PER_ADDRESS: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };

const minutes = (state: RateLimitState) => Math.max(1, Math.ceil(state.retryAfterMs / 60_000));

const limited = (state: RateLimitState, message: (minutes: number) => string) =>
  new DomainError('rate_limited', message(minutes(state)), Math.ceil(state.retryAfterMs / 1000));

/** Counts this attempt against the address and refuses if the address or the account is over its limit. */
export async function throttleSignIn(deps: CommandServiceDeps, email: string, address: string) {
  const now = deps.clock.now();
  const [byAddress, byAccount] = await Promise.all([
    deps.rateLimiter.hit(`signin:ip:${address}`, SIGN_INS_PER_ADDRESS, now),
    deps.rateLimiter.check(`signin:failures:${emailHash(email)}`, SIGN_IN_FAILURES_PER_ACCOUNT, now),
  ]);
  if (byAccount.limited) throw limited(byAccount, AUTH_MESSAGES.tooManySignIns);
  if (byAddress.count > SIGN_INS_PER_ADDRESS.limit) throw limited(byAddress, AUTH_MESSAGES.tooManySignIns);
}

export const recordSignInFailure = (deps: CommandServiceDeps, email: string) =>
  deps.rateLimiter.hit(`signin:failures:${emailHash(email)}`, SIGN_IN_FAILURES_PER_ACCOUNT, deps.clock.now());

/** Counted per email whether or not it has an account, so a 429 reveals nothing either. */
export async function throttleResetRequest(deps: CommandServiceDeps, email: string, address: string) {
  const now = deps.clock.now();
  const [byAddress, byAccount] = await Promise.all([
    deps.rateLimiter.hit(`reset:ip:${address}`, RESET_REQUESTS_PER_ADDRESS, now),
    deps.rateLimiter.hit(`reset:email:${emailHash(email)}`, RESET_REQUESTS_PER_ACCOUNT, now),
  ]);
  if (byAccount.count > RESET_REQUESTS_PER_ACCOUNT.limit) throw limited(byAccount, AUTH_MESSAGES.tooManyResets);
  if (byAddress.count > RESET_REQUESTS_PER_ADDRESS.limit) throw limited(byAddress, AUTH_MESSAGES.tooManyResets);
}
