import { ApplicationSubmitted, ImportedJobRevised, JobEdited, JobImported, JobPosted, PageViewsCounted, UserRegistered, readBoardActivity, type UserType } from '@hireloop/contracts';
import { z } from 'zod';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

/**
 * The admin analytics (ADR 034): counts per UTC day and per job, folded from the event log.
 * Counts only — no names, emails, search texts or tokens: a user is a number in a day's signups,
 * an application a number in a job's day.
 *
 * Both read models are sums, so the order events arrive in (live, batch after batch, or a rebuild
 * from the start) does not change them; a new metric added here (version bump) fills in for the
 * whole past by replay.
 */

/** The old one-event-per-read analytics events are read as counts too (`readBoardActivity`). */
type BoardActivityType = 'JobViewsCounted' | 'JobSearchesCounted' | 'JobViewed' | 'JobSearchPerformed';

const dayOf = (iso: string) => iso.slice(0, 10);

// --- analytics-daily ---------------------------------------------------------------------------

/** One UTC day of the marketplace, `_id` the day (YYYY-MM-DD). */
export type AnalyticsDayDocument = {
  _id: string;
  date: string;
  signups: number;
  signupsByType: Record<UserType, number>;
  jobViews: number;
  applications: number;
  searches: number;
  /** Searches that found nothing. */
  searchesWithoutResults: number;
  /** First-party page views (visitors who accepted analytics cookies, ADR 041). Added in version 2: a replay fills in the past. */
  pageViews: number;
};

const emptyDay = (date: string): AnalyticsDayDocument => ({
  _id: date,
  date,
  signups: 0,
  signupsByType: { candidate: 0, company: 0 },
  jobViews: 0,
  applications: 0,
  searches: 0,
  searchesWithoutResults: 0,
  pageViews: 0,
});

/**
 * The board's activity events are parsed into counts by `readBoardActivity` (which reads the old
 * one-per-read events as counts of one): one parse per event, the counts what every evolve sees.
 */
const boardActivity = <Type extends BoardActivityType>(type: Type) => z.unknown().transform((data) => readBoardActivity({ type, data }));
const boardActivitySchemas = {
  JobViewsCounted: boardActivity('JobViewsCounted'),
  JobSearchesCounted: boardActivity('JobSearchesCounted'),
  JobViewed: boardActivity('JobViewed'),
  JobSearchPerformed: boardActivity('JobSearchPerformed'),
};

const dailySchemas = { UserRegistered, ApplicationSubmitted, PageViewsCounted, ...boardActivitySchemas };
type DailyEvent = ProjectedEvent<typeof dailySchemas>;

/** What an event adds to each day it counts in, in order (a day may come more than once). */
export function dailyCounts(event: DailyEvent): Array<{ date: string; add: (day: AnalyticsDayDocument) => AnalyticsDayDocument }> {
  switch (event.type) {
    case 'PageViewsCounted':
      return event.data.days.map(({ day: date, total }) => ({ date, add: (day) => ({ ...day, pageViews: (day.pageViews ?? 0) + total }) }));
    case 'UserRegistered': {
      const { type, registeredAt } = event.data;
      return [{ date: dayOf(registeredAt), add: (day) => ({ ...day, signups: day.signups + 1, signupsByType: { ...day.signupsByType, [type]: day.signupsByType[type] + 1 } }) }];
    }
    case 'ApplicationSubmitted':
      return [{ date: dayOf(event.data.submittedAt), add: (day) => ({ ...day, applications: day.applications + 1 }) }];
    case 'JobViewsCounted':
    case 'JobSearchesCounted':
    case 'JobViewed':
    case 'JobSearchPerformed': {
      const activity = event.data;
      if (!activity) return [];
      if (activity.type === 'JobViewsCounted') {
        return activity.data.days
          .filter((day) => day.total > 0 || day.jobs.length > 0)
          .map(({ day: date, total }) => ({ date, add: (day) => ({ ...day, jobViews: day.jobViews + total }) }));
      }
      return activity.data.days
        .filter((day) => day.total > 0)
        .map(({ day: date, total, withoutResults }) => ({
          date,
          add: (day) => ({ ...day, searches: day.searches + total, searchesWithoutResults: day.searchesWithoutResults + withoutResults }),
        }));
    }
    default:
      return unhandled(event);
  }
}

/** Pure: a day after an event. */
export const evolveDay = (day: AnalyticsDayDocument | null, event: DailyEvent, { id }: { id: string }): AnalyticsDayDocument =>
  dailyCounts(event)
    .filter(({ date }) => date === id)
    .reduce((current, { add }) => add(current), day ?? emptyDay(id));

/** `analytics-daily`: signups (by account type), job views, applications, searches and page views per UTC day. */
export const analyticsDailyProjection = evolvingProjection({
  name: 'analytics-daily',
  version: 2,
  // Queries read a range of `_id` (the day): the primary key serves it.
  collections: { 'analytics-daily': {} },
  schemas: dailySchemas,
  slices: [slice('analytics-daily', { documents: (event: DailyEvent) => dailyCounts(event).map(({ date }) => date), evolve: evolveDay })],
});

// --- analytics-top-jobs --------------------------------------------------------------------------

/** One job's views and applications on one UTC day, `_id` `<day>:<jobId>`. */
export type AnalyticsJobDayDocument = { _id: string; day: string; jobId: string; views: number; applications: number };

/** One job over all time, `_id` the job id: its title (as last posted or revised) and its totals. */
export type AnalyticsJobDocument = { _id: string; jobTitle: string | null; views: number; applications: number };

export const jobDayId = (day: string, jobId: string) => `${day}:${jobId}`;

const topJobsSchemas = {
  JobPosted,
  JobImported,
  ImportedJobRevised,
  JobEdited,
  ApplicationSubmitted,
  JobViewsCounted: boardActivitySchemas.JobViewsCounted,
  JobViewed: boardActivitySchemas.JobViewed,
};
type TopJobsEvent = ProjectedEvent<typeof topJobsSchemas>;

/** The views and applications an event adds to jobs, per day. */
export function jobCounts(event: TopJobsEvent): Array<{ date: string; jobId: string; views: number; applications: number }> {
  switch (event.type) {
    case 'ApplicationSubmitted':
      return [{ date: dayOf(event.data.submittedAt), jobId: event.data.jobId, views: 0, applications: 1 }];
    case 'JobViewsCounted':
    case 'JobViewed': {
      const activity = event.data;
      if (activity?.type !== 'JobViewsCounted') return [];
      return activity.data.days
        .filter((day) => day.total > 0 || day.jobs.length > 0)
        .flatMap(({ day: date, jobs }) => {
          // One job may be itemised twice in a day (viewed by id and by share link).
          const perJob = new Map<string, number>();
          for (const { jobId, count } of jobs) perJob.set(jobId, (perJob.get(jobId) ?? 0) + count);
          return [...perJob].filter(([, count]) => count > 0).map(([jobId, count]) => ({ date, jobId, views: count, applications: 0 }));
        });
    }
    case 'JobPosted':
    case 'JobImported':
    case 'ImportedJobRevised':
    case 'JobEdited':
      return [];
    default:
      return unhandled(event);
  }
}

/** Pure: one job's day after an event. */
export const evolveJobDay = (jobDay: AnalyticsJobDayDocument | null, event: TopJobsEvent, { id }: { id: string }): AnalyticsJobDayDocument | null =>
  jobCounts(event)
    .filter(({ date, jobId }) => jobDayId(date, jobId) === id)
    .reduce<AnalyticsJobDayDocument | null>(
      (current, { date, jobId, views, applications }) => {
        const known = current ?? { _id: id, day: date, jobId, views: 0, applications: 0 };
        return { ...known, views: known.views + views, applications: known.applications + applications };
      },
      jobDay,
    );

/** Pure: a job's title and totals after an event. */
export function evolveAnalyticsJob(job: AnalyticsJobDocument | null, event: TopJobsEvent, { id }: { id: string }): AnalyticsJobDocument | null {
  const known = job ?? { _id: id, jobTitle: null, views: 0, applications: 0 };
  switch (event.type) {
    case 'JobPosted':
    case 'JobImported':
    case 'ImportedJobRevised':
    case 'JobEdited':
      return known.jobTitle === event.data.title ? job : { ...known, jobTitle: event.data.title };
    case 'ApplicationSubmitted':
    case 'JobViewsCounted':
    case 'JobViewed':
      return jobCounts(event)
        .filter(({ jobId }) => jobId === id)
        .reduce<AnalyticsJobDocument | null>((current, { views, applications }) => {
          const totals = current ?? known;
          return { ...totals, views: totals.views + views, applications: totals.applications + applications };
        }, job);
    default:
      return unhandled(event);
  }
}

/**
 * `analytics-top-jobs`: views and applications per job and UTC day (`analytics-job-days`, read by
 * day range for the top jobs of a window) and per job over all time with its title
 * (`analytics-jobs`). Views not itemised per job by a flush (past its cap, ADR 012) count in the
 * day's total only, in `analytics-daily`.
 */
export const analyticsTopJobsProjection = evolvingProjection({
  name: 'analytics-top-jobs',
  version: 1,
  collections: {
    'analytics-job-days': { indexes: [{ fields: ['day'] }] },
    'analytics-jobs': {},
  },
  schemas: topJobsSchemas,
  slices: [
    slice('analytics-job-days', { documents: (event: TopJobsEvent) => jobCounts(event).map(({ date, jobId }) => jobDayId(date, jobId)), evolve: evolveJobDay }),
    slice('analytics-jobs', {
      documents: (event: TopJobsEvent) =>
        event.type === 'JobPosted' || event.type === 'JobImported' || event.type === 'ImportedJobRevised' || event.type === 'JobEdited' ? event.data.jobId : jobCounts(event).map(({ jobId }) => jobId),
      evolve: evolveAnalyticsJob,
    }),
  ],
});
