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

/** Stream `candidate-contact-<threadId>`: how many messages the company sent this candidate, and when the last. */
export interface ContactThreadState {
  messages: number;
  lastSentAt: string | null;
}

export type ContactCommand = {
  type: 'ContactCandidate';
  data: {
    contactId: string;
    threadId: string;
    /** The sender: a company user, with their company. */
    by: { userId: string; type: UserType; companyId: string | null };
    /** The company's subscription, folded from its stream. */
    subscription: SubscriptionState;
    /** The candidate's profile as its stream stands: null when there is none (or its person was erased). */
    candidate: { profileId: string; userId: string; isPublic: boolean } | null;
    contactType: ContactType;
    message: string;
    now: string;
  };
};

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactThreadState> = {
  schemas: ContactEventSchemas,
  initialState: () => ({ messages: 0, lastSentAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CandidateContacted':
        return { messages: state.messages + 1, lastSentAt: event.data.sentAt };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command) => {
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
      default:
        return assertNever(command.type);
    }
  },
};
