import { CandidateContacted, ERASED, InboxReadUpTo, PersonErased, type ContactType } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

export type InboxDocument = {
  _id: string;
  contactId: string;
  candidateUserId: string;
  candidateProfileId: string;
  companyId: string;
  contactType: ContactType;
  message: string;
  sentAt: string;
};

/** How far a candidate has read their inbox: messages sent after `upTo` are new. */
export type InboxReadsDocument = { _id: string; upTo: string };

const schemas = { CandidateContacted, InboxReadUpTo, PersonErased };
type InboxEvent = ProjectedEvent<typeof schemas>;

/** Pure: a message after an event (its candidate erased: the message reads `[erased]`). */
export function evolveMessage(doc: InboxDocument | null, event: InboxEvent): InboxDocument | null {
  switch (event.type) {
    case 'CandidateContacted': {
      const { contactId, candidateUserId, candidateProfileId, companyId, contactType, message, sentAt } = event.data;
      return { _id: contactId, contactId, candidateUserId, candidateProfileId, companyId, contactType, message, sentAt };
    }
    case 'PersonErased':
      return doc && { ...doc, message: ERASED };
    case 'InboxReadUpTo':
      return doc;
    default:
      return unhandled(event);
  }
}

/** Pure: how far a candidate has read after an event (it only moves forward). */
export function evolveReads(known: InboxReadsDocument | null, event: InboxEvent): InboxReadsDocument | null {
  switch (event.type) {
    case 'InboxReadUpTo': {
      const { candidateUserId, upTo } = event.data;
      return !known || known.upTo < upTo ? { _id: candidateUserId, upTo } : known;
    }
    case 'PersonErased':
      return null;
    case 'CandidateContacted':
      return known;
    default:
      return unhandled(event);
  }
}

/**
 * `inbox`: every message a company sent a candidate, by contact id, for the candidate's own inbox
 * and the company's sent messages (ADR 032). The sender's user id is left out: the candidate sees the company. The message is the
 * candidate's personal data: it is scrubbed when they are erased (ADR 019), as the log's sealed
 * copy reads `[erased]` then.
 */
export const inboxProjection = evolvingProjection({
  name: 'inbox',
  // Version 2: messages are also read by their company (the company's sent messages). Read state
  // (`inbox_reads`, from `InboxReadUpTo`) came later without a bump: the event type was new, so no
  // past event reads differently (ADR 005), and no old copy of the messages is left behind.
  version: 2,
  collections: { messages: { indexes: [{ fields: ['candidateUserId', 'sentAt'] }, { fields: ['companyId', 'sentAt'] }] }, inbox_reads: {} },
  schemas,
  slices: [
    slice('messages', {
      documents: (event: InboxEvent) => {
        switch (event.type) {
          case 'CandidateContacted':
            return event.data.contactId;
          case 'PersonErased':
            return { where: { candidateUserId: event.data.userId } };
          case 'InboxReadUpTo':
            return null;
          default:
            return unhandled(event);
        }
      },
      evolve: evolveMessage,
    }),
    slice('inbox_reads', {
      documents: (event: InboxEvent) => (event.type === 'CandidateContacted' ? null : event.type === 'PersonErased' ? event.data.userId : event.data.candidateUserId),
      evolve: evolveReads,
    }),
  ],
});
