import { z } from 'zod';

/**
 * A job's public history (issue 27, ADR 079): when it was posted, and each later change of what a
 * job seeker compares — title, salary, location, type, remote — or of its status, with dates. Only
 * what the job page itself shows publicly; never who made the change.
 */
export const JOB_HISTORY_FIELDS = ['title', 'salary', 'location', 'type', 'remote'] as const;
export const JobHistoryField = z.enum(JOB_HISTORY_FIELDS);
export type JobHistoryField = z.infer<typeof JobHistoryField>;

export const JobHistoryChange = z.object({
  field: JobHistoryField,
  from: z.union([z.string(), z.boolean()]).nullable(),
  to: z.union([z.string(), z.boolean()]).nullable(),
});
export type JobHistoryChange = z.infer<typeof JobHistoryChange>;

/** The terms a job seeker compares, as a job has them at one moment. */
export type JobTerms = Record<JobHistoryField, string | boolean | null>;

/** The tracked terms that differ from `before` to `after`, in the order of JOB_HISTORY_FIELDS. */
export const jobTermChanges = (before: JobTerms, after: JobTerms): JobHistoryChange[] =>
  JOB_HISTORY_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({ field, from: before[field], to: after[field] }));

export const JOB_HISTORY_KINDS = ['posted', 'changed', 'closed', 'reopened'] as const;

export const JobHistoryEntry = z.object({
  at: z.string(),
  kind: z.enum(JOB_HISTORY_KINDS),
  /** `changed`: the fields above that changed (empty: only the description or other details did). */
  changes: z.array(JobHistoryChange),
});
export type JobHistoryEntry = z.infer<typeof JobHistoryEntry>;

/** `GET /api/jobs/{jobId}/history`: oldest first. */
export const JobHistory = z.object({ jobId: z.string(), entries: z.array(JobHistoryEntry) });
export type JobHistory = z.infer<typeof JobHistory>;
