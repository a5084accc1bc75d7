import { createHash } from 'node:crypto';
import {
  CONTACT_MESSAGES,
  ContactEventSchemas,
  DomainError,
  UpgradeRequiredError,
  type ContactEvent,
  type ContactType,
  type UserType,
} from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import type { SubscriptionState } from '../subscriptions/decider';

/**
 * The thread of one company with one candidate: the first 32 hex digits of
 * sha256(`contact:<companyId>:<candidateUserId>`). The stream `candidate-contact-<id>` is found
 * from the pair without a lookup (ADR 032).
 */
export const contactThreadIdFor = (companyId: string, candidateUserId: string): string =>
  createHash('sha256').update(`contact:${companyId}:${candidateUserId}`).digest('hex').slice(0, 32);

/**
 * Whether a company's plan lets it contact candidates, decided from its subscription stream as
 * folded by the subscription decider (never from a read model, which may lag a webhook):
 *
 * | plan                       | contact? |
 * |----------------------------|----------|
 * | none chosen (or a checkout not completed) | no (requiresUpgrade) |
 * | free                       | no (requiresUpgrade) |
 * | paid, trialing             | yes |
 * | paid, active               | yes (also when cancelled at the period's end, until it ends) |
 * | paid, past_due             | yes: the provider is still retrying the payment (ADR 032) |
 * | paid, unpaid or paused     | no: the provider gave up collecting or paused it |
 * | paid, canceled             | no (requiresUpgrade) |
 *
 * Answers null when allowed, else the server's text for 'Premium Required'.
 */
export function contactRefusal(subscription: SubscriptionState): string | null {
  const { planId, status, provider } = subscription;
  if (planId === null) return CONTACT_MESSAGES.noPlan;
  if (planId === 'free') return CONTACT_MESSAGES.freePlan;
  switch (status) {
    case 'trialing':
    case 'active':
      return null;
    case 'past_due':
      // The state says past_due for `unpaid` and `paused` too; the provider's own status tells them apart.
      return provider?.providerStatus === 'past_due' ? null : CONTACT_MESSAGES.paymentSuspended;
    case 'canceled':
      return CONTACT_MESSAGES.subscriptionEnded;
    case 'none':
    case 'pending':
      return CONTACT_MESSAGES.noPlan;
    default:
      return assertNever(status);
  }
}

/**
 * Stream `candidate-contact-<threadId>`: who the thread is between, how many messages it holds
 * (both sides), when the last was sent, and how far the company has read it (ADR 069).
 */
export interface ContactThreadState {
  messages: number;
  lastSentAt: string | null;
  companyId: string | null;
  candidateUserId: string | null;
  candidateProfileId: string | null;
  /** The newest message time a user of the company has seen in this thread. */
  companyReadUpTo: string | null;
  /** The company user who wrote last: whom a candidate's reply is mailed to (ADR 069). */
  lastCompanySender: string | null;
}

/** Who acts: a signed-in user, with their company when they are a company user. */
type Actor = { userId: string; type: UserType; companyId: string | null };

export type ContactCommand =
  | {
      type: 'ContactCandidate';
      data: {
        contactId: string;
        threadId: string;
        /** The sender: a company user, with their company. */
        by: Actor;
        /** The company's subscription, folded from its stream. */
        subscription: SubscriptionState;
        /** The candidate's profile as its stream stands: null when there is none (or its person was erased). */
        candidate: { profileId: string; userId: string; isPublic: boolean } | null;
        contactType: ContactType;
        message: string;
        now: string;
      };
    }
  | {
      /**
       * A reply in an existing thread (ADR 069): by its candidate (a `CandidateReplied`), or by a
       * user of its company on a plan that allows contacting (a further `CandidateContacted`).
       */
      type: 'Reply';
      data: {
        messageId: string;
        threadId: string;
        by: Actor;
        /** The company's subscription (only read when a company user replies). */
        subscription: SubscriptionState | null;
        /** Whether the thread's candidate still exists (false once erased: nothing can be sealed for them). */
        candidateExists: boolean;
        message: string;
        now: string;
      };
    }
  | { type: 'MarkReadByCompany'; data: { threadId: string; by: Actor; upTo: string; now: string } };

const notFound = () => new DomainError('not_found', CONTACT_MESSAGES.conversationNotFound);

/** The thread exists and the actor is one of its two sides; which one. A stranger learns nothing: 404. */
function sideOf(state: ContactThreadState, by: Actor): 'company' | 'candidate' {
  if (state.messages === 0 || !state.companyId || !state.candidateUserId) throw notFound();
  if (by.type === 'company' && by.companyId === state.companyId) return 'company';
  if (by.type === 'candidate' && by.userId === state.candidateUserId) return 'candidate';
  throw notFound();
}

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactThreadState> = {
  schemas: ContactEventSchemas,
  initialState: () => ({ messages: 0, lastSentAt: null, companyId: null, candidateUserId: null, candidateProfileId: null, companyReadUpTo: null, lastCompanySender: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CandidateContacted':
      case 'CandidateReplied': {
        const { companyId, candidateUserId, candidateProfileId, sentAt } = event.data;
        const lastCompanySender = event.type === 'CandidateContacted' ? event.data.sentBy : state.lastCompanySender;
        return { ...state, messages: state.messages + 1, lastSentAt: sentAt, companyId, candidateUserId, candidateProfileId, lastCompanySender };
      }
      case 'ConversationReadByCompany':
        return { ...state, companyReadUpTo: state.companyReadUpTo !== null && state.companyReadUpTo > event.data.upTo ? state.companyReadUpTo : event.data.upTo };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ContactCandidate': {
        const { contactId, threadId, by, subscription, candidate, contactType, now } = command.data;
        if (by.type !== 'company') throw new DomainError('forbidden', CONTACT_MESSAGES.companiesOnly);
        if (!by.companyId) throw new DomainError('forbidden', CONTACT_MESSAGES.noCompany);
        const refusal = contactRefusal(subscription);
        if (refusal) throw new UpgradeRequiredError(refusal);
        // A private profile answers like a missing one: a company cannot learn that it exists.
        if (!candidate || !candidate.isPublic) throw new DomainError('not_found', CONTACT_MESSAGES.candidateNotFound);
        const message = command.data.message.trim();
        if (!message) throw new DomainError('validation', CONTACT_MESSAGES.emptyMessage);
        return [
          {
            type: 'CandidateContacted',
            data: {
              contactId,
              threadId,
              companyId: by.companyId,
              candidateUserId: candidate.userId,
              candidateProfileId: candidate.profileId,
              contactType,
              message,
              sentBy: by.userId,
              sentAt: now,
            },
          },
        ];
      }
      case 'Reply': {
        const { messageId, threadId, by, subscription, candidateExists, now } = command.data;
        const side = sideOf(state, by);
        // An erased candidate's thread reads [erased]: no one writes to it again.
        if (!candidateExists) throw notFound();
        const message = command.data.message.trim();
        if (!message) throw new DomainError('validation', CONTACT_MESSAGES.emptyReply);
        const base = { threadId, companyId: state.companyId!, candidateUserId: state.candidateUserId!, candidateProfileId: state.candidateProfileId!, message, sentAt: now };
        if (side === 'candidate') return [{ type: 'CandidateReplied', data: { messageId, ...base } }];
        // Writing to a candidate is the paid feature, in a thread as in a first contact (ADR 069);
        // reading the thread is not.
        const refusal = subscription ? contactRefusal(subscription) : CONTACT_MESSAGES.noPlan;
        if (refusal) throw new UpgradeRequiredError(refusal);
        return [{ type: 'CandidateContacted', data: { contactId: messageId, contactType: 'inquiry', sentBy: by.userId, ...base } }];
      }
      case 'MarkReadByCompany': {
        const { threadId, by, now } = command.data;
        if (sideOf(state, by) !== 'company') throw new DomainError('forbidden', CONTACT_MESSAGES.companyReadsOnly);
        // A mark past now counts as now; one at or before the last records nothing (as the candidate's inbox mark).
        const upTo = new Date(Math.min(Date.parse(command.data.upTo), Date.parse(now))).toISOString();
        if (state.companyReadUpTo !== null && upTo <= state.companyReadUpTo) return [];
        return [{ type: 'ConversationReadByCompany', data: { threadId, companyId: state.companyId!, readBy: by.userId, upTo, readAt: now } }];
      }
      default:
        return assertNever(command);
    }
  },
};
