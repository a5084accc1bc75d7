import { INVITATION_MESSAGES } from '@hireloop/contracts';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';

/**
 * Every invitation mails a candidate. A hiring team sends a few requests an hour (a bulk one
 * counts once, up to 100 candidates); a script mailing every profile sends many more.
 */
export const INVITATION_REQUESTS_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };

/** Counts one send or bulk request against the account; 429 past the limit. */
export async function throttleInvitations(deps: CommandServiceDeps, userId: string) {
  const state = await deps.rateLimiter.hit(`invitations:send:user:${userId}`, INVITATION_REQUESTS_PER_ACCOUNT, deps.clock.now());
  if (state.count > INVITATION_REQUESTS_PER_ACCOUNT.limit) throw limited(state, INVITATION_MESSAGES.tooManyInvitations);
}

/** Moving requests mails nobody, but each is a write: a generous limit of its own, apart from sending. */
export const INVITATION_MOVES_PER_ACCOUNT: RateLimitRule = { limit: 120, windowMs: 60 * 60_000 };

/** Counts one move (to the offer stage) against the account; 429 past the limit. */
export async function throttleInvitationMoves(deps: CommandServiceDeps, userId: string) {
  const state = await deps.rateLimiter.hit(`invitations:move:user:${userId}`, INVITATION_MOVES_PER_ACCOUNT, deps.clock.now());
  if (state.count > INVITATION_MOVES_PER_ACCOUNT.limit) throw limited(state, INVITATION_MESSAGES.tooManyMoves);
}
