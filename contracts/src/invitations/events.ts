import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/**
 * Stream `invitation-<invitationId>`, where the invitation id is derived from the job and the
 * candidate (`invitationIdFor` in command-service): one stream per candidate and job, so "one
 * open invitation per candidate and job" is the stream's own rule. An invitation that expired
 * may be followed by a new one on the same stream, with a new token (ADR 031).
 *
 * The token itself is never in an event; `tokenHash` is its sha256 (the token carries 256
 * random bits, so the hash gives nothing back), which lets the read model find an invitation
 * by token after any replay.
 */
export const InvitationSent = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  /** The candidate's user id: whose key seals the personal message (ADR 019). */
  candidateUserId: z.string(),
  candidateProfileId: z.string(),
  /** The company's personal message to the candidate ('' when none); sealed. */
  message: z.string(),
  tokenHash: z.string(),
  /** The user who sent it: a user of the company, or an admin acting for it. */
  sentBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationSent = z.infer<typeof InvitationSent>;

/** The candidate revealed their profile (name and email) to the company, by the invitation's token. */
export const InvitationRevealed = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  candidateUserId: z.string(),
  revealedAt: z.string(),
});
export type InvitationRevealed = z.infer<typeof InvitationRevealed>;

/** The candidate offered interview times (part 1 §3 "Availability payload"); notes and time zone sealed. */
export const InterviewAvailabilitySubmitted = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  candidateUserId: z.string(),
  availableDays: z.array(z.string()),
  availableTimes: z.array(z.string()),
  timezone: z.string(),
  additionalNotes: z.string(),
  submittedAt: z.string(),
});
export type InterviewAvailabilitySubmitted = z.infer<typeof InterviewAvailabilitySubmitted>;

/**
 * The company that owns the job (or an admin for it) moved a request whose candidate offered
 * interview times to the offer stage (part 1 §4 `offer_stage`). Ids and dates only: nothing to seal.
 */
export const InvitationMovedToOfferStage = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  candidateUserId: z.string(),
  /** The user who moved it: a user of the company, or an admin acting for it. */
  movedBy: z.string(),
  movedAt: z.string(),
});
export type InvitationMovedToOfferStage = z.infer<typeof InvitationMovedToOfferStage>;

/**
 * The invitee opened the invitation page (by the mail's token, or signed in by its id) for the
 * first time (ADR 070): the company's list shows it as Viewed. Ids and a date only.
 */
export const InvitationViewed = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  candidateUserId: z.string(),
  viewedAt: z.string(),
});
export type InvitationViewed = z.infer<typeof InvitationViewed>;

/**
 * The invitee said no to the request (ADR 104): by the mail's token, or signed in from the app.
 * Ids and a date only: nothing to seal. The company's list says Declined; the invitation can no
 * longer be revealed, answered with times, or moved to the offer stage.
 */
export const InvitationDeclined = z.object({
  invitationId: z.string(),
  jobId: z.string(),
  companyId: z.string(),
  candidateUserId: z.string(),
  declinedAt: z.string(),
});
export type InvitationDeclined = z.infer<typeof InvitationDeclined>;

export type InvitationEvent =
  | { type: 'InvitationSent'; data: InvitationSent }
  | { type: 'InvitationViewed'; data: InvitationViewed }
  | { type: 'InvitationRevealed'; data: InvitationRevealed }
  | { type: 'InterviewAvailabilitySubmitted'; data: InterviewAvailabilitySubmitted }
  | { type: 'InvitationMovedToOfferStage'; data: InvitationMovedToOfferStage }
  | { type: 'InvitationDeclined'; data: InvitationDeclined };

export const InvitationEventSchemas = {
  InvitationSent,
  InvitationViewed,
  InvitationRevealed,
  InterviewAvailabilitySubmitted,
  InvitationMovedToOfferStage,
  InvitationDeclined,
} satisfies EventSchemas<InvitationEvent>;

export const invitationStreamId = (invitationId: string) => `invitation-${invitationId}`;
