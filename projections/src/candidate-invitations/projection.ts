import { InterviewAvailabilitySubmitted, InvitationDeclined, InvitationMovedToOfferStage, InvitationRevealed, InvitationSent, JobClosed, JobPosted, JobReopened } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

/** What the candidate's list shows of a job (invitations are only to jobs posted on Hireloop). */
export type InvitedJob = { _id: string; title: string; company: string; location: string; isActive: boolean };

/**
 * One row of the candidate's invitations (dashboard and inbox, ADR 062), whole: the invitation's
 * dates and the job it is for. Ids and dates only, nothing personal: the message stays on the
 * invitation page. `job` is null while this read model has not seen the job.
 */
export type CandidateInvitationDocument = {
  _id: string;
  invitationId: string;
  candidateUserId: string;
  jobId: string;
  companyId: string;
  sentAt: string;
  expiresAt: string;
  revealedAt: string | null;
  availabilitySubmittedAt: string | null;
  offerStageAt: string | null;
  /** When the candidate declined it (ADR 104); absent from rows written before the field existed (read as null). */
  declinedAt?: string | null;
  job: Omit<InvitedJob, '_id'> | null;
};

const schemas = { InvitationSent, InvitationRevealed, InterviewAvailabilitySubmitted, InvitationMovedToOfferStage, InvitationDeclined, JobPosted, JobClosed, JobReopened };
export type CandidateInvitationsEvent = ProjectedEvent<typeof schemas>;

type Known = { job: readonly InvitedJob[] };

const isJobEvent = (event: CandidateInvitationsEvent) => event.type === 'JobPosted' || event.type === 'JobClosed' || event.type === 'JobReopened';

/** Pure: the job as the list shows it, after `event`. */
export function evolveInvitedJob(job: InvitedJob | null, event: CandidateInvitationsEvent): InvitedJob | null {
  switch (event.type) {
    case 'JobPosted': {
      const { jobId, title, company, location } = event.data;
      return { _id: jobId, title, company, location, isActive: true };
    }
    case 'JobClosed':
      return job && { ...job, isActive: false };
    case 'JobReopened':
      return job && { ...job, isActive: true };
    case 'InvitationSent':
    case 'InvitationRevealed':
    case 'InterviewAvailabilitySubmitted':
    case 'InvitationMovedToOfferStage':
    case 'InvitationDeclined':
      return job;
    default:
      return unhandled(event);
  }
}

const shown = (job: InvitedJob | null): CandidateInvitationDocument['job'] => job && { title: job.title, company: job.company, location: job.location, isActive: job.isActive };

const jobAround = (event: CandidateInvitationsEvent, known: Known) => {
  const before = known.job[0] ?? null;
  return { before, after: evolveInvitedJob(before, event) };
};

/** Pure: the row after `event`; `job` is the job as it stands after the event. */
export function evolveCandidateInvitation(doc: CandidateInvitationDocument | null, event: CandidateInvitationsEvent, job: InvitedJob | null): CandidateInvitationDocument | null {
  switch (event.type) {
    case 'InvitationSent': {
      const { invitationId, candidateUserId, jobId, companyId, sentAt, expiresAt } = event.data;
      // A new invitation after an expired one starts the row over (the stream's own rule, ADR 031).
      return { _id: invitationId, invitationId, candidateUserId, jobId, companyId, sentAt, expiresAt, revealedAt: null, availabilitySubmittedAt: null, offerStageAt: null, job: shown(job) };
    }
    case 'InvitationRevealed':
      return doc && { ...doc, revealedAt: event.data.revealedAt };
    case 'InterviewAvailabilitySubmitted':
      return doc && { ...doc, availabilitySubmittedAt: event.data.submittedAt };
    case 'InvitationMovedToOfferStage':
      return doc && { ...doc, offerStageAt: event.data.movedAt };
    case 'InvitationDeclined':
      return doc && { ...doc, declinedAt: event.data.declinedAt };
    case 'JobPosted':
    case 'JobClosed':
    case 'JobReopened':
      return doc && { ...doc, job: shown(job) };
    default:
      return unhandled(event);
  }
}

/**
 * `candidate-invitations`: the candidate's invitations to apply, for their dashboard and inbox, as
 * one indexed query (`candidateUserId, sentAt`) with the job each is for (ADR 054, ADR 062). `invited_jobs`
 * keeps what a row shows of each job; a job event rewrites the job's rows only when it changed the job.
 */
export const candidateInvitationsProjection = evolvingProjection<typeof schemas, Known>({
  name: 'candidate-invitations',
  version: 1,
  // Collection names are global (`<name>_v<version>`): these are this read model's own.
  collections: {
    invited_jobs: {},
    candidate_invitations: { indexes: [{ fields: ['candidateUserId', 'sentAt'] }, { fields: ['jobId'] }] },
  },
  schemas,
  lookups: (event) => ({ job: { collection: 'invited_jobs', ids: [event.data.jobId] } }),
  slices: [
    slice('invited_jobs', {
      documents: (event: CandidateInvitationsEvent) => (isJobEvent(event) ? event.data.jobId : null),
      evolve: evolveInvitedJob,
    }),
    slice('candidate_invitations', {
      documents: (event: CandidateInvitationsEvent, context: Known) => {
        if ('invitationId' in event.data) return event.data.invitationId;
        const { before, after } = jobAround(event, context);
        return after === before ? null : { where: { jobId: event.data.jobId } };
      },
      evolve: (doc: CandidateInvitationDocument | null, event: CandidateInvitationsEvent, { context }: EvolveAt<Known>) => evolveCandidateInvitation(doc, event, jobAround(event, context).after),
    }),
  ],
});
