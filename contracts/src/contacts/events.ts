import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/**
 * Stream `candidate-contact-<threadId>`: the messages one company sent one candidate (ADR 032).
 * The thread id is derived from the pair (`contactThreadIdFor` in command-service), so the stream
 * is found without a lookup and two companies never write to the same stream.
 */
export const candidateContactStreamId = (threadId: string) => `candidate-contact-${threadId}`;

/** The kinds of contact the spec's call names (part 2 §7: `contactType`, value `inquiry`). */
export const CONTACT_TYPES = ['inquiry'] as const;
export const ContactType = z.enum(CONTACT_TYPES);
export type ContactType = z.infer<typeof ContactType>;

/**
 * A company on a paid plan sent a candidate a message through Hireloop. The message is sealed
 * under the candidate's key (ADR 019, ADR 032): it was written to them, lands in their inbox and
 * mailbox, and goes when they are erased. The sender is named by user id only.
 */
export const CandidateContacted = z.object({
  contactId: z.string(),
  threadId: z.string(),
  companyId: z.string(),
  /** The candidate's user id: whose key seals the message. */
  candidateUserId: z.string(),
  candidateProfileId: z.string(),
  contactType: ContactType,
  /** The company's message, trimmed, never empty; sealed. */
  message: z.string(),
  /** The company user who sent it. */
  sentBy: z.string(),
  sentAt: z.string(),
});
export type CandidateContacted = z.infer<typeof CandidateContacted>;

/**
 * The candidate answered in the thread (ADR 069). Their words are their personal data: sealed under
 * their own key like the company's messages, so erasing them shreds the whole thread.
 */
export const CandidateReplied = z.object({
  messageId: z.string(),
  threadId: z.string(),
  companyId: z.string(),
  candidateUserId: z.string(),
  candidateProfileId: z.string(),
  /** The candidate's reply, trimmed, never empty; sealed. */
  message: z.string(),
  sentAt: z.string(),
});
export type CandidateReplied = z.infer<typeof CandidateReplied>;

/**
 * A user of the thread's company opened the conversation and saw every message up to `upTo` (ADR
 * 069): one mark per company and thread, shared by its users. Ids and times only.
 */
export const ConversationReadByCompany = z.object({
  threadId: z.string(),
  companyId: z.string(),
  readBy: z.string(),
  upTo: z.string(),
  readAt: z.string(),
});
export type ConversationReadByCompany = z.infer<typeof ConversationReadByCompany>;

export type ContactEvent =
  | { type: 'CandidateContacted'; data: CandidateContacted }
  | { type: 'CandidateReplied'; data: CandidateReplied }
  | { type: 'ConversationReadByCompany'; data: ConversationReadByCompany };

export const ContactEventSchemas = { CandidateContacted, CandidateReplied, ConversationReadByCompany } satisfies EventSchemas<ContactEvent>;

/** Stream `inbox-reads-<candidateUserId>`: how far the candidate has read their inbox. */
export const inboxReadsStreamId = (candidateUserId: string) => `inbox-reads-${candidateUserId}`;

/**
 * The candidate opened their inbox and saw every message sent up to `upTo` (the newest it showed):
 * those are read, later ones are new. A mark, not a copy of anything: ids and times only.
 */
export const InboxReadUpTo = z.object({
  candidateUserId: z.string(),
  upTo: z.string(),
  readAt: z.string(),
});
export type InboxReadUpTo = z.infer<typeof InboxReadUpTo>;

export type InboxReadEvent = { type: 'InboxReadUpTo'; data: InboxReadUpTo };

export const InboxReadEventSchemas = { InboxReadUpTo } satisfies EventSchemas<InboxReadEvent>;
