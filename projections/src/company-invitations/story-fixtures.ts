import type { ReadStore } from '@hireloop/platform/read-store';
import { findProfileById } from '../candidate-profiles/queries';
import { findInvitationsOfCompany, invitationStatus } from '../invitations/queries';
import { story as invitationStory, joinedProjections as invitationJoined, NOW, posted } from '../invitation-pages/story-fixtures';
import { findJob } from '../job-board/queries';
import type { GivenEvent } from '../shared/projection-spec';
import { findCompanyInvitationRows } from './queries';

/**
 * A story for `company-invitations` (ADR 071): the invitation page's story (ADR 059: an added
 * candidate and one with an account, invited before the job is on the board, profiles changed,
 * a reveal, times, the offer stage, erasures), with the job edited and the revealed candidate
 * renamed in between, and a second company's invitation that must stay out of the first's list.
 */
const edited: GivenEvent = {
  streamId: 'job-job-1',
  type: 'JobEdited',
  data: { ...posted('job-1', 'Lead Data Engineer', 'company-1'), editedBy: 'owner-1', editedAt: '2026-11-23T05:00:00.000Z' },
};
const bobRenamed: GivenEvent = {
  streamId: 'candidate-profile-bob',
  type: 'CandidateProfileUpdated',
  data: { ...(invitationStory[4]!.data as object), firstName: 'Robert', lastName: 'Stone', email: 'robert@example.com', updatedAt: '2026-11-23T06:00:00.000Z' },
};
const otherCompany: GivenEvent[] = [
  { streamId: 'job-job-2', type: 'JobPosted', data: posted('job-2', 'Other Role', 'company-2') },
  {
    streamId: 'invitation-inv-other',
    type: 'InvitationSent',
    data: { invitationId: 'inv-other', jobId: 'job-2', companyId: 'company-2', candidateUserId: 'bob', candidateProfileId: 'profile-bob', message: 'Hi', tokenHash: 'hash-other', sentBy: 'owner-2', sentAt: '2026-11-22T00:00:00.000Z', expiresAt: '2026-12-22T00:00:00.000Z' },
  },
];
export const story: GivenEvent[] = [...invitationStory.slice(0, 19), edited, bobRenamed, ...otherCompany, ...invitationStory.slice(19)];

export const joinedProjections = invitationJoined;
export { NOW };

/** What `GET /api/job-invitations` answered when it joined three read models on every request (before ADR 071). */
export async function joinedPerRequest(readStore: ReadStore, companyId: string) {
  const docs = await findInvitationsOfCompany(readStore, companyId);
  const answer = [];
  for (const doc of docs) {
    const job = await findJob(readStore, doc.jobId);
    const profile = await findProfileById(readStore, doc.candidateProfileId);
    answer.push({
      invitationId: doc.invitationId,
      jobId: doc.jobId,
      jobTitle: job?.title ?? '',
      candidateId: doc.candidateProfileId,
      candidateTitle: profile?.title ?? '',
      status: invitationStatus(doc, NOW),
      sentAt: doc.sentAt,
      expiresAt: doc.expiresAt,
      revealedAt: doc.revealedAt,
      offerStageAt: doc.offerStageAt ?? null,
      availability: doc.availability,
      candidate: doc.revealedAt && profile ? { name: [profile.firstName, profile.lastName].filter(Boolean).join(' '), email: profile.email } : null,
    });
  }
  return answer;
}

/** The same answer from the rows (as the route makes it now). */
export async function fromTheRows(readStore: ReadStore, companyId: string) {
  return (await findCompanyInvitationRows(readStore, companyId)).map((row) => ({
    invitationId: row.invitationId,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    candidateId: row.candidateProfileId,
    candidateTitle: row.candidateTitle,
    status: invitationStatus(row, NOW),
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
    revealedAt: row.revealedAt,
    offerStageAt: row.offerStageAt ?? null,
    availability: row.availability,
    candidate: row.revealedAt ? row.candidate : null,
  }));
}
