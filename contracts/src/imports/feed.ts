import { z } from 'zod';
import { EXPERIENCE_LEVELS, JOB_TYPES, JobSource } from '../jobs/api';
import { JobContent } from '../jobs/events';

/**
 * The Hireloop job feed: the JSON document partners publish for `hireloop import` (documented in
 * docs/import-format.md). The envelope is checked as a whole; each job on its own, so one bad job
 * is skipped and reported instead of failing the feed.
 */

/** Sources that publish in the Hireloop format (Remote OK and Himalayas have their own formats). */
export const HIRELOOP_FEED_SOURCES = ['indeed', 'ziprecruiter', 'google_search', 'bairdtech'] as const;
export const HireloopFeedSource = z.enum(HIRELOOP_FEED_SOURCES, {
  error: `source must be one of: ${HIRELOOP_FEED_SOURCES.join(', ')}`,
});
export type HireloopFeedSource = z.infer<typeof HireloopFeedSource>;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required (text)` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);

/** Missing, null or blank becomes null. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const textList = (field: string, maxItems: number, maxLength: number) =>
  z
    .array(z.string({ error: `${field} must be a list of text` }).max(maxLength, `each of ${field} must be at most ${maxLength} characters`), {
      error: `${field} must be a list of text`,
    })
    .max(maxItems, `${field} must have at most ${maxItems} items`)
    .nullish()
    .transform((items) => (items ?? []).map((item) => item.trim()).filter(Boolean));

/** A date (`2026-05-16`) or date-time with offset (`2026-05-16T08:00:00Z`), stored as ISO 8601 UTC. */
const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be an ISO 8601 date, such as 2026-05-16 or 2026-05-16T08:00:00Z` })
    .trim()
    .refine(
      (value) => value === '' || (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value))),
      `${field} must be an ISO 8601 date, such as 2026-05-16 or 2026-05-16T08:00:00Z`,
    )
    .nullish()
    .transform((value) => (value ? new Date(value).toISOString() : null));

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be an http(s) address` })
    .trim()
    .max(2000, `${field} must be at most 2000 characters`)
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+/i.test(value), `${field} must be an http(s) address`)
    .nullish()
    .transform((value) => (value ? value : null));

/** One job of a Hireloop feed. Unknown fields are ignored. */
export const HireloopFeedJob = z.object({
  /** The feed's own id for the job: the same job keeps the same id from one run to the next. */
  externalId: z
    .union([z.string(), z.number().int()], { error: 'externalId is required (text): the id of the job in your system' })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, 'externalId must not be empty').max(200, 'externalId must be at most 200 characters')),
  title: requiredText('title', 200),
  company: requiredText('company', 200),
  location: requiredText('location', 200),
  /** Plain text; HTML is turned into text by the importer. */
  description: requiredText('description', 50_000),
  salary: optionalText('salary', 200),
  type: z.enum(JOB_TYPES, { error: `type must be one of: ${JOB_TYPES.join(', ')}` }).nullish().transform((value) => value ?? 'Full-time'),
  remote: z.boolean({ error: 'remote must be true or false' }).nullish().transform((value) => value ?? false),
  requirements: textList('requirements', 100, 2000),
  skills: textList('skills', 100, 200),
  experience: z
    .enum(EXPERIENCE_LEVELS, { error: `experience must be one of: ${EXPERIENCE_LEVELS.join(', ')}` })
    .nullish()
    .transform((value) => value ?? 'Mid level'),
  benefits: optionalText('benefits', 5000),
  /** Where people read and apply for the job. */
  url: httpUrl('url'),
  postedAt: isoDate('postedAt'),
  validThrough: isoDate('validThrough'),
});
export type HireloopFeedJobInput = z.input<typeof HireloopFeedJob>;
export type HireloopFeedJob = z.output<typeof HireloopFeedJob>;

/** The envelope: checked before any job, so a wrong source fails the whole document. */
export const HireloopFeedEnvelope = z.object(
  {
    source: HireloopFeedSource,
    jobs: z.array(z.unknown(), { error: 'jobs must be a list of jobs' }),
  },
  { error: 'A Hireloop feed is an object: { "source": …, "jobs": [ … ] }' },
);

/** The whole document, every job valid: the documented format in one schema. */
export const HireloopFeed = HireloopFeedEnvelope.extend({ jobs: z.array(HireloopFeedJob, { error: 'jobs must be a list of jobs' }) });
export type HireloopFeedInput = z.input<typeof HireloopFeed>;
export type HireloopFeed = z.output<typeof HireloopFeed>;

/** A job as every parser hands it to the importer, whatever the feed's format. */
export const ImportedJob = z.object({
  source: JobSource,
  externalId: z.string().min(1),
  externalUrl: z.string().nullable(),
  /** ISO 8601, or null when the feed does not say. */
  postedAt: z.string().nullable(),
  validThrough: z.string().nullable(),
  content: JobContent,
});
export type ImportedJob = z.infer<typeof ImportedJob>;
