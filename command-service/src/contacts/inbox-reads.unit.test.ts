import { describe, it } from 'vitest';
import type { InboxReadEvent } from '@hireloop/contracts';
import { deciderSpec } from '../shared/decider-spec';
import { inboxReadsDecider, type InboxReadsCommand } from './inbox-reads';

const spec = deciderSpec(inboxReadsDecider);
const now = '2026-11-27T10:00:00.000Z';
const mark = (upTo: string): InboxReadsCommand => ({ type: 'MarkInboxRead', data: { candidateUserId: 'user-ada', upTo, now } });
const read = (upTo: string, readAt = now): InboxReadEvent => ({ type: 'InboxReadUpTo', data: { candidateUserId: 'user-ada', upTo, readAt } });

describe('inbox read state decider', () => {
  it('the first mark is recorded', () => {
    spec.given([]).when(mark('2026-11-26T09:00:00.000Z')).then([read('2026-11-26T09:00:00.000Z')]);
  });

  it('a later mark moves it forward; the same or an earlier one records nothing', () => {
    spec.given([read('2026-11-26T09:00:00.000Z')]).when(mark('2026-11-26T12:00:00.000Z')).then([read('2026-11-26T12:00:00.000Z')]);
    spec.given([read('2026-11-26T09:00:00.000Z')]).when(mark('2026-11-26T09:00:00.000Z')).then([]);
    spec.given([read('2026-11-26T09:00:00.000Z')]).when(mark('2026-11-20T00:00:00.000Z')).then([]);
  });

  it('a mark past now counts as now', () => {
    spec.given([]).when(mark('2999-01-01T00:00:00.000Z')).then([read(now)]);
  });
});
