import { z } from 'zod';
import { ADMIN_MESSAGES } from './people';
import { UserType } from '../auth/api';

/**
 * The admin Analytics tab (spec part 2, "Admin panel" and §3, §7, §8, §9): summary cards, top
 * jobs and daily activity from the event log (ADR 034), and the GA4 section.
 *
 * Windows are whole UTC days ending today (the query service's clock): 30 days for the summary
 * and top jobs, 7 for the daily activity (spec §9). `days` may ask for another window.
 */
export const ANALYTICS_WINDOW_DAYS = 30;
export const DAILY_ACTIVITY_DAYS = 7;
export const ANALYTICS_MAX_DAYS = 365;
export const TOP_JOBS_DEFAULT_LIMIT = 10;
export const TOP_JOBS_MAX_LIMIT = 50;

export const ANALYTICS_MESSAGES = {
  adminOnly: ADMIN_MESSAGES.adminOnly,
  /** The overview's error when no GA4 property is configured: the UI then skips the other three GA4 calls (§7). */
  ga4NotConfigured: 'GA4 not configured',
  /** What the UI shows in the GA4 section without data (§8). */
  ga4Unavailable: 'Google Analytics data is not available. Backend GA4 configuration required.',
  ga4Failed: 'Google Analytics could not be reached. Please try again later.',
} as const;

const Count = z.number().int().nonnegative();
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const days = (fallback: number) =>
  z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(ANALYTICS_MAX_DAYS, `days must be at most ${ANALYTICS_MAX_DAYS}`)
    .default(fallback);

/** The window asked for; `from` and `to` are the first and last UTC day counted, both included. */
export const AnalyticsWindow = z.object({ from: IsoDay, to: IsoDay, days: z.number().int().positive() });
export type AnalyticsWindow = z.infer<typeof AnalyticsWindow>;

// --- GET /api/admin/analytics/summary -------------------------------------------------------

export const AnalyticsSummaryQuery = z.object({ days: days(ANALYTICS_WINDOW_DAYS) });
export type AnalyticsSummaryQuery = z.infer<typeof AnalyticsSummaryQuery>;

/** §3 "Analytics summary", plus the signups split by account type and the window counted. */
export const AnalyticsSummary = z.object({
  totalSignups: Count,
  totalJobViews: Count,
  totalApplications: Count,
  totalSearches: Count,
  /** First-party page views, counted only for visitors who accepted analytics cookies (ADR 041). */
  totalPageViews: Count,
  signupsByType: z.record(UserType, Count),
  window: AnalyticsWindow,
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

// --- GET /api/admin/analytics/top-jobs -------------------------------------------------------

export const TopJobsQuery = z.object({
  days: days(ANALYTICS_WINDOW_DAYS),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(TOP_JOBS_MAX_LIMIT, `limit must be at most ${TOP_JOBS_MAX_LIMIT}`)
    .default(TOP_JOBS_DEFAULT_LIMIT),
});
export type TopJobsQuery = z.infer<typeof TopJobsQuery>;

/** §3 "Top jobs": most viewed first, then most applied to. Jobs with neither in the window are left out. */
export const TopJob = z.object({ jobId: z.string(), jobTitle: z.string(), views: Count, applications: Count });
export type TopJob = z.infer<typeof TopJob>;
export const TopJobsResponse = z.array(TopJob);
export type TopJobsResponse = z.infer<typeof TopJobsResponse>;

// --- GET /api/admin/analytics/daily-metrics ------------------------------------------------

export const DailyMetricsQuery = z.object({ days: days(DAILY_ACTIVITY_DAYS) });
export type DailyMetricsQuery = z.infer<typeof DailyMetricsQuery>;

/**
 * §3 "Daily metrics", plus searches: one entry per day of the window, oldest first, days without
 * activity as zeros; an empty list when the whole window had no activity ('No daily metrics
 * available yet.').
 */
export const DailyMetric = z.object({ date: IsoDay, signups: Count, jobViews: Count, applications: Count, searches: Count, pageViews: Count });
export type DailyMetric = z.infer<typeof DailyMetric>;
export const DailyMetricsResponse = z.array(DailyMetric);
export type DailyMetricsResponse = z.infer<typeof DailyMetricsResponse>;

// --- GET /api/admin/analytics/ga4/* ----------------------------------------------------------
// Without a GA4 property configured every GA4 route answers 200 `Ga4NotConfigured` (issue 24: an
// optional integration left off is a normal state, not an outage); a failing GA4 is a 502.

export const Ga4Query = z.object({ days: days(ANALYTICS_WINDOW_DAYS) });
export type Ga4Query = z.infer<typeof Ga4Query>;

/** §3 "GA4 overview". */
export const Ga4Overview = z.object({ pageViews: Count, activeUsers: Count, sessions: Count });
export type Ga4Overview = z.infer<typeof Ga4Overview>;

/** §3 "GA4 top pages", most viewed first. */
export const Ga4TopPage = z.object({ pageTitle: z.string(), pagePath: z.string(), pageViews: Count });
export type Ga4TopPage = z.infer<typeof Ga4TopPage>;
export const Ga4TopPagesResponse = z.array(Ga4TopPage);

/** The spec names the call but not its fields: the overview's three per day, oldest first. */
export const Ga4DailyEntry = z.object({ date: IsoDay, pageViews: Count, activeUsers: Count, sessions: Count });
export type Ga4DailyEntry = z.infer<typeof Ga4DailyEntry>;
export const Ga4DailyResponse = z.array(Ga4DailyEntry);

/** §3 "GA4 traffic sources", most sessions first. */
export const Ga4TrafficSource = z.object({ source: z.string(), medium: z.string(), sessions: Count });
export type Ga4TrafficSource = z.infer<typeof Ga4TrafficSource>;
export const Ga4TrafficSourcesResponse = z.array(Ga4TrafficSource);

/** What every GA4 route answers (200) when no GA4 property is configured: the spec's 'GA4 not configured'. */
export const Ga4NotConfigured = z.object({
  configured: z.literal(false),
  message: z.literal(ANALYTICS_MESSAGES.ga4NotConfigured),
});
export type Ga4NotConfigured = z.infer<typeof Ga4NotConfigured>;
export const GA4_NOT_CONFIGURED: Ga4NotConfigured = { configured: false, message: ANALYTICS_MESSAGES.ga4NotConfigured };
/** The overview, or 'GA4 not configured'. */
export const Ga4OverviewAnswer = z.union([Ga4Overview, Ga4NotConfigured]);
export type Ga4OverviewAnswer = z.infer<typeof Ga4OverviewAnswer>;
/** Whether a GA4 answer says no GA4 property is configured. */
export const isGa4NotConfiguredAnswer = (answer: unknown): answer is Ga4NotConfigured => Ga4NotConfigured.safeParse(answer).success;
