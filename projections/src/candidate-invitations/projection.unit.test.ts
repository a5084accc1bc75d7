import { describe, expect, it } from 'vitest';
import { candidateInvitationStatus, type InvitationStatus, type JobPosted } from '@hireloop/contracts';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { invitationsProjection } from '../invitations/projection';
import { findInvitationsOfCompany, invitationStatus } from '../invitations/queries';
import { ProjectionRunner } from '../runner';
import type { GivenEvent } from '../shared/projection-spec';
import { candidateInvitationsProjection } from './projection';
import { findCandidateInvitationRows } from './queries';

const posted = (jobId: string, title: string): JobPosted => ({
  jobId,
  shareToken: `share-${jobId}`,
  companyId: 'company-1',
  postedBy: 'user-1',
  title,
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Own the pipelines.',
  requirements: [],
  skills: [],
  experience: 'Senior level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
});

const ids = { a: 'a'.repeat(32), b: 'b'.repeat(32), c: 'c'.repeat(32) };
const base = (invitationId: string, jobId: string, candidateUserId: string) => ({ invitationId, jobId, companyId: 'company-1', candidateUserId });
const sent = (invitationId: string, jobId: string, candidateUserId: string, sentAt: string, expiresAt: string): GivenEvent => ({
  streamId: `invitation-${invitationId}`,
  type: 'InvitationSent',
  data: { ...base(invitationId, jobId, candidateUserId), candidateProfileId: `profile-${candidateUserId}`, message: 'Hello', tokenHash: `hash-${sentAt}`, sentBy: 'user-1', sentAt, expiresAt },
});
const step = (type: string, invitationId: string, jobId: string, candidateUserId: string, data: Record<string, unknown>): GivenEvent => ({
  streamId: `invitation-${invitationId}`,
  type,
  data: { ...base(invitationId, jobId, candidateUserId), ...data },
});

/** Invitations sent, revealed, answered, moved to the offer stage, expired and sent again; jobs closed and reopened. */
const story: GivenEvent[] = [
  { streamId: 'job-job-1', type: 'JobPosted', data: posted('job-1', 'Data Engineer') },
  sent(ids.a, 'job-1', 'cand-1', '2026-11-01T10:00:00.000Z', '2026-12-01T10:00:00.000Z'),
  // Sent before this read model saw the job: the row waits for it.
  sent(ids.b, 'job-2', 'cand-1', '2026-11-02T10:00:00.000Z', '2026-12-02T10:00:00.000Z'),
  { streamId: 'job-job-2', type: 'JobPosted', data: posted('job-2', 'Platform Engineer') },
  sent(ids.c, 'job-1', 'cand-2', '2026-10-01T10:00:00.000Z', '2026-10-31T10:00:00.000Z'),
  step('InvitationRevealed', ids.a, 'job-1', 'cand-1', { revealedAt: '2026-11-03T10:00:00.000Z' }),
  step('InterviewAvailabilitySubmitted', ids.a, 'job-1', 'cand-1', {
    availableDays: ['Monday'],
    availableTimes: ['9:00 AM - 12:00 PM'],
    timezone: 'Europe/Berlin',
    additionalNotes: '',
    submittedAt: '2026-11-03T11:00:00.000Z',
  }),
  { streamId: 'job-job-1', type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-04T10:00:00.000Z' } },
  step('InvitationMovedToOfferStage', ids.a, 'job-1', 'cand-1', { movedBy: 'user-1', movedAt: '2026-11-05T10:00:00.000Z' }),
  step('InvitationRevealed', ids.b, 'job-2', 'cand-1', { revealedAt: '2026-11-05T11:00:00.000Z' }),
  { streamId: 'job-job-1', type: 'JobReopened', data: { jobId: 'job-1', reason: 'reopened_by_owner', reopenedAt: '2026-11-06T10:00:00.000Z' } },
  // cand-2's first invitation expired unused; a new one replaces it.
  sent(ids.c, 'job-1', 'cand-2', '2026-11-06T11:00:00.000Z', '2026-12-06T11:00:00.000Z'),
  // cand-2 says no to it (ADR 104): both sides read Declined.
  step('InvitationDeclined', ids.c, 'job-1', 'cand-2', { declinedAt: '2026-11-07T10:00:00.000Z' }),
];

async function project(events: GivenEvent[]): Promise<ReadStore> {
  const eventStore = createMemoryEventStore();
  const readStore = createMemoryReadStore();
  let n = 0;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      { type: event.type, data: event.data, metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-22T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  }
  for (const projection of [invitationsProjection, candidateInvitationsProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
  return readStore;
}

/** The company's word for each state (part 1 §4) and the candidate's. */
const sameState: Record<InvitationStatus, string> = { email_sent: 'new', viewed: 'new', candidate_accepted: 'revealed', interview_scheduled: 'availability_submitted', offer_stage: 'offer_stage', expired: 'expired', declined: 'declined' };

describe('candidate-invitations', () => {
  it('gives the candidate, after every event, the state the company sees of each invitation', async () => {
    for (const now of [new Date('2026-11-20T00:00:00.000Z'), new Date('2026-12-03T00:00:00.000Z')]) {
      for (let count = 1; count <= story.length; count++) {
        const readStore = await project(story.slice(0, count));
        const company = new Map((await findInvitationsOfCompany(readStore, 'company-1')).map((doc) => [doc.invitationId, sameState[invitationStatus(doc, now)]]));
        for (const userId of ['cand-1', 'cand-2']) {
          const rows = await findCandidateInvitationRows(readStore, userId);
          for (const row of rows) expect(candidateInvitationStatus(row, now), `after ${count} events, ${row.invitationId} at ${now.toISOString()}`).toBe(company.get(row.invitationId));
        }
      }
    }
  });

  it('lists a candidate’s invitations newest first, each with its job as it stands, and only theirs', async () => {
    const readStore = await project(story);
    const now = new Date('2026-11-20T00:00:00.000Z');
    const rows = await findCandidateInvitationRows(readStore, 'cand-1');
    expect(rows.map((row) => [row.invitationId, row.job?.title, row.job?.isActive, candidateInvitationStatus(row, now)])).toEqual([
      [ids.b, 'Platform Engineer', true, 'revealed'],
      [ids.a, 'Data Engineer', true, 'offer_stage'],
    ]);
    expect(rows[1]).toMatchObject({ revealedAt: '2026-11-03T10:00:00.000Z', availabilitySubmittedAt: '2026-11-03T11:00:00.000Z', offerStageAt: '2026-11-05T10:00:00.000Z' });
    const other = await findCandidateInvitationRows(readStore, 'cand-2');
    expect(other.map((row) => [row.invitationId, row.sentAt, candidateInvitationStatus(row, now)])).toEqual([[ids.c, '2026-11-06T11:00:00.000Z', 'declined']]);
    expect(other[0]).toMatchObject({ declinedAt: '2026-11-07T10:00:00.000Z' });
    // Nothing personal: the message stays on the invitation page.
    expect(JSON.stringify([...rows, ...other])).not.toContain('Hello');
  });

  it('shows an invitation left unanswered past its 30 days as expired, and one with times offered as it stands', async () => {
    const readStore = await project(story.slice(0, 7));
    const later = new Date('2026-12-10T00:00:00.000Z');
    expect((await findCandidateInvitationRows(readStore, 'cand-1')).map((row) => candidateInvitationStatus(row, later))).toEqual(['expired', 'availability_submitted']);
  });
});
