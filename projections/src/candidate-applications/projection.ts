import {
  APPLICATION_EVENT_STATUS,
  ApplicationEventSchemas,
  ImportedJobRevised,
  JobEdited,
  JobClosed,
  JobImported,
  JobPosted,
  JobReopened,
  type ApplicationStatus,
  type ApplicationStep,
  type JobContent,
} from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type EvolveAt, type ProjectedEvent } from '../shared/evolve';

/** The terms a job seeker compares (ADR 079): kept as they were when the candidate applied. */
export type JobTerms = Pick<JobContent, 'title' | 'salary' | 'location' | 'type' | 'remote'>;

/** What the candidate's list shows of a job, as the board has it (`job-board`), and its terms now. */
export type JobSummary = { _id: string; title: string; company: string; location: string; isActive: boolean; terms: JobTerms };

/**
 * One row of the candidate's Applications screen, whole: the application and the job it is for.
 * `job` is null while the board does not show the job (the list leaves such a row out).
 */
export type CandidateApplicationDocument = {
  _id: string;
  applicationId: string;
  jobId: string;
  candidateUserId: string;
  submittedAt: string;
  status: ApplicationStatus;
  timeline: ApplicationStep[];
  job: Omit<JobSummary, '_id'> | null;
  /** The job's terms when the candidate applied (null: the job was not known then). */
  termsWhenApplied: JobTerms | null;
};

const schemas = { ...ApplicationEventSchemas, JobPosted, JobImported, ImportedJobRevised, JobEdited, JobClosed, JobReopened };

/** The events this read model follows, parsed. */
export type CandidateApplicationsEvent = ProjectedEvent<typeof schemas>;

/** Before the event: the job the event is about, as this read model keeps it (none or one). */
type Known = { job: readonly JobSummary[] };

const termsOf = ({ title, salary, location, type, remote }: JobContent): JobTerms => ({ title, salary, location, type, remote });

/** Pure: the job as the list shows it, after `event` (the same fields `job-board` keeps). */
export function evolveJob(job: JobSummary | null, event: CandidateApplicationsEvent): JobSummary | null {
  switch (event.type) {
    case 'JobPosted':
    case 'JobImported': {
      const { jobId, title, company, location } = event.data;
      return { _id: jobId, title, company, location, isActive: true, terms: termsOf(event.data) };
    }
    case 'ImportedJobRevised':
    case 'JobEdited': {
      const { title, company, location } = event.data;
      return job && { ...job, title, company, location, terms: termsOf(event.data) };
    }
    case 'JobClosed':
      return job && { ...job, isActive: false };
    case 'JobReopened':
      return job && { ...job, isActive: true };
    case 'ApplicationSubmitted':
    case 'ApplicationViewed':
    case 'ApplicationInterviewInvited':
    case 'ApplicationDeclined':
    case 'ApplicationWithdrawn':
    case 'ApplicationMarkedNoResponse':
      return job;
    default:
      return unhandled(event);
  }
}

type ApplicationEvent = Extract<CandidateApplicationsEvent, { type: keyof typeof ApplicationEventSchemas }>;

const isApplicationEvent = (event: CandidateApplicationsEvent): event is ApplicationEvent => Object.hasOwn(ApplicationEventSchemas, event.type);

/** One row per candidate per job (the id `applications` gives the application). */
const rowId = (jobId: string, candidateUserId: string) => `${jobId}:${candidateUserId}`;

const shown = (job: JobSummary | null): CandidateApplicationDocument['job'] =>
  job && { title: job.title, company: job.company, location: job.location, isActive: job.isActive, terms: job.terms };

/** The job before the event (the lookup) and after it. */
const jobAround = (event: CandidateApplicationsEvent, known: Known) => {
  const before = known.job[0] ?? null;
  return { before, after: evolveJob(before, event) };
};

/** Pure: the row after `event`; `job` is the job it is for as it stands after the event. */
export function evolveApplication(doc: CandidateApplicationDocument | null, event: CandidateApplicationsEvent, job: JobSummary | null): CandidateApplicationDocument | null {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const data = event.data;
      return {
        _id: rowId(data.jobId, data.candidateUserId),
        ...data,
        status: 'applied',
        timeline: [{ status: 'applied', at: data.submittedAt }],
        job: shown(job),
        termsWhenApplied: job?.terms ?? null,
      };
    }
    case 'ApplicationViewed':
    case 'ApplicationInterviewInvited':
    case 'ApplicationDeclined':
    case 'ApplicationWithdrawn':
    case 'ApplicationMarkedNoResponse': {
      if (!doc) return null;
      const status = APPLICATION_EVENT_STATUS[event.type];
      return { ...doc, status, timeline: [...doc.timeline, { status, at: event.data.at }] };
    }
    case 'JobPosted':
    case 'JobImported':
    case 'ImportedJobRevised':
    case 'JobEdited':
    case 'JobClosed':
    case 'JobReopened':
      return doc && { ...doc, job: shown(job) };
    default:
      return unhandled(event);
  }
}

/**
 * `candidate-applications`: the candidate's Applications screen (and the MCP tool
 * `get_my_applications`) as one indexed query, each row with the job it is for (ADR 054), instead
 * of the applications joined with the board on every request. `jobs` keeps what a row shows of
 * each job, for the applications sent after it. On the shared evolve form (ADR 055): `jobs` evolves
 * the job the event is about; `applications` evolves each row with that job as it is after the
 * event (from the job looked up before any slice writes), and a job event rewrites the job's rows
 * only when it changed the job.
 */
export const candidateApplicationsProjection = evolvingProjection<typeof schemas, Known>({
  name: 'candidate-applications',
  // 2: each row keeps the job's terms when the candidate applied, and the job's terms now (ADR 079).
  version: 2,
  collections: {
    // Named for this read model: a physical collection is `<name>_v<version>`, and `applications_v2`
    // and `jobs_v2` belong to other read models.
    candidate_application_jobs: {},
    candidate_application_rows: { indexes: [{ fields: ['candidateUserId', 'submittedAt'] }, { fields: ['jobId'] }] },
  },
  schemas,
  lookups: (event) => ({ job: { collection: 'candidate_application_jobs', ids: [event.data.jobId] } }),
  slices: [
    slice('candidate_application_jobs', {
      documents: (event: CandidateApplicationsEvent) => event.data.jobId,
      evolve: evolveJob,
    }),
    slice('candidate_application_rows', {
      documents: (event: CandidateApplicationsEvent, context: Known) => {
        if (isApplicationEvent(event)) return rowId(event.data.jobId, event.data.candidateUserId);
        const { before, after } = jobAround(event, context);
        return after === before ? null : { where: { jobId: event.data.jobId } };
      },
      evolve: (doc: CandidateApplicationDocument | null, event: CandidateApplicationsEvent, { context }: EvolveAt<Known>) => evolveApplication(doc, event, jobAround(event, context).after),
    }),
  ],
});
