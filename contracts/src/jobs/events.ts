import { z } from 'zod';
import { JobSource } from './api';

/** Stream `job-<jobId>`. */
export const JobPosted = z.object({
  jobId: z.string(),
  shareToken: z.string(),
  companyId: z.string().nullable(),
  postedBy: z.string().nullable(),
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
  source: JobSource,
  externalUrl: z.string().nullable(),
});
export type JobPosted = z.infer<typeof JobPosted>;

export type JobEvent = { type: 'JobPosted'; data: JobPosted };

export const jobStreamId = (jobId: string) => `job-${jobId}`;
