import { z } from 'zod';
import { Job } from './api';

/** How many suggested jobs `GET /api/jobs/suggested` answers by default, and at most. */
export const SUGGESTED_JOBS_COUNT = 10;
export const SUGGESTED_JOBS_MAX_COUNT = 50;

/** `GET /api/jobs/suggested?count=N` (signed-in candidate with a profile; issue 11, ADR 027). */
export const SuggestedJobsQuery = z.object({
  count: z.coerce
    .number({ error: `count must be a whole number from 1 to ${SUGGESTED_JOBS_MAX_COUNT}` })
    .int(`count must be a whole number from 1 to ${SUGGESTED_JOBS_MAX_COUNT}`)
    .min(1, `count must be a whole number from 1 to ${SUGGESTED_JOBS_MAX_COUNT}`)
    .max(SUGGESTED_JOBS_MAX_COUNT, `count must be a whole number from 1 to ${SUGGESTED_JOBS_MAX_COUNT}`)
    .default(SUGGESTED_JOBS_COUNT),
});
export type SuggestedJobsQuery = z.output<typeof SuggestedJobsQuery>;

/**
 * The best-matching open jobs, highest score first (each with its `matchScore`, reasons and
 * warnings), and the version of the formula that scored them.
 */
export const SuggestedJobs = z.object({
  jobs: z.array(Job),
  matchScoreVersion: z.number().int().positive(),
});
export type SuggestedJobs = z.infer<typeof SuggestedJobs>;
