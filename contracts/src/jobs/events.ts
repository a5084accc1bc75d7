import { z } from 'zod';
import { JobSource } from './api';
import type { EventSchemas } from '../common/events';

/** What a job says, whoever wrote it. */
export const JobContent = z.object({
  title: z.string(),
  company: z.string(),
  location: z.string(),
  salary: z.string().nullable(),
  type: z.string(),
  remote: z.boolean(),
  description: z.string(),
  requirements: z.array(z.string()),
  skills: z.array(z.string()),
  experience: z.string(),
  benefits: z.string().nullable(),
});
export type JobContent = z.infer<typeof JobContent>;

/** Stream `job-<jobId>`: a company or an admin posted a job here. */
export const JobPosted = JobContent.extend({
  jobId: z.string(),
  shareToken: z.string(),
  companyId: z.string().nullable(),
  postedBy: z.string().nullable(),
  source: JobSource,
  externalUrl: z.string().nullable(),
});
export type JobPosted = z.infer<typeof JobPosted>;

/**
 * Stream `job-<jobId>` where jobId is derived from (source, externalId), so importing the same
 * job twice lands on the same stream: first seen in an external feed.
 */
export const JobImported = JobContent.extend({
  jobId: z.string(),
  shareToken: z.string(),
  source: JobSource,
  /** The feed's own id for the job. */
  externalId: z.string(),
  externalUrl: z.string().nullable(),
  /** Which feed it came from (a URL or file name), for the disappearance rule. */
  feed: z.string(),
  /** When the source says it was posted (ISO 8601), or null. */
  postedAt: z.string().nullable(),
  /** When the source says it stops (ISO 8601), or null. */
  validThrough: z.string().nullable(),
  seenAt: z.string(),
});
export type JobImported = z.infer<typeof JobImported>;

/** The feed's copy of an imported job changed: the whole new content. */
export const ImportedJobRevised = JobContent.extend({
  jobId: z.string(),
  externalUrl: z.string().nullable(),
  validThrough: z.string().nullable(),
  seenAt: z.string(),
});
export type ImportedJobRevised = z.infer<typeof ImportedJobRevised>;

/** The job was still in its feed on this day (recorded at most once a day). */
export const ImportedJobSeen = z.object({ jobId: z.string(), seenAt: z.string() });
export type ImportedJobSeen = z.infer<typeof ImportedJobSeen>;

/**
 * A company edited its own job, or an admin edited any job posted on Hireloop (ADR 064): the
 * whole new content, so a reader never needs the job's history to show it. Imported jobs are
 * edited at their source, never here.
 */
export const JobEdited = JobContent.extend({
  jobId: z.string(),
  /** The user who edited it (an id, as `JobPosted.postedBy`). */
  editedBy: z.string(),
  editedAt: z.string(),
});
export type JobEdited = z.infer<typeof JobEdited>;

export const JOB_CLOSE_REASONS = ['closed_by_owner', 'closed_by_admin', 'removed_from_feed'] as const;
export const JobClosed = z.object({ jobId: z.string(), reason: z.enum(JOB_CLOSE_REASONS), closedAt: z.string() });
export type JobClosed = z.infer<typeof JobClosed>;

export const JOB_REOPEN_REASONS = ['reopened_by_owner', 'reopened_by_admin', 'back_in_feed'] as const;
export const JobReopened = z.object({ jobId: z.string(), reason: z.enum(JOB_REOPEN_REASONS), reopenedAt: z.string() });
export type JobReopened = z.infer<typeof JobReopened>;

export type JobEvent =
  | { type: 'JobPosted'; data: JobPosted }
  | { type: 'JobImported'; data: JobImported }
  | { type: 'ImportedJobRevised'; data: ImportedJobRevised }
  | { type: 'ImportedJobSeen'; data: ImportedJobSeen }
  | { type: 'JobEdited'; data: JobEdited }
  | { type: 'JobClosed'; data: JobClosed }
  | { type: 'JobReopened'; data: JobReopened };

export const jobStreamId = (jobId: string) => `job-${jobId}`;

export const JobEventSchemas = { JobPosted, JobImported, ImportedJobRevised, ImportedJobSeen, JobEdited, JobClosed, JobReopened } satisfies EventSchemas<JobEvent>;
