import { describe, it } from 'vitest';
import { ERASED, type CandidateContacted } from '@hireloop/contracts';
import { projectionSpec } from '../shared/projection-spec';
import { inboxProjection } from './projection';

const spec = projectionSpec(inboxProjection);
const contacted = (n: number, candidateUserId: string, message: string): CandidateContacted => ({
  contactId: `contact-${n}`,
  threadId: `thread-${candidateUserId}`,
  companyId: 'company-1',
  candidateUserId,
  candidateProfileId: `profile-${candidateUserId}`,
  contactType: 'inquiry',
  message,
  sentBy: 'user-owner',
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
});
const doc = ({ sentBy: _sentBy, threadId: _threadId, ...event }: CandidateContacted) => ({ _id: event.contactId, ...event });

describe('inbox read model', () => {
  it('keeps each message for its candidate, without the sender’s user id', async () => {
    const first = contacted(1, 'user-ada', 'We loved your pipeline work.');
    const second = contacted(2, 'user-bo', 'Open to a chat?');
    await spec
      .given([
        { streamId: 'candidate-contact-a', type: 'CandidateContacted', data: first },
        { streamId: 'candidate-contact-b', type: 'CandidateContacted', data: second },
      ])
      .then('messages', [doc(first), doc(second)]);
  });

  it('erasing the candidate scrubs their messages only', async () => {
    const ada = contacted(1, 'user-ada', 'We loved your pipeline work.');
    const bo = contacted(2, 'user-bo', 'Open to a chat?');
    await spec
      .given([
        { streamId: 'candidate-contact-a', type: 'CandidateContacted', data: ada },
        { streamId: 'candidate-contact-b', type: 'CandidateContacted', data: bo },
        { streamId: 'user-user-ada', type: 'PersonErased', data: { userId: 'user-ada', erasedAt: '2026-11-27T00:00:00.000Z' } },
      ])
      .then('messages', [{ ...doc(ada), message: ERASED }, doc(bo)]);
  });

  it('keeps how far each candidate has read, only ever forward, and forgets it when they are erased', async () => {
    const read = (userId: string, upTo: string) => ({ streamId: `inbox-reads-${userId}`, type: 'InboxReadUpTo', data: { candidateUserId: userId, upTo, readAt: upTo } });
    await spec.given([read('user-ada', '2026-11-22T10:00:00.000Z'), read('user-bo', '2026-11-21T10:00:00.000Z')]).then('inbox_reads', [
      { _id: 'user-ada', upTo: '2026-11-22T10:00:00.000Z' },
      { _id: 'user-bo', upTo: '2026-11-21T10:00:00.000Z' },
    ]);
    // Marks replayed out of order (two tabs): the later one stands.
    await spec.given([read('user-ada', '2026-11-23T10:00:00.000Z'), read('user-ada', '2026-11-22T10:00:00.000Z')]).then('inbox_reads', [{ _id: 'user-ada', upTo: '2026-11-23T10:00:00.000Z' }]);
    await spec
      .given([read('user-ada', '2026-11-22T10:00:00.000Z'), { streamId: 'user-user-ada', type: 'PersonErased', data: { userId: 'user-ada', erasedAt: '2026-11-27T00:00:00.000Z' } }])
      .then('inbox_reads', []);
  });
});
