import { z } from 'zod';

/**
 * Stream `analytics-<YYYY-MM-DD>`: what visitors did on the board, for the admin analytics.
 * Recorded by a reaction from work items the query service enqueues (queries never write).
 */
export const JobViewed = z.object({ jobId: z.string(), via: z.enum(['id', 'share']), viewedAt: z.string() });
export const JobSearchPerformed = z.object({
  search: z.string(),
  location: z.string(),
  type: z.string(),
  status: z.string(),
  page: z.number(),
  resultCount: z.number(),
  searchedAt: z.string(),
});
export type JobViewed = z.infer<typeof JobViewed>;
export type JobSearchPerformed = z.infer<typeof JobSearchPerformed>;

export const analyticsStreamId = (isoDate: string) => `analytics-${isoDate.slice(0, 10)}`;
