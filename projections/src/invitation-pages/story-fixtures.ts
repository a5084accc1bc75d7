import type { CandidateProfileCreated, JobPosted, ProfileContent, UserRegistered } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { adminPeopleProjection } from '../admin-people/projection';
import { adminCandidatesCollection } from '../admin-people/queries';
import { candidateProfilesProjection } from '../candidate-profiles/projection';
import { findProfileById } from '../candidate-profiles/queries';
import { companiesProjection } from '../companies/projection';
import { findCompanyPublicProfile } from '../companies/queries';
import { invitationsProjection } from '../invitations/projection';
import { findInvitationByToken } from '../invitations/queries';
import { jobBoardProjection } from '../job-board/projection';
import { findJob } from '../job-board/queries';
import type { GivenEvent } from '../shared/projection-spec';
import { usersProjection } from '../users/projection';
import { usersCollection } from '../users/queries';
import { findInvitationPageByToken } from './queries';

/** A story for `invitation-pages` (ADR 059), and the page by token as it was joined per request and as it is read now. */
export const NOW = new Date('2026-11-25T00:00:00.000Z');

export const posted = (jobId: string, title: string, companyId: string): JobPosted => ({
  jobId,
  shareToken: `share-${jobId}`,
  companyId,
  postedBy: 'owner-1',
  title,
  company: 'Northwind',
  location: 'Austin, TX',
  salary: null,
  type: 'Full-time',
  remote: false,
  description: 'Own the pipelines.',
  requirements: [],
  skills: ['SQL'],
  experience: 'Senior level',
  benefits: null,
  source: 'internal',
  externalUrl: null,
});

const content: ProfileContent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Data Engineer',
  skills: ['SQL'],
  experience: '5+ years',
  location: 'London, UK',
  summary: 'Pipelines that stay up.',
  phone: '',
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

const profileCreated = (profileId: string, userId: string, source: CandidateProfileCreated['source'], changes: Partial<ProfileContent> = {}): GivenEvent => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileCreated',
  data: { ...content, ...changes, profileId, userId, source, createdAt: '2026-11-20T00:00:00.000Z' },
});
const profileUpdated = (profileId: string, userId: string, changes: Partial<ProfileContent>): GivenEvent => ({
  streamId: `candidate-${profileId}`,
  type: 'CandidateProfileUpdated',
  data: { ...content, ...changes, profileId, userId, updatedAt: '2026-11-21T00:00:00.000Z' },
});
const registered = (userId: string, email: string, type: UserRegistered['type'] = 'candidate'): GivenEvent => ({
  streamId: `user-${userId}`,
  type: 'UserRegistered',
  data: {
    userId,
    type,
    role: type,
    name: 'Someone Else',
    email,
    phone: '',
    location: '',
    currentRole: null,
    skills: [],
    companyId: type === 'company' ? 'company-1' : null,
    registeredAt: '2026-11-20T00:00:00.000Z',
  } satisfies UserRegistered,
});
const sent = (invitationId: string, jobId: string, candidateUserId: string, candidateProfileId: string, message: string): GivenEvent => ({
  streamId: `invitation-${invitationId}`,
  type: 'InvitationSent',
  data: {
    invitationId,
    jobId,
    companyId: 'company-1',
    candidateUserId,
    candidateProfileId,
    message,
    tokenHash: `hash-${invitationId}`,
    sentBy: 'owner-1',
    sentAt: '2026-11-22T00:00:00.000Z',
    expiresAt: '2026-12-22T00:00:00.000Z',
  },
});
const erased = (userId: string): GivenEvent => ({ streamId: `user-${userId}`, type: 'PersonErased', data: { userId, erasedAt: '2026-11-24T00:00:00.000Z' } });
const ids = (invitationId: string, candidateUserId: string) => ({ invitationId, jobId: 'job-1', companyId: 'company-1', candidateUserId });

/**
 * An added candidate (Ada, person-ada) and one with an account (Bob): invited before and after
 * the job and the company change, the invitation sent before the board has its job, Ada's address
 * taken by an account that is then erased, Ada claiming her profile, Bob revealing, offering
 * times, moved to the offer stage, and erased.
 */
export const story: GivenEvent[] = [
  { streamId: 'company-company-1', type: 'CompanyRegistered', data: { companyId: 'company-1', name: 'Northwind', website: 'https://northwind.example', location: 'Austin', industry: 'Data', ownerUserId: 'owner-1' } },
  registered('owner-1', 'owner@northwind.example', 'company'),
  profileCreated('profile-ada', 'person-ada', 'admin'),
  registered('bob', 'bob@example.com'),
  profileCreated('profile-bob', 'bob', 'wizard', { firstName: 'Bob', email: 'bob@example.com', title: 'Analyst' }),
  // Sent before the board has the job: not found until it has.
  sent('inv-ada', 'job-1', 'person-ada', 'profile-ada', 'Hello Ada'),
  { streamId: 'job-job-1', type: 'JobPosted', data: posted('job-1', 'Data Engineer', 'company-1') },
  sent('inv-bob', 'job-1', 'bob', 'profile-bob', 'Hello Bob'),
  {
    streamId: 'company-company-1',
    type: 'CompanyProfileUpdated',
    data: { companyId: 'company-1', name: 'Northwind Data', website: 'https://northwind.example', address: 'Austin', industry: 'Data', size: '11-50', description: 'Pipelines.', updatedBy: 'owner-1', updatedAt: '2026-11-22T01:00:00.000Z' },
  },
  profileUpdated('profile-ada', 'person-ada', { title: 'Senior Data Engineer' }),
  // Someone signs up with Ada's address: the link can no longer make her account.
  registered('mallory', 'ada@example.com'),
  erased('mallory'),
  // The admin changes Ada's address to one a company user has.
  profileUpdated('profile-ada', 'person-ada', { email: 'owner@northwind.example' }),
  profileUpdated('profile-ada', 'person-ada', { email: 'ada@example.com' }),
  { streamId: 'job-job-1', type: 'JobClosed', data: { jobId: 'job-1', reason: 'closed_by_owner', closedAt: '2026-11-23T00:00:00.000Z' } },
  { streamId: 'invitation-inv-bob', type: 'InvitationRevealed', data: { ...ids('inv-bob', 'bob'), revealedAt: '2026-11-23T01:00:00.000Z' } },
  {
    streamId: 'invitation-inv-bob',
    type: 'InterviewAvailabilitySubmitted',
    data: { ...ids('inv-bob', 'bob'), availableDays: ['Monday'], availableTimes: ['Morning'], timezone: 'Europe/London', additionalNotes: 'Call me', submittedAt: '2026-11-23T02:00:00.000Z' },
  },
  { streamId: 'invitation-inv-bob', type: 'InvitationMovedToOfferStage', data: { ...ids('inv-bob', 'bob'), movedBy: 'owner-1', movedAt: '2026-11-23T03:00:00.000Z' } },
  { streamId: 'job-job-1', type: 'JobReopened', data: { jobId: 'job-1', reason: 'reopened_by_owner', reopenedAt: '2026-11-23T04:00:00.000Z' } },
  // Ada claims her profile from the link: her account, under her person id.
  registered('person-ada', 'ada@example.com'),
  erased('bob'),
  erased('person-ada'),
];

export const joinedProjections = [usersProjection, jobBoardProjection, companiesProjection, candidateProfilesProjection, adminPeopleProjection, invitationsProjection];

/** What `GET /api/invitations/:token` answered when it joined six read models on every request (before ADR 059), or null for its 404. */
export async function joinedPerRequest(readStore: ReadStore, invitationId: string) {
  const invitation = await findInvitationByToken(readStore, invitationId, `hash-${invitationId}`, NOW);
  const job = invitation && (await findJob(readStore, invitation.jobId));
  if (!invitation || !job) return null;
  const company = await findCompanyPublicProfile(readStore, invitation.companyId);
  const profile = await findProfileById(readStore, invitation.candidateProfileId);
  const person = await adminCandidatesCollection(readStore).get(invitation.candidateUserId);
  const claimable = person !== null && !person.erased && person.hasProfile && person.userId === null;
  const addressTaken = claimable && (await usersCollection(readStore).find({ email: person.email })).some((user) => !user.erasedAt);
  return {
    job,
    company: company ? { name: company.name, description: company.description, industry: company.industry, size: company.size } : { name: job.company, description: '', industry: '', size: '' },
    invitation: { message: invitation.message, sentAt: invitation.sentAt, expiresAt: invitation.expiresAt },
    candidate: { candidateId: invitation.candidateProfileId, title: profile?.title ?? '' },
    hasRevealed: invitation.revealedAt !== null,
    hasSubmittedAvailability: invitation.availability !== null,
    canClaimAccount: claimable && !addressTaken,
  };
}

/** The same answer from the one document (as the route makes it now). */
export async function fromOneDocument(readStore: ReadStore, invitationId: string) {
  const page = await findInvitationPageByToken(readStore, invitationId, `hash-${invitationId}`, NOW);
  if (!page?.job) return null;
  const { job } = page;
  return {
    job,
    company: page.company ?? { name: job.company, description: '', industry: '', size: '' },
    invitation: { message: page.message, sentAt: page.sentAt, expiresAt: page.expiresAt },
    candidate: { candidateId: page.candidateProfileId, title: page.candidateTitle },
    hasRevealed: page.revealedAt !== null,
    hasSubmittedAvailability: page.availability !== null,
    canClaimAccount: page.canClaimAccount,
  };
}

