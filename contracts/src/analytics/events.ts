import { z } from 'zod';

/**
 * What visitors did on the board, for the admin analytics (part 2: total job views and searches,
 * top jobs by views, daily job views).
 *
 * Reads never write one event each: the process that answers searches and job views counts
 * them in memory and appends one `JobViewsCounted` / `JobSearchesCounted` per flush (every few
 * seconds) to its own stream, `analytics-<YYYY-MM-DD>-<instance>` (see ADR 012).
 */
export const ANALYTICS_COUNTS_SCHEMA_VERSION = 1;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const Count = z.number().int().nonnegative();
export const JobViewVia = z.enum(['id', 'share']);

/** Views counted in one flush, per day; `total` also holds the views not itemised per job. */
export const JobViewsCounted = z.object({
  /** When the first and the last counted view happened (ISO 8601). */
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      day: IsoDay,
      total: Count,
      jobs: z.array(z.object({ jobId: z.string(), via: JobViewVia, count: Count })),
    }),
  ),
});
export type JobViewsCounted = z.infer<typeof JobViewsCounted>;

/**
 * Searches counted in one flush, per day. A search is a first page asked for with a term.
 * Queries are normalised (trimmed, lower case, single spaces); `total` and `withoutResults`
 * also hold the searches not itemised (a flush itemises a bounded number of distinct queries).
 */
export const JobSearchesCounted = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      day: IsoDay,
      total: Count,
      withoutResults: Count,
      queries: z.array(
        z.object({ search: z.string(), location: z.string(), type: z.string(), status: z.string(), count: Count, withoutResults: Count }),
      ),
    }),
  ),
});
export type JobSearchesCounted = z.infer<typeof JobSearchesCounted>;

/**
 * Which candidates' cards each company's users were shown (Browse Candidates, the side panel), per
 * day, in one flush: for the candidate's ledger (issue 13, ADR 037). Profile ids and company ids
 * only; a flush itemises a bounded number of cards (the rest are not recorded).
 */
export const CandidateCardsShown = z.object({
  from: z.string(),
  to: z.string(),
  shown: z.array(z.object({ day: IsoDay, companyId: z.string(), profileIds: z.array(z.string()) })),
});
export type CandidateCardsShown = z.infer<typeof CandidateCardsShown>;

/**
 * Page views of the app counted in one flush, per day and route (issue 15, ADR 041): sent by the
 * browser only after the visitor accepted analytics cookies. A route is the app's route pattern
 * (`/job/$jobId`), never the address itself, so no id or token in an address is recorded.
 */
export const PageViewsCounted = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: IsoDay, total: Count, routes: z.array(z.object({ route: z.string(), count: Count })) })),
});
export type PageViewsCounted = z.infer<typeof PageViewsCounted>;

/**
 * `POST /api/analytics/page-views` `{ route }`: a route pattern of the app — lower-case words and
 * `$params`, each segment at most 30 characters (an address's ids and tokens are refused).
 */
export const PageViewBody = z.object({
  route: z
    .string({ error: 'route is required' })
    .max(200)
    .regex(/^\/(?:(?:[a-z][a-z0-9-]{0,29}|\$[a-zA-Z]{1,30})(?:\/(?:[a-z][a-z0-9-]{0,29}|\$[a-zA-Z]{1,30}))*)?\/?$/, 'route must be one of the app’s route patterns, such as /job/$jobId'),
});
export type PageViewBody = z.infer<typeof PageViewBody>;

/** Stream of the counts one process flushed on one day: flushes of different processes never contend. */
export const analyticsCountsStreamId = (isoDate: string, instanceId: string) => `analytics-${isoDate.slice(0, 10)}-${instanceId}`;

// ---------------------------------------------------------------------------------------------
// Before counting (logs written until ADR 012): one event per view and per search, stream
// `analytics-<YYYY-MM-DD>`. Still readable: `readBoardActivity` upcasts them to counts of one.

/** @deprecated Written one per view until ADR 012; read through `readBoardActivity`. */
export const JobViewed = z.object({ jobId: z.string(), via: JobViewVia, viewedAt: z.string() });
/** @deprecated Written one per search until ADR 012; read through `readBoardActivity`. */
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

/** @deprecated The shared daily stream of the one-event-per-read design. */
export const analyticsStreamId = (isoDate: string) => `analytics-${isoDate.slice(0, 10)}`;

/** Lower case, trimmed, runs of white space as one space: "  Data  Engineer" counts as "data engineer". */
export const normaliseSearchText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export type BoardActivity = { type: 'JobViewsCounted'; data: JobViewsCounted } | { type: 'JobSearchesCounted'; data: JobSearchesCounted };

/**
 * Any analytics event of the log as counts: the counted events as they are, the older
 * one-per-read events upcast to counts of one. `null` for every other event type.
 */
export function readBoardActivity(event: { type: string; data: unknown }): BoardActivity | null {
  switch (event.type) {
    case 'JobViewsCounted':
      return { type: 'JobViewsCounted', data: JobViewsCounted.parse(event.data) };
    case 'JobSearchesCounted':
      return { type: 'JobSearchesCounted', data: JobSearchesCounted.parse(event.data) };
    case 'JobViewed': {
      const view = JobViewed.parse(event.data);
      return {
        type: 'JobViewsCounted',
        data: { from: view.viewedAt, to: view.viewedAt, days: [{ day: view.viewedAt.slice(0, 10), total: 1, jobs: [{ jobId: view.jobId, via: view.via, count: 1 }] }] },
      };
    }
    case 'JobSearchPerformed': {
      const search = JobSearchPerformed.parse(event.data);
      const withoutResults = search.resultCount === 0 ? 1 : 0;
      const query = {
        search: normaliseSearchText(search.search),
        location: normaliseSearchText(search.location),
        type: normaliseSearchText(search.type),
        status: search.status,
        count: 1,
        withoutResults,
      };
      return {
        type: 'JobSearchesCounted',
        data: { from: search.searchedAt, to: search.searchedAt, days: [{ day: search.searchedAt.slice(0, 10), total: 1, withoutResults, queries: [query] }] },
      };
    }
    default:
      return null;
  }
}
