import { ADMIN_ACTIVITY_ACTIONS, type CandidateProfileCreated, type JobPosted, type ProfileContent, type UserRegistered } from '@hireloop/contracts';
import type { Actor } from '@hireloop/platform/event-store';
import type { ReadStore } from '@hireloop/platform/read-store';
import { candidateProfilesProjection } from '../candidate-profiles/projection';
import { profilesCollection } from '../candidate-profiles/queries';
import { companiesProjection, type CompanyDocument } from '../companies/projection';
import { jobBoardProjection } from '../job-board/projection';
import { jobsCollection } from '../job-board/queries';
import { physicalCollection } from '../shared/projection';
import type { GivenEvent } from '../shared/projection-spec';
import { usersProjection } from '../users/projection';
import { usersCollection } from '../users/queries';
import { adminActivitiesCollection } from './queries';

/** A story for `admin-activities` (ADR 071), and the tab's names as they were joined per request and as the rows hold them now. */
const ops: Actor = { userId: 'user-ops', role: 'admin' };
const boss: Actor = { userId: 'user-boss', role: 'super_admin' };
const bobAsAdmin: Actor = { userId: 'bob', role: 'admin' };
const ghost: Actor = { userId: 'user-ghost', role: 'admin' };
const owner: Actor = { userId: 'owner-1', role: 'company' };

const content = { title: 'Data Engineer', company: 'Northwind', location: 'Austin, TX', salary: null, type: 'Full-time', remote: false, description: 'Own the pipelines.', requirements: [], skills: ['SQL'], experience: 'Senior level', benefits: null };
const posted = (jobId: string, title: string): JobPosted => ({ ...content, title, jobId, shareToken: `share-${jobId}`, companyId: 'company-1', postedBy: 'user-ops', source: 'internal', externalUrl: null });

const profile: ProfileContent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Data Engineer',
  skills: ['SQL'],
  experience: '5+ years',
  location: 'London, UK',
  summary: 'Pipelines that stay up.',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'remote',
  isPublic: true,
};
const profileCreated = (profileId: string, userId: string, source: CandidateProfileCreated['source'], changes: Partial<ProfileContent>, actor?: Actor): GivenEvent => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileCreated',
  data: { ...profile, ...changes, profileId, userId, source, createdAt: '2026-11-20T00:00:00.000Z' },
  actor,
});
const profileUpdated = (profileId: string, userId: string, changes: Partial<ProfileContent>, actor?: Actor): GivenEvent => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileUpdated',
  data: { ...profile, ...changes, profileId, userId, updatedAt: '2026-11-21T00:00:00.000Z' },
  actor,
});
const registered = (userId: string, name: string, role: UserRegistered['role'], actor?: Actor): GivenEvent => ({
  streamId: `user-${userId}`,
  type: 'UserRegistered',
  data: {
    userId,
    type: role === 'company' ? 'company' : 'candidate',
    role,
    name,
    email: `${userId}@example.com`,
    phone: '',
    location: '',
    currentRole: null,
    skills: [],
    companyId: role === 'company' ? 'company-1' : null,
    registeredAt: '2026-11-20T00:00:00.000Z',
  } satisfies UserRegistered,
  actor,
});
const erased = (userId: string, actor: Actor): GivenEvent => ({ streamId: `user-${userId}`, type: 'PersonErased', data: { userId, erasedAt: '2026-11-24T00:00:00.000Z' }, actor });
const closed = (jobId: string, actor: Actor): GivenEvent => ({ streamId: `job-${jobId}`, type: 'JobClosed', data: { jobId, reason: 'closed_by_admin', closedAt: '2026-11-23T00:00:00.000Z' }, actor });
const companyUpdated = (name: string, actor: Actor & object): GivenEvent => ({
  streamId: 'company-company-1',
  type: 'CompanyProfileUpdated',
  data: { companyId: 'company-1', name, website: 'https://northwind.example', address: 'Austin', industry: 'Data', size: '11-50', description: 'Pipelines.', updatedBy: actor.userId, updatedAt: '2026-11-22T01:00:00.000Z' },
  actor,
});

/**
 * Two admins and a super admin (one admin never registered), acting on a job (posted, then edited
 * by its company), an imported job (revised by its feed), a company (renamed twice), an added
 * candidate (renamed, then known by her title only, then erased), a user made an admin who acts
 * and is then erased, an invitation, an application and a job the board never had.
 */
export const story: GivenEvent[] = [
  registered('user-ops', 'Olive Ops', 'admin'),
  registered('user-boss', 'Sam Boss', 'super_admin'),
  { streamId: 'company-company-1', type: 'CompanyRegistered', data: { companyId: 'company-1', name: 'Northwind', website: 'https://northwind.example', location: 'Austin', industry: 'Data', ownerUserId: 'owner-1' }, actor: owner },
  registered('owner-1', 'Olga Owner', 'company'),
  { streamId: 'job-job-1', type: 'JobPosted', data: posted('job-1', 'Data Engineer'), actor: ops },
  profileCreated('profile-ada', 'person-ada', 'admin', {}, ops),
  {
    streamId: 'invitation-inv-1',
    type: 'InvitationSent',
    data: { invitationId: 'inv-1', jobId: 'job-1', companyId: 'company-1', candidateUserId: 'person-ada', candidateProfileId: 'profile-ada', message: 'Hello Ada', tokenHash: 'hash', sentBy: 'user-ops', sentAt: '2026-11-22T00:00:00.000Z', expiresAt: '2026-12-22T00:00:00.000Z' },
    actor: ops,
  },
  companyUpdated('Northwind Data', ops),
  { streamId: 'job-job-1', type: 'JobEdited', data: { ...content, title: 'Senior Data Engineer', jobId: 'job-1', editedBy: 'owner-1', editedAt: '2026-11-22T02:00:00.000Z' }, actor: owner },
  profileUpdated('profile-ada', 'person-ada', { firstName: 'Ada', lastName: 'King' }, ops),
  profileUpdated('profile-ada', 'person-ada', { firstName: '', lastName: '', title: 'Analyst' }),
  registered('bob', 'Bob Stone', 'candidate'),
  profileCreated('profile-bob', 'bob', 'wizard', { firstName: 'Bob', lastName: 'Stone', title: 'Analyst' }),
  { streamId: 'user-bob', type: 'UserRoleChanged', data: { userId: 'bob', from: 'candidate', to: 'admin' }, actor: boss },
  closed('job-1', bobAsAdmin),
  {
    streamId: 'job-imported-1',
    type: 'JobImported',
    data: { ...content, title: 'Imported Role', jobId: 'imported-1', shareToken: 'share-imported-1', source: 'remoteok', externalId: 'r-1', externalUrl: 'https://example.com/r-1', feed: 'remoteok', postedAt: null, validThrough: null, seenAt: '2026-11-22T00:00:00.000Z' },
  },
  closed('imported-1', ops),
  { streamId: 'job-imported-1', type: 'ImportedJobRevised', data: { ...content, title: 'Revised Role', jobId: 'imported-1', externalUrl: null, validThrough: null, seenAt: '2026-11-23T00:00:00.000Z' } },
  {
    streamId: 'application-app-1',
    type: 'ApplicationDeclined',
    data: { applicationId: 'app-1', jobId: 'job-1', candidateUserId: 'bob', at: '2026-11-23T00:00:00.000Z', by: 'user-ops' },
    actor: ops,
  },
  { streamId: 'candidate-profile-bob', type: 'CandidateProfileVisibilityChanged', data: { profileId: 'profile-bob', userId: 'bob', isPublic: false, changedAt: '2026-11-23T00:00:00.000Z' }, actor: ops },
  { streamId: 'candidate-profile-bob', type: 'CandidateContacted', data: { candidateProfileId: 'profile-bob' }, actor: ops },
  closed('missing-job', ghost),
  registered('user-new', 'Nia New', 'candidate', ops),
  companyUpdated('Northwind Analytics', owner),
  erased('person-ada', ops),
  erased('bob', boss),
];

export const joinedProjections = [usersProjection, jobBoardProjection, companiesProjection, candidateProfilesProjection];

/** The names the tab showed when it joined four read models on every request (before ADR 071), per row, newest first. */
export async function joinedPerRequest(readStore: ReadStore) {
  const rows = await adminActivitiesCollection(readStore).find({}, { sort: { position: -1 } });
  const companies = readStore.collection<CompanyDocument>(physicalCollection(companiesProjection, 'companies'));
  const answer = [];
  for (const row of rows) {
    const user = async (id: string) => (await usersCollection(readStore).get(id))?.name || null;
    const jobTitle = async (id: string | undefined) => (id ? ((await jobsCollection(readStore).get(id))?.title ?? null) : null);
    let entityLabel: string | null = null;
    switch (ADMIN_ACTIVITY_ACTIONS[row.action].entityType) {
      case 'job':
        entityLabel = await jobTitle(row.entityId);
        break;
      case 'company':
        entityLabel = (await companies.get(row.entityId))?.name || null;
        break;
      case 'candidate': {
        const doc = await profilesCollection(readStore).get(row.entityId);
        entityLabel = doc ? [doc.firstName, doc.lastName].filter(Boolean).join(' ') || doc.title || null : null;
        break;
      }
      case 'user':
        entityLabel = await user(row.entityId);
        break;
      case 'invitation':
      case 'application':
        entityLabel = await jobTitle(row.details.jobId);
        break;
    }
    answer.push({ id: row._id, adminName: (await user(row.adminId)) || 'Unknown admin', entityLabel });
  }
  return answer;
}

/** The same names from the rows alone (as the route reads them now). */
export async function fromTheRows(readStore: ReadStore) {
  const rows = await adminActivitiesCollection(readStore).find({}, { sort: { position: -1 } });
  return rows.map((row) => ({ id: row._id, adminName: row.adminName || 'Unknown admin', entityLabel: row.entityLabel }));
}
