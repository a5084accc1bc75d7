import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CANDIDATE_INVITATION_MESSAGES,
  DomainError,
  INVITATION_MESSAGES,
  InvitationEventSchemas,
  isAdminRole,
  type AvailabilityBody,
  type InvitationEvent,
  type Role,
  type UserType,
} from '@hireloop/contracts';
import type { JobState } from '../jobs/decider';
import { assertNever, type Decider } from '../shared/decider';

/**
 * The id of the invitation of one candidate to one job: sha256 of `invitation:<jobId>:<userId>`,
 * its first 32 hex digits. So the stream `invitation-<id>` is found from the pair (one open
 * invitation per candidate and job is the stream's own rule) and from the token, which starts
 * with it (ADR 031). Knowing an id grants nothing: every use checks the token's hash.
 */
export const invitationIdFor = (jobId: string, candidateUserId: string): string =>
  createHash('sha256').update(`invitation:${jobId}:${candidateUserId}`).digest('hex').slice(0, 32);

export interface InvitationAvailability {
  availableDays: string[];
  availableTimes: string[];
  timezone: string;
  additionalNotes: string;
  submittedAt: string;
}

/** Stream `invitation-<invitationId>`: the latest invitation of a candidate to a job. */
export type InvitationState =
  | { status: 'none' }
  | {
      status: 'sent' | 'revealed' | 'availability_submitted' | 'offer_stage' | 'declined';
      invitationId: string;
      jobId: string;
      companyId: string;
      candidateUserId: string;
      candidateProfileId: string;
      tokenHash: string;
      sentAt: string;
      expiresAt: string;
      /** When the invitee first opened the invitation page (ADR 070). */
      viewedAt: string | null;
      revealedAt: string | null;
      availability: InvitationAvailability | null;
      offerStageAt: string | null;
      /** When the candidate declined it (ADR 104). */
      declinedAt: string | null;
    };

/** Who sends: a company user, or an admin acting for any company. */
export interface InvitationSender {
  userId: string;
  type: UserType;
  role: Role;
  companyId: string | null;
}

export type InvitationCommand =
  | {
      type: 'SendInvitation';
      data: {
        invitationId: string;
        job: JobState;
        /** The candidate's profile as its stream stands: null when there is none. */
        /** Null: no such profile (or an erased person's). `isPublic` false: a private profile, which only an admin may invite (ADR 077). */
        candidate: { profileId: string; userId: string; isPublic: boolean } | null;
        message: string;
        tokenHash: string;
        by: InvitationSender;
        now: string;
        expiresAt: string;
      };
    }
  /** The invitee opened the invitation page: recorded the first time only (ADR 070). */
  | { type: 'ViewInvitation'; data: InvitationAccess & { now: string } }
  | { type: 'RevealProfile'; data: InvitationAccess & { now: string } }
  | { type: 'SubmitAvailability'; data: InvitationAccess & { now: string; availability: AvailabilityBody } }
  /** The invitee says no to the request (ADR 104). */
  | { type: 'DeclineInvitation'; data: InvitationAccess & { now: string } }
  /** The company that owns the job (or an admin) moves a request with interview times offered to the offer stage. */
  | { type: 'MoveToOfferStage'; data: { by: InvitationSender; now: string } };

/**
 * How the candidate reaches their invitation: by the mail's token (signed in or not), or signed in
 * as the invitee, by the invitation's id from their dashboard or inbox (ADR 062).
 */
export type InvitationAccess = { tokenHash: string } | { inviteeUserId: string };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

/** Whether an answer offers the times already offered, with the same zone and notes. */
const sameAvailability = (current: InvitationAvailability, next: AvailabilityBody) =>
  sameSet(current.availableDays, next.availableDays) &&
  sameSet(current.availableTimes, next.availableTimes) &&
  current.timezone === next.timezone &&
  current.additionalNotes === next.additionalNotes;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** An invitation is open until its link expires, whatever the candidate did with it. */
const isOpen = (state: InvitationState, now: string) => state.status !== 'none' && now < state.expiresAt;

/**
 * The invitation a token opens, or the one answer for unknown, replaced and expired tokens: a
 * guessed or forwarded old link learns nothing (ADR 031).
 */
export function invitationOfToken(state: InvitationState, tokenHash: string, now: string) {
  if (state.status === 'none' || !sameHash(state.tokenHash, tokenHash) || !isOpen(state, now)) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  return state;
}

/** The invitation its invitee opens signed in: anyone else, an unknown id and an expired link get one answer (ADR 062). */
export function invitationOfInvitee(state: InvitationState, userId: string, now: string) {
  if (state.status === 'none' || state.candidateUserId !== userId || !isOpen(state, now)) throw new DomainError('not_found', CANDIDATE_INVITATION_MESSAGES.notFound);
  return state;
}

const invitationReached = (state: InvitationState, access: InvitationAccess, now: string) =>
  'tokenHash' in access ? invitationOfToken(state, access.tokenHash, now) : invitationOfInvitee(state, access.inviteeUserId, now);

export const invitationDecider: Decider<InvitationCommand, InvitationEvent, InvitationState> = {
  schemas: InvitationEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'InvitationSent': {
        const { invitationId, jobId, companyId, candidateUserId, candidateProfileId, tokenHash, sentAt, expiresAt } = event.data;
        // A new invitation after an expired one starts over, with its own token.
        return { status: 'sent', invitationId, jobId, companyId, candidateUserId, candidateProfileId, tokenHash, sentAt, expiresAt, viewedAt: null, revealedAt: null, availability: null, offerStageAt: null, declinedAt: null };
      }
      case 'InvitationViewed':
        return state.status === 'none' ? state : { ...state, viewedAt: event.data.viewedAt };
      case 'InvitationRevealed':
        return state.status === 'none' ? state : { ...state, status: 'revealed', revealedAt: event.data.revealedAt };
      case 'InterviewAvailabilitySubmitted': {
        if (state.status === 'none') return state;
        const { availableDays, availableTimes, timezone, additionalNotes, submittedAt } = event.data;
        return { ...state, status: 'availability_submitted', availability: { availableDays, availableTimes, timezone, additionalNotes, submittedAt } };
      }
      case 'InvitationMovedToOfferStage':
        return state.status === 'none' ? state : { ...state, status: 'offer_stage', offerStageAt: event.data.movedAt };
      case 'InvitationDeclined':
        return state.status === 'none' ? state : { ...state, status: 'declined', declinedAt: event.data.declinedAt };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SendInvitation': {
        const { invitationId, job, candidate, message, tokenHash, by, now, expiresAt } = command.data;
        const admin = isAdminRole(by.role);
        if (by.type !== 'company' && !admin) throw new DomainError('forbidden', INVITATION_MESSAGES.companiesOnly);
        if (job.status === 'none') throw new DomainError('not_found', INVITATION_MESSAGES.jobNotFound);
        if (job.source !== 'internal' || !job.companyId) throw new DomainError('validation', INVITATION_MESSAGES.jobNotOnHireloop);
        if (!admin && job.companyId !== by.companyId) throw new DomainError('forbidden', INVITATION_MESSAGES.notYourJob);
        if (job.status === 'closed') throw new DomainError('conflict', INVITATION_MESSAGES.jobClosed);
        // A private profile answers like a missing one to a company: it cannot learn that it exists (ADR 077).
        if (!candidate || (!admin && !candidate.isPublic)) throw new DomainError('not_found', INVITATION_MESSAGES.candidateNotFound);
        if (isOpen(state, now)) throw new DomainError('conflict', INVITATION_MESSAGES.alreadyInvited);
        return [
          {
            type: 'InvitationSent',
            data: {
              invitationId,
              jobId: job.jobId,
              companyId: job.companyId,
              candidateUserId: candidate.userId,
              candidateProfileId: candidate.profileId,
              message,
              tokenHash,
              sentBy: by.userId,
              sentAt: now,
              expiresAt,
            },
          },
        ];
      }
      case 'ViewInvitation': {
        const invitation = invitationReached(state, command.data, command.data.now);
        // The first view is the one the company is told of; opening it again records nothing.
        if (invitation.viewedAt !== null) return [];
        const { invitationId, jobId, companyId, candidateUserId } = invitation;
        return [{ type: 'InvitationViewed', data: { invitationId, jobId, companyId, candidateUserId, viewedAt: command.data.now } }];
      }
      case 'RevealProfile': {
        const invitation = invitationReached(state, command.data, command.data.now);
        if (invitation.status === 'declined') throw new DomainError('conflict', INVITATION_MESSAGES.alreadyDeclined);
        // Revealing again changes nothing: a second click (or a retry after a lost answer) succeeds.
        if (invitation.status !== 'sent') return [];
        const { invitationId, jobId, companyId, candidateUserId } = invitation;
        return [{ type: 'InvitationRevealed', data: { invitationId, jobId, companyId, candidateUserId, revealedAt: command.data.now } }];
      }
      case 'SubmitAvailability': {
        const invitation = invitationReached(state, command.data, command.data.now);
        if (invitation.status === 'declined') throw new DomainError('conflict', INVITATION_MESSAGES.alreadyDeclined);
        if (invitation.status === 'sent') throw new DomainError('conflict', INVITATION_MESSAGES.revealFirst);
        // Once the company moved it to the offer stage the times are theirs to arrange (ADR 118).
        if (invitation.status === 'offer_stage') throw new DomainError('conflict', INVITATION_MESSAGES.availabilityAfterOffer);
        // Until then the candidate may change them: the latest answer stands. The same answer again
        // (a double click, a second tab, a retry after a lost answer) changes nothing and mails nothing.
        if (invitation.availability && sameAvailability(invitation.availability, command.data.availability)) return [];
        const { invitationId, jobId, companyId, candidateUserId } = invitation;
        return [{ type: 'InterviewAvailabilitySubmitted', data: { invitationId, jobId, companyId, candidateUserId, ...command.data.availability, submittedAt: command.data.now } }];
      }
      case 'DeclineInvitation': {
        const invitation = invitationReached(state, command.data, command.data.now);
        // Declining again changes nothing: a double click, a second tab or a retry after a lost answer succeeds.
        if (invitation.status === 'declined') return [];
        if (invitation.status === 'offer_stage') throw new DomainError('conflict', INVITATION_MESSAGES.declineAfterOffer);
        const { invitationId, jobId, companyId, candidateUserId } = invitation;
        return [{ type: 'InvitationDeclined', data: { invitationId, jobId, companyId, candidateUserId, declinedAt: command.data.now } }];
      }
      case 'MoveToOfferStage': {
        const { by, now } = command.data;
        const admin = isAdminRole(by.role);
        if (by.type !== 'company' && !admin) throw new DomainError('forbidden', INVITATION_MESSAGES.offerCompaniesOnly);
        if (state.status === 'none') throw new DomainError('not_found', INVITATION_MESSAGES.offerNotFound);
        if (!admin && state.companyId !== by.companyId) throw new DomainError('forbidden', INVITATION_MESSAGES.offerNotYours);
        // Moving it again changes nothing: a double click or a retry succeeds, as a second reveal does.
        if (state.status === 'offer_stage') return [];
        if (state.status === 'declined') throw new DomainError('conflict', INVITATION_MESSAGES.offerDeclined);
        if (state.status !== 'availability_submitted') {
          // A link unused for 30 days is expired on the company's list; one that led to times offered is not (ADR 031).
          if (!isOpen(state, now)) throw new DomainError('conflict', INVITATION_MESSAGES.offerExpired);
          throw new DomainError('conflict', INVITATION_MESSAGES.offerBeforeInterview);
        }
        const { invitationId, jobId, companyId, candidateUserId } = state;
        return [{ type: 'InvitationMovedToOfferStage', data: { invitationId, jobId, companyId, candidateUserId, movedBy: by.userId, movedAt: now } }];
      }
      default:
        return assertNever(command);
    }
  },
};
