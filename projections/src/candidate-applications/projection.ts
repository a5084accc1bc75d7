import {
  APPLICATION_EVENT_STATUS,
  ApplicationEventSchemas,
  ImportedJobRevised,
  JobClosed,
  JobImported,
  JobPosted,
  JobReopened,
  type ApplicationEvent,
  type ApplicationStatus,
  type ApplicationStep,
} from '@hireloop/contracts';
import type { RecordedEvent } from '@hireloop/platform/event-store';
import type { ProjectionDefinition } from '../shared/projection';

/** What the candidate's list shows of a job, as the board has it (`job-board`). */
export type JobSummary = { _id: string; title: string; company: string; location: string; isActive: boolean };

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
};

const APPLICATION_EVENTS = ['ApplicationSubmitted', 'ApplicationViewed', 'ApplicationInterviewInvited', 'ApplicationDeclined', 'ApplicationWithdrawn', 'ApplicationMarkedNoResponse'] as const;
const JOB_EVENTS = ['JobPosted', 'JobImported', 'ImportedJobRevised', 'JobClosed', 'JobReopened'] as const;

/** The events this read model follows, parsed. */
export type CandidateApplicationsEvent =
  | ApplicationEvent
  | { type: 'JobPosted'; data: JobPosted }
  | { type: 'JobImported'; data: JobImported }
  | { type: 'ImportedJobRevised'; data: ImportedJobRevised }
  | { type: 'JobClosed'; data: JobClosed }
  | { type: 'JobReopened'; data: JobReopened };

const JOB_SCHEMAS = { JobPosted, JobImported, ImportedJobRevised, JobClosed, JobReopened };

export function parseCandidateApplicationsEvent(event: Pick<RecordedEvent, 'type' | 'data'>): CandidateApplicationsEvent | null {
  if ((APPLICATION_EVENTS as readonly string[]).includes(event.type)) {
    const type = event.type as ApplicationEvent['type'];
    return { type, data: ApplicationEventSchemas[type].parse(event.data) } as CandidateApplicationsEvent;
  }
  if ((JOB_EVENTS as readonly string[]).includes(event.type)) {
    const type = event.type as (typeof JOB_EVENTS)[number];
    return { type, data: JOB_SCHEMAS[type].parse(event.data) } as CandidateApplicationsEvent;
  }
  return null;
}

/** The job as the list shows it, after `event` (the same fields `job-board` keeps). */
export function evolveJob(job: JobSummary | null, event: CandidateApplicationsEvent): JobSummary | null {
  switch (event.type) {
    case 'JobPosted':
    case 'JobImported': {
      const { jobId, title, company, location } = event.data;
      return { _id: jobId, title, company, location, isActive: true };
    }
    case 'ImportedJobRevised': {
      const { title, company, location } = event.data;
      return job && { ...job, title, company, location };
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
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** One row per candidate per job (the id `applications` gives the application). */
const rowId = (jobId: string, candidateUserId: string) => `${jobId}:${candidateUserId}`;

const isApplicationEvent = (event: CandidateApplicationsEvent): event is ApplicationEvent => (APPLICATION_EVENTS as readonly string[]).includes(event.type);

const shown = (job: JobSummary | null): CandidateApplicationDocument['job'] => job && { title: job.title, company: job.company, location: job.location, isActive: job.isActive };

/** The row after `event`; `job` is the job it is for as it stands after the event. */
export function evolveApplication(doc: CandidateApplicationDocument | null, event: CandidateApplicationsEvent, job: JobSummary | null): CandidateApplicationDocument | null {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const data = event.data;
      return { _id: rowId(data.jobId, data.candidateUserId), ...data, status: 'applied', timeline: [{ status: 'applied', at: data.submittedAt }], job: shown(job) };
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
    case 'JobClosed':
    case 'JobReopened':
      return doc && { ...doc, job: shown(job) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * `candidate-applications`: the candidate's Applications screen (and the MCP tool
 * `get_my_applications`) as one indexed query, each row with the job it is for (ADR 054), instead
 * of the applications joined with the board on every request. `jobs` keeps what a row shows of
 * each job, for the applications sent after it.
 */
export const candidateApplicationsProjection: ProjectionDefinition = {
  name: 'candidate-applications',
  version: 1,
  collections: {
    jobs: {},
    applications: { indexes: [{ fields: ['candidateUserId', 'submittedAt'] }, { fields: ['jobId'] }] },
  },
  eventTypes: [...APPLICATION_EVENTS, ...JOB_EVENTS],
  async apply(recorded, tx) {
    const event = parseCandidateApplicationsEvent(recorded);
    if (!event) return;
    const jobs = tx.collection<JobSummary>('jobs');
    const applications = tx.collection<CandidateApplicationDocument>('applications');
    const jobId = event.data.jobId;
    const before = await jobs.get(jobId);
    const job = evolveJob(before, event);
    if (job && job !== before) await jobs.put(job);
    if (isApplicationEvent(event)) {
      const id = rowId(jobId, event.data.candidateUserId);
      const doc = evolveApplication(await applications.get(id), event, job);
      if (doc) await applications.put(doc);
      return;
    }
    if (job === before) return;
    const rows = await applications.find({ jobId });
    const changed = rows.map((row) => evolveApplication(row, event, job)).filter((row): row is CandidateApplicationDocument => row !== null);
    if (changed.length) await applications.putMany(changed);
  },
};
