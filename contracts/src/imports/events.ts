import { z } from 'zod';
import { JobSource } from '../jobs/api';
import type { EventSchemas } from '../common/events';

/** What one run did to the jobs of its feed. */
export const ImportRunCounts = z.object({
  /** New jobs (JobImported). */
  imported: z.number().int().nonnegative(),
  /** Jobs whose content, link or end date changed (ImportedJobRevised). */
  revised: z.number().int().nonnegative(),
  /** Jobs still listed as they were (nothing, or ImportedJobSeen once a day). */
  unchanged: z.number().int().nonnegative(),
  /** Jobs of the previous run no longer listed (JobClosed, removed_from_feed). */
  closed: z.number().int().nonnegative(),
  /** Jobs back in the feed after dropping out (JobReopened, back_in_feed). */
  reopened: z.number().int().nonnegative(),
  /** Items of the document that were not valid jobs (and duplicates). */
  skipped: z.number().int().nonnegative(),
  /** Jobs that could not be written (after one retry); they are tried again next run. */
  failed: z.number().int().nonnegative(),
});
export type ImportRunCounts = z.infer<typeof ImportRunCounts>;

const ImportRunCompletedFields = z.object({
  /** The URL or absolute file path of the feed. */
  feed: z.string(),
  source: JobSource,
  /** Jobs that left the feed but could not be closed this run; the next run tries again. */
  unclosedJobIds: z.array(z.string()),
  counts: ImportRunCounts,
  /** Why items were skipped (the first 50), for the admin reading the log. */
  skippedReasons: z.array(z.string()),
  at: z.string(),
});

/**
 * Stream `import-<sha256(feed)>`: a run read its feed and brought every listed job up to date.
 * The jobs it listed (job ids, not the feed's external ids, including invalid items whose id is
 * known) are what the next run compares against to find jobs that left the feed. They are
 * recorded as the change from the last completed run (ADR 094): an unchanged feed of 100,000 jobs
 * records two empty lists, not 3 MB of ids on every run. Runs recorded before that list them all
 * (`seenJobIds`), and are still read.
 */
export const ImportRunCompleted = z.union([
  ImportRunCompletedFields.extend({
    /** How many jobs this run listed. */
    listedJobs: z.number().int().nonnegative(),
    /** Listed now, not by the last completed run. */
    addedJobIds: z.array(z.string()),
    /** Listed by the last completed run, not now (closed, or left unclosed). */
    removedJobIds: z.array(z.string()),
  }),
  /** Before ADR 094: every job id this run listed. */
  ImportRunCompletedFields.extend({ seenJobIds: z.array(z.string()) }),
]);
export type ImportRunCompleted = z.infer<typeof ImportRunCompleted>;

/**
 * The feed could not be read or understood: no job was closed. A feed read as a stream (ADR 084)
 * that breaks part-way (cut short, not JSON further on) has already brought the jobs before the
 * break up to date; the new ones among them are named, so a later successful run closes them when
 * they are gone.
 */
export const ImportRunFailed = z.object({
  feed: z.string(),
  reason: z.string(),
  at: z.string(),
  /** Job ids this run wrote that no earlier run of the feed had listed (absent when none). */
  writtenJobIds: z.array(z.string()).optional(),
});
export type ImportRunFailed = z.infer<typeof ImportRunFailed>;

export type ImportEvent = { type: 'ImportRunCompleted'; data: ImportRunCompleted } | { type: 'ImportRunFailed'; data: ImportRunFailed };

export const IMPORT_STREAM_PREFIX = 'import-';

export const ImportEventSchemas = { ImportRunCompleted, ImportRunFailed } satisfies EventSchemas<ImportEvent>;
