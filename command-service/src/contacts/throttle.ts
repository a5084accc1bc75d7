import { CONTACT_MESSAGES } from '@hireloop/contracts';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';

/**
 * Every contact mails a candidate. A recruiter writes a few dozen messages an hour at most; a
 * script mailing every public profile writes many more (ADR 032, like invitations in ADR 031).
 */
export const CONTACTS_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };

/** Counts one contact request against the account; 429 with Retry-After past the limit. */
export async function throttleContacts(deps: CommandServiceDeps, userId: string) {
  const state = await deps.rateLimiter.hit(`contacts:send:user:${userId}`, CONTACTS_PER_ACCOUNT, deps.clock.now());
  if (state.count > CONTACTS_PER_ACCOUNT.limit) throw limited(state, CONTACT_MESSAGES.tooManyContacts);
}

/**
 * A candidate's replies mail no one, but each is a sealed event in the log: a person in a
 * conversation writes a few an hour, a script many more (ADR 069).
 */
export const REPLIES_PER_ACCOUNT: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 };

/** Counts one candidate reply against the account; 429 with Retry-After past the limit. */
export async function throttleReplies(deps: CommandServiceDeps, userId: string) {
  const state = await deps.rateLimiter.hit(`conversations:reply:user:${userId}`, REPLIES_PER_ACCOUNT, deps.clock.now());
  if (state.count > REPLIES_PER_ACCOUNT.limit) throw limited(state, CONTACT_MESSAGES.tooManyReplies);
}
