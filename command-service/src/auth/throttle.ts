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
/** New accounts per client address: a household or an office signs up a few, a bot hundreds. */
export const SIGN_UPS_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

const minutes = (state: RateLimitState) => Math.max(1, Math.ceil(state.retryAfterMs / 60_000));

export const limited = (state: RateLimitState, message: (minutes: number) => string) =>
  new DomainError('rate_limited', message(minutes(state)), Math.ceil(state.retryAfterMs / 1000));

const over = (state: RateLimitState, rule: RateLimitRule) => state.count > rule.limit;

const failuresKey = (email: string) => `signin:failures:${emailHash(email)}`;

/**
 * Admits one password check, or refuses with 429. The attempt is counted against the account
 * *before* the password is checked (one atomic increment), so however many requests arrive at
 * once, at most the limit of them are checked; `signInSucceeded` takes the count back.
 * Counting after the check let 61 parallel guesses through (each read the counter before any
 * of them raised it).
 */
export async function admitSignIn(deps: CommandServiceDeps, email: string, address: string) {
  const now = deps.clock.now();
  const byAddress = await deps.rateLimiter.hit(`signin:ip:${address}`, SIGN_INS_PER_ADDRESS, now);
  if (over(byAddress, SIGN_INS_PER_ADDRESS)) throw limited(byAddress, AUTH_MESSAGES.tooManySignIns);
  const byAccount = await deps.rateLimiter.hit(failuresKey(email), SIGN_IN_FAILURES_PER_ACCOUNT, now);
  if (over(byAccount, SIGN_IN_FAILURES_PER_ACCOUNT)) {
    await deps.rateLimiter.undo(failuresKey(email), SIGN_IN_FAILURES_PER_ACCOUNT, now);
    throw limited(byAccount, AUTH_MESSAGES.accountLocked);
  }
}

/** A right password is not a failure: give back the attempt `admitSignIn` counted. */
export const signInSucceeded = (deps: CommandServiceDeps, email: string) =>
  deps.rateLimiter.undo(failuresKey(email), SIGN_IN_FAILURES_PER_ACCOUNT, deps.clock.now());

/**
 * The owner proved control of the mailbox by using a reset link: whatever a stranger did to
 * lock the account out, it is open again (ADR 009).
 */
export const unlockSignIn = (deps: CommandServiceDeps, email: string) => deps.rateLimiter.clear(failuresKey(email));

/** Counted per email whether or not it has an account, so a 429 reveals nothing either. */
export async function throttleResetRequest(deps: CommandServiceDeps, email: string, address: string) {
  const now = deps.clock.now();
  const [byAddress, byAccount] = await Promise.all([
    deps.rateLimiter.hit(`reset:ip:${address}`, RESET_REQUESTS_PER_ADDRESS, now),
    deps.rateLimiter.hit(`reset:email:${emailHash(email)}`, RESET_REQUESTS_PER_ACCOUNT, now),
  ]);
  if (over(byAccount, RESET_REQUESTS_PER_ACCOUNT)) throw limited(byAccount, AUTH_MESSAGES.tooManyResets);
  if (over(byAddress, RESET_REQUESTS_PER_ADDRESS)) throw limited(byAddress, AUTH_MESSAGES.tooManyResets);
}

/**
 * Sign-up answers 409 for a taken email (the spec requires it), so each address may only ask
 * that question a few times an hour; counted before anything is looked up.
 */
export async function throttleSignUp(deps: CommandServiceDeps, address: string) {
  const state = await deps.rateLimiter.hit(`signup:ip:${address}`, SIGN_UPS_PER_ADDRESS, deps.clock.now());
  if (over(state, SIGN_UPS_PER_ADDRESS)) throw limited(state, AUTH_MESSAGES.tooManySignUps);
}
