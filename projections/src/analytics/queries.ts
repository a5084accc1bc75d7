import type { AnalyticsSummary, AnalyticsWindow, DailyMetric, TopJob } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import {
  analyticsDailyProjection,
  analyticsTopJobsProjection,
  type AnalyticsDayDocument,
  type AnalyticsJobDayDocument,
  type AnalyticsJobDocument,
} from './projection';

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The `days` whole UTC days ending with the day of `now`, both ends included. */
export function analyticsWindow(now: Date, days: number): AnalyticsWindow {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now), days };
}

/** Every day of the window, oldest first. */
const daysOf = (window: AnalyticsWindow): string[] => {
  const start = Date.parse(`${window.from}T00:00:00.000Z`);
  return Array.from({ length: window.days }, (_, n) => isoDay(new Date(start + n * DAY_MS)));
};

export const analyticsDaysCollection = (readStore: ReadStore) =>
  readStore.collection<AnalyticsDayDocument>(physicalCollection(analyticsDailyProjection, 'analytics-daily'));
export const analyticsJobDaysCollection = (readStore: ReadStore) =>
  readStore.collection<AnalyticsJobDayDocument>(physicalCollection(analyticsTopJobsProjection, 'analytics-job-days'));
export const analyticsJobsCollection = (readStore: ReadStore) =>
  readStore.collection<AnalyticsJobDocument>(physicalCollection(analyticsTopJobsProjection, 'analytics-jobs'));

const daysIn = (readStore: ReadStore, window: AnalyticsWindow) =>
  analyticsDaysCollection(readStore).find({ _id: { $gte: window.from, $lte: window.to } }, { sort: { _id: 1 } });

/** The summary cards: totals over the window (at most one document per day is read). */
export async function analyticsSummary(readStore: ReadStore, window: AnalyticsWindow): Promise<AnalyticsSummary> {
  const summary: AnalyticsSummary = {
    totalSignups: 0,
    totalJobViews: 0,
    totalApplications: 0,
    totalSearches: 0,
    totalPageViews: 0,
    signupsByType: { candidate: 0, company: 0 },
    window,
  };
  for (const day of await daysIn(readStore, window)) {
    summary.totalSignups += day.signups;
    summary.totalJobViews += day.jobViews;
    summary.totalApplications += day.applications;
    summary.totalSearches += day.searches;
    summary.totalPageViews += day.pageViews;
    summary.signupsByType.candidate += day.signupsByType.candidate;
    summary.signupsByType.company += day.signupsByType.company;
  }
  return summary;
}

/** One entry per day of the window, oldest first, zeros where nothing happened; [] when nothing happened at all. */
export async function dailyMetrics(readStore: ReadStore, window: AnalyticsWindow): Promise<DailyMetric[]> {
  const found = new Map((await daysIn(readStore, window)).map((day) => [day.date, day]));
  const metrics = daysOf(window).map((date): DailyMetric => {
    const day = found.get(date);
    return { date, signups: day?.signups ?? 0, jobViews: day?.jobViews ?? 0, applications: day?.applications ?? 0, searches: day?.searches ?? 0, pageViews: day?.pageViews ?? 0 };
  });
  return metrics.some((day) => day.signups + day.jobViews + day.applications + day.searches + day.pageViews > 0) ? metrics : [];
}

/** A job whose title the log does not hold (views counted for an id no job event names). */
export const UNKNOWN_JOB_TITLE = 'Unknown job';

/**
 * The most viewed jobs of the window (then the most applied to, then by id), each with its views
 * and applications in the window. Reads the window's job-days (at most one per job viewed or
 * applied to per day) and sums them here.
 */
export async function topJobs(readStore: ReadStore, window: AnalyticsWindow, limit: number): Promise<TopJob[]> {
  const jobDays = await analyticsJobDaysCollection(readStore).find({ day: { $gte: window.from, $lte: window.to } });
  const totals = new Map<string, { views: number; applications: number }>();
  for (const { jobId, views, applications } of jobDays) {
    const total = totals.get(jobId) ?? { views: 0, applications: 0 };
    total.views += views;
    total.applications += applications;
    totals.set(jobId, total);
  }
  const top = [...totals]
    .filter(([, total]) => total.views + total.applications > 0)
    .sort(([a, x], [b, y]) => y.views - x.views || y.applications - x.applications || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit);
  if (top.length === 0) return [];
  const titles = new Map(
    (await analyticsJobsCollection(readStore).find({ _id: { $in: top.map(([jobId]) => jobId) } })).map((job) => [job._id, job.jobTitle]),
  );
  return top.map(([jobId, total]) => ({ jobId, jobTitle: titles.get(jobId) ?? UNKNOWN_JOB_TITLE, ...total }));
}
