import { CandidateContacted, CandidateReplied, ConversationReadByCompany, ERASED, InboxReadUpTo, PersonErased, type ConversationSide } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

export type ConversationMessageDocument = { messageId: string; from: ConversationSide; message: string; sentAt: string };

/**
 * One thread of one company with one candidate, shaped for both inboxes (ADR 069): its messages
 * oldest first, when it last moved, each side's read mark and how many of the other side's
 * messages that side has not read. Ids only for the people: the screens name the company and the
 * candidate (the latter by ADR 066's rule) when they read it.
 */
export type ConversationDocument = {
  _id: string;
  threadId: string;
  companyId: string;
  candidateUserId: string;
  candidateProfileId: string;
  messages: ConversationMessageDocument[];
  lastActivityAt: string;
  /** The candidate's inbox mark (ADR 032): one for all their threads. */
  candidateReadUpTo: string | null;
  /** The company's mark on this thread, shared by its users. */
  companyReadUpTo: string | null;
  unreadForCandidate: number;
  unreadForCompany: number;
};

const schemas = { CandidateContacted, CandidateReplied, ConversationReadByCompany, InboxReadUpTo, PersonErased };
type ConversationEvent = ProjectedEvent<typeof schemas>;

const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);
const unreadFrom = (messages: readonly ConversationMessageDocument[], from: ConversationSide, readUpTo: string | null) =>
  messages.filter((message) => message.from === from && (readUpTo === null || message.sentAt > readUpTo)).length;

/** The counts follow from the messages and the marks: recomputed after every change. */
function withCounts(doc: ConversationDocument): ConversationDocument {
  return {
    ...doc,
    unreadForCandidate: unreadFrom(doc.messages, 'company', doc.candidateReadUpTo),
    unreadForCompany: unreadFrom(doc.messages, 'candidate', doc.companyReadUpTo),
  };
}

function withMessage(doc: ConversationDocument | null, data: CandidateContacted | CandidateReplied, message: ConversationMessageDocument): ConversationDocument {
  const base: ConversationDocument = doc ?? {
    _id: data.threadId,
    threadId: data.threadId,
    companyId: data.companyId,
    candidateUserId: data.candidateUserId,
    candidateProfileId: data.candidateProfileId,
    messages: [],
    lastActivityAt: data.sentAt,
    candidateReadUpTo: null,
    companyReadUpTo: null,
    unreadForCandidate: 0,
    unreadForCompany: 0,
  };
  if (base.messages.some((known) => known.messageId === message.messageId)) return base;
  const messages = [...base.messages, message].sort((a, b) => (a.sentAt < b.sentAt ? -1 : a.sentAt > b.sentAt ? 1 : 0));
  return withCounts({ ...base, messages, lastActivityAt: later(base.lastActivityAt, data.sentAt) });
}

/**
 * Pure: a conversation after an event. A candidate's inbox mark reaches every thread of theirs
 * (the caller passes only those); erasing the candidate turns every message of their threads,
 * both sides', into `[erased]` (ADR 019): the company keeps that a thread was, not what it said.
 */
export function evolveConversation(doc: ConversationDocument | null, event: ConversationEvent): ConversationDocument | null {
  switch (event.type) {
    case 'CandidateContacted': {
      const { contactId, message, sentAt } = event.data;
      return withMessage(doc, event.data, { messageId: contactId, from: 'company', message, sentAt });
    }
    case 'CandidateReplied': {
      const { messageId, message, sentAt } = event.data;
      return withMessage(doc, event.data, { messageId, from: 'candidate', message, sentAt });
    }
    case 'ConversationReadByCompany':
      return doc && withCounts({ ...doc, companyReadUpTo: later(doc.companyReadUpTo, event.data.upTo) });
    case 'InboxReadUpTo':
      return doc && withCounts({ ...doc, candidateReadUpTo: later(doc.candidateReadUpTo, event.data.upTo) });
    case 'PersonErased':
      return doc && { ...doc, messages: doc.messages.map((message) => ({ ...message, message: ERASED })) };
    default:
      return unhandled(event);
  }
}

/**
 * `conversations` (ADR 069): one document per contact thread, for the candidate's inbox and the
 * company's, each read with one indexed query. The messages are the candidate's personal data,
 * scrubbed when they are erased (the log's sealed copies read `[erased]` then).
 */
export const conversationsProjection = evolvingProjection({
  name: 'conversations',
  version: 1,
  collections: { conversations: { indexes: [{ fields: ['candidateUserId', 'lastActivityAt'] }, { fields: ['companyId', 'lastActivityAt'] }] } },
  schemas,
  slices: [
    slice('conversations', {
      documents: (event: ConversationEvent) => {
        switch (event.type) {
          case 'CandidateContacted':
          case 'CandidateReplied':
          case 'ConversationReadByCompany':
            return event.data.threadId;
          case 'InboxReadUpTo':
            return { where: { candidateUserId: event.data.candidateUserId } };
          case 'PersonErased':
            return { where: { candidateUserId: event.data.userId } };
          default:
            return unhandled(event);
        }
      },
      evolve: evolveConversation,
    }),
  ],
});
