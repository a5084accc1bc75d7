import { z } from 'zod';
import { MESSAGES } from '../common/messages';

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Freelance', 'Internship'] as const;
export const EXPERIENCE_LEVELS = ['Entry level', 'Mid level', 'Senior level', 'Executive level'] as const;
/**
 * Where a job comes from. The spec's five, plus the public feeds the importer reads
 * (labelled with the feed's name, see docs/decisions).
 */
export const JOB_SOURCES = ['indeed', 'ziprecruiter', 'bairdtech', 'internal', 'google_search', 'remoteok', 'himalayas'] as const;
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
export const Job = z.object({
  id: z.string(),
  shareToken: z.string(),
  title: z.string(),
  company: z.string(),
  companyId: z.string().nullable(),
  location: z.string(),
  salary: z.string().nullable(),
  type: z.string(),
  remote: z.boolean(),
  description: z.string(),
  requirements: z.array(z.string()),
  skills: z.array(z.string()),
  benefits: z.string().nullable(),
  experience: z.string(),
  createdAt: z.string(),
  isActive: z.boolean(),
  source: JobSource,
  externalUrl: z.string().nullable(),
  matchScore: z.number().int().min(0).max(100).nullable(),
  matchReasons: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type Job = z.infer<typeof Job>;

export const PostJobResponse = z.object({ success: z.literal(true), job: Job });
export type PostJobResponse = z.infer<typeof PostJobResponse>;

export const JobList = z.array(Job);
