import { ApplicationSubmitted, ImportedJobRevised, JobImported, JobPosted, PageViewsCounted, UserRegistered, readBoardActivity, type UserType } from '@hireloop/contracts';
import type { RecordedEvent } from '@hireloop/platform/event-store';
import type { ProjectionDefinition, ProjectionTransaction } from '../shared/projection';

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
const BOARD_ACTIVITY_TYPES = ['JobViewsCounted', 'JobSearchesCounted', 'JobViewed', 'JobSearchPerformed'] as const;

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

async function addToDay(tx: ProjectionTransaction, date: string, add: (day: AnalyticsDayDocument) => void) {
  const days = tx.collection<AnalyticsDayDocument>('analytics-daily');
  const day = (await days.get(date)) ?? emptyDay(date);
  add(day);
  await days.put(day);
}

/** `analytics-daily`: signups (by account type), job views, applications, searches and page views per UTC day. */
export const analyticsDailyProjection: ProjectionDefinition = {
  name: 'analytics-daily',
  version: 2,
  // Queries read a range of `_id` (the day): the primary key serves it.
  collections: { 'analytics-daily': {} },
  eventTypes: ['UserRegistered', 'ApplicationSubmitted', 'PageViewsCounted', ...BOARD_ACTIVITY_TYPES],
  async apply(event, tx) {
    switch (event.type) {
      case 'PageViewsCounted': {
        for (const { day: date, total } of PageViewsCounted.parse(event.data).days) {
          await addToDay(tx, date, (day) => {
            day.pageViews = (day.pageViews ?? 0) + total;
          });
        }
        return;
      }
      case 'UserRegistered': {
        const { type, registeredAt } = UserRegistered.parse(event.data);
        await addToDay(tx, dayOf(registeredAt), (day) => {
          day.signups += 1;
          day.signupsByType[type] += 1;
        });
        return;
      }
      case 'ApplicationSubmitted': {
        const { submittedAt } = ApplicationSubmitted.parse(event.data);
        await addToDay(tx, dayOf(submittedAt), (day) => {
          day.applications += 1;
        });
        return;
      }
      default:
        await applyBoardActivity(event, {
          views: async (date, total) =>
            addToDay(tx, date, (day) => {
              day.jobViews += total;
            }),
          searches: async (date, total, withoutResults) =>
            addToDay(tx, date, (day) => {
              day.searches += total;
              day.searchesWithoutResults += withoutResults;
            }),
        });
    }
  },
};

async function applyBoardActivity(
  event: RecordedEvent,
  on: {
    views?: (date: string, total: number, jobs: ReadonlyArray<{ jobId: string; count: number }>) => Promise<void>;
    searches?: (date: string, total: number, withoutResults: number) => Promise<void>;
  },
) {
  const activity = readBoardActivity(event);
  if (!activity) return;
  if (activity.type === 'JobViewsCounted') {
    for (const day of activity.data.days) if (day.total > 0 || day.jobs.length > 0) await on.views?.(day.day, day.total, day.jobs);
  } else {
    for (const day of activity.data.days) if (day.total > 0) await on.searches?.(day.day, day.total, day.withoutResults);
  }
}

// --- analytics-top-jobs --------------------------------------------------------------------------

/** One job's views and applications on one UTC day, `_id` `<day>:<jobId>`. */
export type AnalyticsJobDayDocument = { _id: string; day: string; jobId: string; views: number; applications: number };

/** One job over all time, `_id` the job id: its title (as last posted or revised) and its totals. */
export type AnalyticsJobDocument = { _id: string; jobTitle: string | null; views: number; applications: number };

export const jobDayId = (day: string, jobId: string) => `${day}:${jobId}`;

async function addToJob(tx: ProjectionTransaction, date: string, jobId: string, views: number, applications: number) {
  const jobDays = tx.collection<AnalyticsJobDayDocument>('analytics-job-days');
  const id = jobDayId(date, jobId);
  const jobDay = (await jobDays.get(id)) ?? { _id: id, day: date, jobId, views: 0, applications: 0 };
  await jobDays.put({ ...jobDay, views: jobDay.views + views, applications: jobDay.applications + applications });
  const jobs = tx.collection<AnalyticsJobDocument>('analytics-jobs');
  const job = (await jobs.get(jobId)) ?? { _id: jobId, jobTitle: null, views: 0, applications: 0 };
  await jobs.put({ ...job, views: job.views + views, applications: job.applications + applications });
}

async function setTitle(tx: ProjectionTransaction, jobId: string, jobTitle: string) {
  const jobs = tx.collection<AnalyticsJobDocument>('analytics-jobs');
  const job = (await jobs.get(jobId)) ?? { _id: jobId, jobTitle: null, views: 0, applications: 0 };
  if (job.jobTitle !== jobTitle) await jobs.put({ ...job, jobTitle });
}

/**
 * `analytics-top-jobs`: views and applications per job and UTC day (`analytics-job-days`, read by
 * day range for the top jobs of a window) and per job over all time with its title
 * (`analytics-jobs`). Views not itemised per job by a flush (past its cap, ADR 012) count in the
 * day's total only, in `analytics-daily`.
 */
export const analyticsTopJobsProjection: ProjectionDefinition = {
  name: 'analytics-top-jobs',
  version: 1,
  collections: {
    'analytics-job-days': { indexes: [{ fields: ['day'] }] },
    'analytics-jobs': {},
  },
  eventTypes: ['JobPosted', 'JobImported', 'ImportedJobRevised', 'ApplicationSubmitted', 'JobViewsCounted', 'JobViewed'],
  async apply(event, tx) {
    switch (event.type) {
      case 'JobPosted': {
        const { jobId, title } = JobPosted.parse(event.data);
        await setTitle(tx, jobId, title);
        return;
      }
      case 'JobImported': {
        const { jobId, title } = JobImported.parse(event.data);
        await setTitle(tx, jobId, title);
        return;
      }
      case 'ImportedJobRevised': {
        const { jobId, title } = ImportedJobRevised.parse(event.data);
        await setTitle(tx, jobId, title);
        return;
      }
      case 'ApplicationSubmitted': {
        const { jobId, submittedAt } = ApplicationSubmitted.parse(event.data);
        await addToJob(tx, dayOf(submittedAt), jobId, 0, 1);
        return;
      }
      default:
        await applyBoardActivity(event, {
          views: async (date, _total, jobs) => {
            // One job may be itemised twice in a day (viewed by id and by share link).
            const perJob = new Map<string, number>();
            for (const { jobId, count } of jobs) perJob.set(jobId, (perJob.get(jobId) ?? 0) + count);
            for (const [jobId, count] of perJob) if (count > 0) await addToJob(tx, date, jobId, count, 0);
          },
        });
    }
  },
};
