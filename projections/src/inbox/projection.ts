import { CandidateContacted, ERASED, PersonErased, type ContactType } from '@hireloop/contracts';
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

/**
 * `inbox`: every message a company sent a candidate, by contact id, for the candidate's own inbox
 * and the company's sent messages (ADR 032). The sender's user id is left out: the candidate sees the company. The message is the
 * candidate's personal data: it is scrubbed when they are erased (ADR 019), as the log's sealed
 * copy reads `[erased]` then.
 */
export const inboxProjection: ProjectionDefinition = {
  name: 'inbox',
  // Version 2: messages are also read by their company (the company's sent messages).
  version: 2,
  collections: { messages: { indexes: [{ fields: ['candidateUserId', 'sentAt'] }, { fields: ['companyId', 'sentAt'] }] } },
  eventTypes: ['CandidateContacted', 'PersonErased'],
  async apply(event, tx) {
    const messages = tx.collection<InboxDocument>('messages');
    switch (event.type) {
      case 'CandidateContacted': {
        const { contactId, candidateUserId, candidateProfileId, companyId, contactType, message, sentAt } = CandidateContacted.parse(event.data);
        await messages.put({ _id: contactId, contactId, candidateUserId, candidateProfileId, companyId, contactType, message, sentAt });
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        for (const doc of await messages.find({ candidateUserId: userId })) await messages.put({ ...doc, message: ERASED });
        return;
      }
    }
  },
};
