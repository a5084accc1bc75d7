import {
  CandidateProfileCreated,
  CandidateProfileUpdated,
  InterviewAvailabilitySubmitted,
  InvitationDeclined,
  InvitationMovedToOfferStage,
  InvitationRevealed,
  InvitationSent,
  InvitationViewed,
  JobEdited,
  JobPosted,
  PersonErased,
  type CompanyInvitation,
} from '@hireloop/contracts';
import { evolveInvitation, type InvitationDocument } from '../invitations/projection';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent, type Touched } from '../shared/evolve';

/**
 * A row of a company's invitations list (`GET /api/job-invitations`), by invitation id: the
 * invitation as `invitations` keeps it, the job's title (`job-board`), the profile's title and,
 * once the candidate revealed their profile, their name and address (`candidate-profiles`), each
 * as it is after every event (ADR 071).
 */
export type CompanyInvitationRow = InvitationDocument & {
  /** The job's title ('' while the board does not have the job). */
  jobTitle: string;
  /** The title of the profile the invitation is about ('' when there is none, or its person was erased). */
  candidateTitle: string;
  /** Whose profile `candidateProfileId` is (null: none known), so an erasure of that person blanks the row's profile parts. */
  profileUserId: string | null;
  /** Only what the candidate chose to show this company: null before the reveal, or without a profile. */
  candidate: CompanyInvitation['candidate'];
};

/** What the list shows of a job. */
export type ListJobDocument = { _id: string; title: string };
/** What the list shows of a profile, and whose it is. */
export type ListProfileDocument = { _id: string; userId: string; title: string; name: string; email: string };

const invitationSchemas = { InvitationSent, InvitationViewed, InvitationRevealed, InterviewAvailabilitySubmitted, InvitationMovedToOfferStage, InvitationDeclined };
/** Only jobs posted on Hireloop can be invited to (the invitation decider refuses imported ones): the imports' events are not followed. */
const jobSchemas = { JobPosted, JobEdited };
const profileSchemas = { CandidateProfileCreated, CandidateProfileUpdated };
const schemas = { ...invitationSchemas, ...jobSchemas, ...profileSchemas, PersonErased };

export type CompanyInvitationsEvent = ProjectedEvent<typeof schemas>;
type InvitationEvent = Extract<CompanyInvitationsEvent, { type: keyof typeof invitationSchemas }>;
type JobEvent = Extract<CompanyInvitationsEvent, { type: keyof typeof jobSchemas }>;
type ProfileEvent = Extract<CompanyInvitationsEvent, { type: keyof typeof profileSchemas }>;
const isInvitationEvent = (event: CompanyInvitationsEvent): event is InvitationEvent => Object.hasOwn(invitationSchemas, event.type);
const isJobEvent = (event: CompanyInvitationsEvent): event is JobEvent => Object.hasOwn(jobSchemas, event.type);
const isProfileEvent = (event: CompanyInvitationsEvent): event is ProfileEvent => Object.hasOwn(profileSchemas, event.type);

/** Before the event: the job and the profile a row joins. */
type Known = { job: readonly ListJobDocument[]; profile: readonly ListProfileDocument[] };

/** Pure: a job's title after an event (as the board keeps it: posted, then edited). */
export function evolveListJob(doc: ListJobDocument | null, event: CompanyInvitationsEvent): ListJobDocument | null {
  switch (event.type) {
    case 'JobPosted':
      // A job no invitation can be for (ADR 031: posted on Hireloop by a company) is not kept.
      return event.data.source === 'internal' && event.data.companyId ? { _id: event.data.jobId, title: event.data.title } : doc;
    case 'JobEdited':
      return doc && (doc.title === event.data.title ? doc : { ...doc, title: event.data.title });
    default:
      return doc;
  }
}

/** Pure: what the list shows of a profile after an event (as `candidate-profiles` keeps it: created, updated, deleted with its person). */
export function evolveListProfile(doc: ListProfileDocument | null, event: CompanyInvitationsEvent): ListProfileDocument | null {
  switch (event.type) {
    case 'CandidateProfileCreated':
    case 'CandidateProfileUpdated': {
      const { profileId, userId, title, firstName, lastName, email } = event.data;
      if (event.type === 'CandidateProfileUpdated' && !doc) return doc;
      return { _id: profileId, userId, title, name: [firstName, lastName].filter(Boolean).join(' '), email };
    }
    case 'PersonErased':
      return doc && doc.userId === event.data.userId ? null : doc;
    default:
      return doc;
  }
}

/** The row's profile parts from the profile as it is after the event. */
const profileParts = (row: Pick<InvitationDocument, 'revealedAt'>, profile: ListProfileDocument | null) => ({
  candidateTitle: profile?.title ?? '',
  profileUserId: profile?.userId ?? null,
  candidate: row.revealedAt && profile ? { name: profile.name, email: profile.email } : null,
});

/** Pure: a row after an event, with the job and profile it joins as they are after the event (from the lookups made before it). */
export function evolveCompanyInvitation(doc: CompanyInvitationRow | null, event: CompanyInvitationsEvent, context: Known): CompanyInvitationRow | null {
  const profileAfter = (profileId: string) => evolveListProfile(context.profile.find((profile) => profile._id === profileId) ?? null, event);
  if (isInvitationEvent(event)) {
    const invitation = evolveInvitation(event.type === 'InvitationSent' ? null : doc, event);
    if (!invitation) return null;
    if (event.type === 'InvitationSent') return { ...invitation, jobTitle: context.job[0]?.title ?? '', ...profileParts(invitation, profileAfter(invitation.candidateProfileId)) };
    if (!doc) return null;
    // The reveal shows this company who the candidate is: the profile as it is now (looked up by its owner).
    return event.type === 'InvitationRevealed' ? { ...doc, ...invitation, ...profileParts(invitation, profileAfter(doc.candidateProfileId)) } : { ...doc, ...invitation };
  }
  if (!doc) return null;
  if (isJobEvent(event)) return { ...doc, jobTitle: evolveListJob(context.job[0] ?? null, event)?.title ?? '' };
  if (isProfileEvent(event)) return { ...doc, ...profileParts(doc, profileAfter(doc.candidateProfileId)) };
  switch (event.type) {
    case 'PersonErased': {
      const { userId } = event.data;
      let row = doc;
      if (doc.candidateUserId === userId) row = { ...row, ...evolveInvitation(doc, event) };
      if (doc.profileUserId === userId) row = { ...row, ...profileParts(row, null) };
      return row;
    }
    default:
      return unhandled(event);
  }
}

/** The rows an event changes. */
function rowsOf(event: CompanyInvitationsEvent): Touched {
  if (isInvitationEvent(event)) return event.data.invitationId;
  if (isJobEvent(event)) return { where: { jobId: event.data.jobId } };
  if (isProfileEvent(event)) return { where: { candidateProfileId: event.data.profileId } };
  switch (event.type) {
    case 'PersonErased':
      return { where: { $or: [{ candidateUserId: event.data.userId }, { profileUserId: event.data.userId }] } };
    default:
      return unhandled(event);
  }
}

/**
 * `company-invitations` (ADR 071): a company's invitations list as one indexed query
 * (`companyId, sentAt`), instead of its invitations joined on every request with their jobs and
 * profiles. Its own small collections keep what a new row needs (jobs' titles; profiles' titles,
 * names and addresses); a job edit or a profile change rewrites the rows it concerns. The
 * candidate's name and address are on a row only once they revealed their profile to the company.
 * Erasure (ADR 019): the message and notes are scrubbed as `invitations` does; the profile's
 * parts go with the profile.
 */
export const companyInvitationsProjection = evolvingProjection<typeof schemas, Known>({
  name: 'company-invitations',
  version: 1,
  collections: {
    'company-invitations': { indexes: [{ fields: ['companyId', 'sentAt'] }, { fields: ['jobId'] }, { fields: ['candidateUserId'] }, { fields: ['candidateProfileId'] }, { fields: ['profileUserId'] }] },
    'company-invitation-jobs': {},
    'company-invitation-profiles': { indexes: [{ fields: ['userId'] }] },
  },
  schemas,
  lookups: (event) => {
    const invitation = event.type === 'InvitationSent' ? event.data : null;
    return {
      job: invitation || isJobEvent(event) ? { collection: 'company-invitation-jobs', ids: [(invitation ?? (event as JobEvent).data).jobId] } : null,
      profile:
        event.type === 'InvitationSent'
          ? { collection: 'company-invitation-profiles', ids: [event.data.candidateProfileId] }
          : event.type === 'InvitationRevealed'
            ? { collection: 'company-invitation-profiles', where: { userId: event.data.candidateUserId } }
            : isProfileEvent(event)
            ? { collection: 'company-invitation-profiles', ids: [event.data.profileId] }
            : null,
    };
  },
  slices: [
    slice('company-invitation-jobs', {
      documents: (event: CompanyInvitationsEvent) => (isJobEvent(event) ? event.data.jobId : null),
      evolve: evolveListJob,
    }),
    slice('company-invitation-profiles', {
      documents: (event: CompanyInvitationsEvent) => (isProfileEvent(event) ? event.data.profileId : event.type === 'PersonErased' ? { where: { userId: event.data.userId } } : null),
      evolve: evolveListProfile,
    }),
    slice('company-invitations', {
      documents: rowsOf,
      evolve: (doc: CompanyInvitationRow | null, event: CompanyInvitationsEvent, { context }: EvolveAt<Known>) => evolveCompanyInvitation(doc, event, context),
    }),
  ],
});
