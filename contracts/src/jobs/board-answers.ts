/**
 * The answers the job board reads and writes (a job, a page of jobs, applying, whether I applied),
 * written with `zod/mini` so that the board, the first page of most visits, parses them without
 * loading classic zod (ADR 014, ADR 057). They are the contract's only schemas for these answers:
 * the server writes its answers through them, and the classic schemas of `./api` hold `Job` (a
 * mini schema is a zod schema like any other to them).
 */
import * as z from 'zod/mini';
import { JOB_SOURCES } from './constants';

export const Job = z.object({
  id: z.string(),
  shareToken: z.string(),
  title: z.string(),
  company: z.string(),
  companyId: z.nullable(z.string()),
  location: z.string(),
  salary: z.nullable(z.string()),
  type: z.string(),
  remote: z.boolean(),
  description: z.string(),
  requirements: z.array(z.string()),
  skills: z.array(z.string()),
  benefits: z.nullable(z.string()),
  experience: z.string(),
  createdAt: z.string(),
  isActive: z.boolean(),
  source: z.enum(JOB_SOURCES),
  externalUrl: z.nullable(z.string()),
  matchScore: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  matchReasons: z.array(z.string()),
  warnings: z.array(z.string()),
  /** Imported jobs: when the feed first and last listed it; null for jobs posted here. */
  firstSeenAt: z.nullable(z.string()),
  lastSeenAt: z.nullable(z.string()),
  /** When the posting stops, if known (ISO 8601). */
  validThrough: z.nullable(z.string()),
});
export type Job = z.infer<typeof Job>;

/** `GET /api/jobs`: one page of jobs (the total is in `X-Total-Count`). */
export const JobList = z.array(Job);
export type JobList = z.infer<typeof JobList>;

/** `POST /api/jobs/{jobId}/apply`. */
export const ApplyResponse = z.object({ success: z.literal(true), applicationId: z.string(), appliedAt: z.string() });
export type ApplyResponse = z.infer<typeof ApplyResponse>;

/** `GET /api/jobs/{jobId}/my-application`: whether the signed-in candidate applied, and when. */
export const MyApplication = z.object({ applied: z.boolean(), appliedAt: z.nullable(z.string()) });
export type MyApplication = z.infer<typeof MyApplication>;
