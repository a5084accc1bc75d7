import { describe, it } from 'vitest';
import { ERASED, type CandidateContacted, type CandidateReplied } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { conversationsProjection } from './projection';

const spec = projectionSpec(conversationsProjection);
const thread = 'a'.repeat(32);
const contacted = (n: number, message: string, candidateUserId = 'user-ada', threadId = thread): CandidateContacted => ({
  contactId: `contact-${n}`,
  threadId,
  companyId: 'company-1',
  candidateUserId,
  candidateProfileId: `profile-${candidateUserId}`,
  contactType: 'inquiry',
  message,
  sentBy: 'user-owner',
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
});
const replied = (n: number, message: string): CandidateReplied => ({
  messageId: `reply-${n}`,
  threadId: thread,
  companyId: 'company-1',
  candidateUserId: 'user-ada',
  candidateProfileId: 'profile-user-ada',
  message,
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
});
const stream = `candidate-contact-${thread}`;
const base = { _id: thread, threadId: thread, companyId: 'company-1', candidateUserId: 'user-ada', candidateProfileId: 'profile-user-ada', candidateReadUpTo: null, companyReadUpTo: null };

describe('conversations read model (ADR 069)', () => {
  it('one document per thread: both sides’ messages oldest first, the last activity, and each side’s unread', async () => {
    await spec
      .given([
        { streamId: stream, type: 'CandidateContacted', data: contacted(1, 'Open to a chat?') },
        { streamId: stream, type: 'CandidateReplied', data: replied(2, 'Yes, happy to.') },
        { streamId: stream, type: 'CandidateContacted', data: contacted(3, 'Great, Tuesday?') },
      ])
      .then('conversations', [
        {
          ...base,
          messages: [
            { messageId: 'contact-1', from: 'company', message: 'Open to a chat?', sentAt: '2026-11-21T10:00:00.000Z' },
            { messageId: 'reply-2', from: 'candidate', message: 'Yes, happy to.', sentAt: '2026-11-22T10:00:00.000Z' },
            { messageId: 'contact-3', from: 'company', message: 'Great, Tuesday?', sentAt: '2026-11-23T10:00:00.000Z' },
          ],
          lastActivityAt: '2026-11-23T10:00:00.000Z',
          unreadForCandidate: 2,
          unreadForCompany: 1,
        },
      ]);
  });

  it('the candidate’s inbox mark reads every thread of theirs up to it; the company’s mark reads one thread, forward only', async () => {
    const other = 'b'.repeat(32);
    await spec
      .given([
        { streamId: stream, type: 'CandidateContacted', data: contacted(1, 'Open to a chat?') },
        { streamId: `candidate-contact-${other}`, type: 'CandidateContacted', data: contacted(2, 'Hi Bo', 'user-bo', other) },
        { streamId: stream, type: 'CandidateReplied', data: replied(3, 'Yes.') },
        { streamId: 'inbox-reads-user-ada', type: 'InboxReadUpTo', data: { candidateUserId: 'user-ada', upTo: '2026-11-21T10:00:00.000Z', readAt: '2026-11-23T11:00:00.000Z' } },
        { streamId: stream, type: 'ConversationReadByCompany', data: { threadId: thread, companyId: 'company-1', readBy: 'user-owner', upTo: '2026-11-23T10:00:00.000Z', readAt: '2026-11-23T12:00:00.000Z' } },
        { streamId: stream, type: 'ConversationReadByCompany', data: { threadId: thread, companyId: 'company-1', readBy: 'user-colleague', upTo: '2026-11-21T10:00:00.000Z', readAt: '2026-11-23T12:00:00.000Z' } },
      ])
      .then('conversations', [
        {
          ...base,
          messages: [
            { messageId: 'contact-1', from: 'company', message: 'Open to a chat?', sentAt: '2026-11-21T10:00:00.000Z' },
            { messageId: 'reply-3', from: 'candidate', message: 'Yes.', sentAt: '2026-11-23T10:00:00.000Z' },
          ],
          lastActivityAt: '2026-11-23T10:00:00.000Z',
          candidateReadUpTo: '2026-11-21T10:00:00.000Z',
          companyReadUpTo: '2026-11-23T10:00:00.000Z',
          unreadForCandidate: 0,
          unreadForCompany: 0,
        },
        {
          _id: other,
          threadId: other,
          companyId: 'company-1',
          candidateUserId: 'user-bo',
          candidateProfileId: 'profile-user-bo',
          messages: [{ messageId: 'contact-2', from: 'company', message: 'Hi Bo', sentAt: '2026-11-22T10:00:00.000Z' }],
          lastActivityAt: '2026-11-22T10:00:00.000Z',
          candidateReadUpTo: null,
          companyReadUpTo: null,
          unreadForCandidate: 1,
          unreadForCompany: 0,
        },
      ]);
  });

  it('erasing the candidate turns every message of their threads, both sides’, into [erased]', async () => {
    await spec
      .given([
        { streamId: stream, type: 'CandidateContacted', data: contacted(1, 'Open to a chat?') },
        { streamId: stream, type: 'CandidateReplied', data: replied(2, 'Yes, happy to.') },
        { streamId: 'user-user-ada', type: 'PersonErased', data: { userId: 'user-ada', erasedAt: '2026-11-27T00:00:00.000Z' } },
      ])
      .then('conversations', [
        {
          ...base,
          messages: [
            { messageId: 'contact-1', from: 'company', message: ERASED, sentAt: '2026-11-21T10:00:00.000Z' },
            { messageId: 'reply-2', from: 'candidate', message: ERASED, sentAt: '2026-11-22T10:00:00.000Z' },
          ],
          lastActivityAt: '2026-11-22T10:00:00.000Z',
          unreadForCandidate: 1,
          unreadForCompany: 1,
        },
      ]);
  });
});
