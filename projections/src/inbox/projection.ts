import { CandidateContacted, ERASED, InboxReadUpTo, PersonErased, type ContactType } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

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

/**
 * `inbox`: every message a company sent a candidate, by contact id, for the candidate's own inbox
 * and the company's sent messages (ADR 032). The sender's user id is left out: the candidate sees the company. The message is the
 * candidate's personal data: it is scrubbed when they are erased (ADR 019), as the log's sealed
 * copy reads `[erased]` then.
 */
export const inboxProjection: ProjectionDefinition = {
  name: 'inbox',
  // Version 2: messages are also read by their company (the company's sent messages). Read state
  // (`inbox_reads`, from `InboxReadUpTo`) came later without a bump: the event type was new, so no
  // past event reads differently (ADR 005), and no old copy of the messages is left behind.
  version: 2,
  collections: { messages: { indexes: [{ fields: ['candidateUserId', 'sentAt'] }, { fields: ['companyId', 'sentAt'] }] }, inbox_reads: {} },
  eventTypes: ['CandidateContacted', 'InboxReadUpTo', 'PersonErased'],
  async apply(event, tx) {
    const messages = tx.collection<InboxDocument>('messages');
    const reads = tx.collection<InboxReadsDocument>('inbox_reads');
    switch (event.type) {
      case 'InboxReadUpTo': {
        const { candidateUserId, upTo } = InboxReadUpTo.parse(event.data);
        const known = await reads.get(candidateUserId);
        if (!known || known.upTo < upTo) await reads.put({ _id: candidateUserId, upTo });
        return;
      }
      case 'CandidateContacted': {
        const { contactId, candidateUserId, candidateProfileId, companyId, contactType, message, sentAt } = CandidateContacted.parse(event.data);
        await messages.put({ _id: contactId, contactId, candidateUserId, candidateProfileId, companyId, contactType, message, sentAt });
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        for (const doc of await messages.find({ candidateUserId: userId })) await messages.put({ ...doc, message: ERASED });
        await reads.delete(userId);
        return;
      }
    }
  },
};
