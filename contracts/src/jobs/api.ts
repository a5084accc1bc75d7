import { z } from 'zod';
import { MESSAGES } from '../common/messages';
import {
  ADMIN_JOB_TYPES,
  EXPERIENCE_LEVELS,
  JOB_MAX_PAGE,
  JOB_MAX_PAGE_SIZE,
  JOB_PAGE_SIZE,
  JOB_SEARCH_TEXT_MAX_LENGTH,
  JOB_SOURCES,
  JOB_STATUSES,
  JOB_TYPES,
} from './constants';
import { Job } from './board-answers';

export * from './constants';
export * from './board-answers';

export const JobSource = z.enum(JOB_SOURCES);
export type JobSource = z.infer<typeof JobSource>;

const requiredText = (max: number) =>
  z
    .string({ error: MESSAGES.jobRequiredFields })
    .trim()
    .min(1, MESSAGES.jobRequiredFields)
    .max(max, `At most ${max} characters`);

/** Empty or missing text becomes null. */
const nullableText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** A list given as lines (or already a list): trimmed, blank lines dropped. */
const lines = (max: number) =>
  z
    .union([z.array(z.string().max(2000)), z.string().max(20_000)])
    .nullish()
    .transform((value) =>
      (typeof value === 'string' ? value.split(/\r?\n/) : (value ?? [])).map((line) => line.trim()).filter(Boolean),
    )
    .pipe(z.array(z.string()).max(max, `At most ${max} items`));

/** A list given as comma-separated text (or already a list): trimmed, empties dropped. */
const commaList = (max: number) =>
  z
    .union([z.array(z.string().max(200)), z.string().max(5000)])
    .nullish()
    .transform((value) =>
      (typeof value === 'string' ? value.split(',') : (value ?? [])).map((item) => item.trim()).filter(Boolean),
    )
    .pipe(z.array(z.string()).max(max, `At most ${max} items`));

/** `POST /api/jobs` (company). Field rules of part 2, §5. */
export const PostJobBody = z.object({
  title: requiredText(200),
  company: nullableText(200),
  location: requiredText(200),
  salary: nullableText(200),
  type: z.enum(JOB_TYPES, { error: `Job type must be one of: ${JOB_TYPES.join(', ')}` }).default('Full-time'),
  remote: z.boolean({ error: 'Remote must be true or false' }).default(false),
  description: requiredText(50_000),
  requirements: lines(100),
  skills: commaList(100),
  experience: z
    .enum(EXPERIENCE_LEVELS, { error: `Experience must be one of: ${EXPERIENCE_LEVELS.join(', ')}` })
    .default('Entry level'),
  benefits: nullableText(5000),
});
export type PostJobBody = z.input<typeof PostJobBody>;
export type PostJobCommandData = z.output<typeof PostJobBody>;

/** One job as the board and the detail page show it (part 1, §3). */

const optionalQueryText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value?.trim() ?? '');

/**
 * `GET /api/jobs` query: the board's search (part 1, §5) done by the server. The answer is the
 * page as an array, with the total in `X-Total-Count`.
 */
export const JobListQuery = z.object({
  search: optionalQueryText(JOB_SEARCH_TEXT_MAX_LENGTH),
  location: optionalQueryText(JOB_SEARCH_TEXT_MAX_LENGTH),
  type: optionalQueryText(50),
  status: z.enum(JOB_STATUSES, { error: `status must be one of: ${JOB_STATUSES.join(', ')}` }).default('open'),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(JOB_MAX_PAGE).default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${JOB_MAX_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${JOB_MAX_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${JOB_MAX_PAGE_SIZE}`)
    .max(JOB_MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${JOB_MAX_PAGE_SIZE}`)
    .default(JOB_PAGE_SIZE),
  /**
   * `internal`: only jobs posted on Hireloop (by a company or an admin), not the ones imported from
   * other boards. Jobs are public, so anyone may ask; the invite pickers use it (ADR 116).
   */
  source: z.enum(['internal'], { error: 'source must be internal' }).optional(),
  /** `true`: only the signed-in company's own jobs (with any status filter). */
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type JobListQuery = z.output<typeof JobListQuery>;

/** `POST /api/admin/jobs` (part 2, §5 "Create Job (admin)"). */
export const AdminCreateJobBody = PostJobBody.extend({
  type: z.enum(ADMIN_JOB_TYPES, { error: `Job type must be one of: ${ADMIN_JOB_TYPES.join(', ')}` }).default('Full-time'),
  companyId: z
    .union([z.number().int().nonnegative(), z.string().trim().max(100), z.null()])
    .optional()
    .transform((value) => (value === undefined || value === null || value === '' ? null : String(value))),
  /** A list in the admin form; the job keeps it as one line of text. */
  benefits: z
    .union([z.array(z.string().max(500)).max(50), z.string().max(5000), z.null()])
    .optional()
    .transform((value) => {
      const items = (typeof value === 'string' ? value.split(',') : (value ?? [])).map((item) => item.trim()).filter(Boolean);
      return items.length ? items.join(', ') : null;
    }),
});
export type AdminCreateJobBody = z.input<typeof AdminCreateJobBody>;

/**
 * `PUT /api/jobs/{jobId}`: the owning company or an admin edits a posted job (ADR 064), with the
 * same fields, rules and messages as posting (one body for the company and the admin); the
 * company the job belongs to is not editable.
 */
export const EditJobBody = PostJobBody;
export type EditJobBody = z.input<typeof EditJobBody>;
export const EditJobResponse = z.object({ success: z.literal(true), jobId: z.string() });
export type EditJobResponse = z.infer<typeof EditJobResponse>;

/** `POST /api/jobs/{jobId}/close` and `/reopen`. */
export const JobStatusChange = z.object({ success: z.literal(true), jobId: z.string(), isActive: z.boolean() });
export type JobStatusChange = z.infer<typeof JobStatusChange>;


export const PostJobResponse = z.object({ success: z.literal(true), job: Job });
export type PostJobResponse = z.infer<typeof PostJobResponse>;

