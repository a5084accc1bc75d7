import { z } from 'zod';
import { DomainError } from '../common/errors';
import { ContactType } from './events';

/** The spec's texts (part 2 §5, §8), verbatim, and the API's own clear 4xx answers (ADR 032). */
export const CONTACT_MESSAGES = {
  // Toasts of the spec (part 2 §8).
  premiumFeatureTitle: 'Premium Feature Required',
  premiumFeatureText: 'Upgrade to a premium plan to contact candidates directly.',
  premiumRequiredTitle: 'Premium Required',
  premiumRequiredText: 'Please upgrade to contact candidates.',
  failedTitle: 'Failed to Send',
  failedText: 'Unable to send message. Please try again.',
  connectionErrorTitle: 'Connection Error',
  connectionErrorText: 'Unable to send message. Please check your connection and try again.',
  sentTitle: 'Contact Sent!',
  /** The spec says only that the message goes to the candidate by email; the words are ours. */
  sentText: 'Your message is on its way to the candidate by email and in their Hireloop inbox.',
  // The server's answers.
  companiesOnly: 'Only company accounts can contact candidates.',
  noCompany: 'Your account belongs to no company.',
  candidateNotFound: 'Candidate not found: their profile does not exist or is private.',
  emptyMessage: 'Please write a message to the candidate.',
  messageTooLong: (max: number) => `Message must be at most ${max} characters`,
  noPlan: 'Contacting candidates is part of a paid plan. Choose a plan to contact candidates directly.',
  freePlan: 'The free plan lets you browse candidates. Upgrade to a paid plan to contact them directly.',
  subscriptionEnded: 'Your company’s subscription has ended. Choose a paid plan again to contact candidates.',
  paymentSuspended: 'Your company’s subscription is suspended because its payment failed. Update your payment method in the billing portal to contact candidates.',
  tooManyContacts: (minutes: number) => `You have contacted many candidates in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  // The candidate's inbox.
  inboxCandidatesOnly: 'Only candidate accounts have an inbox.',
  sentCompaniesOnly: 'Only company accounts have sent messages.',
  // Conversations (ADR 069).
  emptyReply: 'Please write a reply.',
  tooManyReplies: (minutes: number) => `You have sent many replies in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  conversationNotFound: 'Conversation not found.',
  companyReadsOnly: 'Only a user of the conversation’s company marks it read here; candidates mark their inbox read.',
  replySentTitle: 'Reply sent',
  /** What a company sees for a candidate who has not made themselves known to it (ADR 066). */
  anonymousCandidate: 'Anonymous Candidate',
} as const;

/**
 * The prompt's default text (part 2 §5: "a prompt with a default invitation text"). The spec does
 * not give its words; these are ours.
 */
export const DEFAULT_CONTACT_MESSAGE =
  'Hi! We came across your profile on Hireloop and would love to talk with you about opportunities at our company. Would you be open to a conversation?';

export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

/**
 * The plan does not allow contacting: a 403 whose body carries `requiresUpgrade: true`, so the
 * page shows 'Premium Required' with this text and opens the upgrade dialog (part 2 §8).
 */
export class UpgradeRequiredError extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

/** `POST /api/candidates/contact` (part 2 §7): candidateId (the card's profile id), message, contactType. */
export const ContactCandidateBody = z.object({
  candidateId: z.string().trim().min(1, 'candidateId is required').max(100),
  // Trimmed before anything else looks at it; whitespace only is empty (part 2 §5).
  message: z
    .string({ error: CONTACT_MESSAGES.emptyMessage })
    .trim()
    .min(1, CONTACT_MESSAGES.emptyMessage)
    .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong(CONTACT_MESSAGE_MAX_LENGTH)),
  contactType: ContactType.default('inquiry'),
});
export type ContactCandidateBody = z.input<typeof ContactCandidateBody>;

export const ContactCandidateResponse = z.object({
  success: z.literal(true),
  message: z.literal(CONTACT_MESSAGES.sentTitle),
  contactId: z.string(),
});
export type ContactCandidateResponse = z.infer<typeof ContactCandidateResponse>;

/** The answer when the plan does not allow contacting (part 2 §7: "error and requiresUpgrade on failure"). */
export const UpgradeRequiredBody = z.object({ success: z.literal(false), error: z.string(), requiresUpgrade: z.literal(true) });
export type UpgradeRequiredBody = z.infer<typeof UpgradeRequiredBody>;

/** One message in a candidate's inbox, with the company that sent it. */
export const InboxMessage = z.object({
  contactId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  contactType: ContactType,
  message: z.string(),
  sentAt: z.string(),
  /** Sent after the candidate last opened their inbox. */
  unread: z.boolean(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/** `GET /api/inbox`: the signed-in candidate's own messages, newest first, and how many are new. */
export const InboxResponse = z.object({ success: z.literal(true), messages: z.array(InboxMessage), unreadCount: z.number().int().nonnegative() });
export type InboxResponse = z.infer<typeof InboxResponse>;

/**
 * One message the company sent (ADR 032): to which candidate (their card's id and title; the
 * profile page shows the rest by its own rules), what and when. '[erased]' once the candidate was.
 */
export const SentMessage = z.object({
  contactId: z.string(),
  candidateId: z.string(),
  candidateTitle: z.string(),
  contactType: ContactType,
  message: z.string(),
  sentAt: z.string(),
});
export type SentMessage = z.infer<typeof SentMessage>;

/** `GET /api/contacts/sent`: the signed-in company user's company's messages, newest first. */
export const SentMessagesResponse = z.object({ success: z.literal(true), messages: z.array(SentMessage) });
export type SentMessagesResponse = z.infer<typeof SentMessagesResponse>;

/** `POST /api/inbox/read`: the candidate saw every message sent up to `upTo` (the newest one the inbox showed). */
export const MarkInboxReadBody = z.object({
  upTo: z.iso.datetime({ error: 'upTo must be the time of a message (ISO 8601)' }),
});
export type MarkInboxReadBody = z.infer<typeof MarkInboxReadBody>;

export const MarkInboxReadResponse = z.object({ success: z.literal(true), readUpTo: z.string() });
export type MarkInboxReadResponse = z.infer<typeof MarkInboxReadResponse>;

/** `POST /api/conversations/{threadId}/messages`: a reply in a thread, by its candidate or a user of its company (ADR 069). */
export const ReplyBody = z.object({
  message: z
    .string({ error: CONTACT_MESSAGES.emptyReply })
    .trim()
    .min(1, CONTACT_MESSAGES.emptyReply)
    .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong(CONTACT_MESSAGE_MAX_LENGTH)),
});
export type ReplyBody = z.input<typeof ReplyBody>;

export const ReplyResponse = z.object({ success: z.literal(true), messageId: z.string(), sentAt: z.string() });
export type ReplyResponse = z.infer<typeof ReplyResponse>;

export const ConversationParams = z.object({ threadId: z.string().regex(/^[0-9a-f]{32}$/, 'threadId must be a conversation id') });

export const CONVERSATION_SIDES = ['company', 'candidate'] as const;
export const ConversationSide = z.enum(CONVERSATION_SIDES);
export type ConversationSide = z.infer<typeof ConversationSide>;

/** One message of a conversation: who wrote it (a side, never a person), what and when. */
export const ConversationMessage = z.object({
  messageId: z.string(),
  from: ConversationSide,
  message: z.string(),
  sentAt: z.string(),
  /** Written by the other side after the caller's side last read the thread. */
  unread: z.boolean(),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

/**
 * One thread of one company with one candidate, as the caller sees it (ADR 069). The candidate is
 * named to the company only when they made themselves known to it (ADR 066), else `Anonymous
 * Candidate`; `candidate.title` is the anonymous card's title.
 */
export const Conversation = z.object({
  threadId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  candidate: z.object({ profileId: z.string(), title: z.string(), displayName: z.string(), known: z.boolean() }),
  /** Oldest first. */
  messages: z.array(ConversationMessage),
  lastActivityAt: z.string(),
  unreadCount: z.number().int().nonnegative(),
});
export type Conversation = z.infer<typeof Conversation>;

/** `GET /api/conversations`: the caller's conversations (a candidate's own, a company user's company's), latest activity first. */
export const ConversationsResponse = z.object({ success: z.literal(true), conversations: z.array(Conversation), unreadCount: z.number().int().nonnegative() });
export type ConversationsResponse = z.infer<typeof ConversationsResponse>;

/** `POST /api/conversations/{threadId}/read`: the company saw the thread up to `upTo`. */
export const MarkConversationReadBody = MarkInboxReadBody;
export type MarkConversationReadBody = MarkInboxReadBody;
export const MarkConversationReadResponse = MarkInboxReadResponse;
