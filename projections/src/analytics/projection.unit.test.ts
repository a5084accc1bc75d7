import { describe, expect, it } from 'vitest';
import type { ApplicationSubmitted, JobPosted, JobSearchesCounted, JobViewsCounted, UserRegistered } from '@hireloop/contracts';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { ProjectionRunner } from '../runner';
import { physicalCollection, type ProjectionDefinition } from '../shared/projection';
import { projectionSpec, type GivenEvent } from '../shared/projection-spec';
import { analyticsDailyProjection, analyticsTopJobsProjection } from './projection';
import { analyticsSummary, analyticsWindow, dailyMetrics, topJobs, UNKNOWN_JOB_TITLE } from './queries';

const user = (userId: string, type: 'candidate' | 'company', registeredAt: string): GivenEvent => ({
  streamId: `user-${userId}`,
  type: 'UserRegistered',
  data: {
    userId,
    type,
    role: type,
    name: 'Ada Lovelace',
    email: `${userId}@example.com`,
    phone: '+1 555 0100',
    location: 'London',
    currentRole: null,
    skills: [],
    companyId: type === 'company' ? `company-of-${userId}` : null,
    registeredAt,
  } satisfies UserRegistered,
});

const job = (jobId: string, title: string): GivenEvent => ({
  streamId: `job-${jobId}`,
  type: 'JobPosted',
  data: {
    jobId,
    title,
    company: 'Northwind',
    location: 'Remote',
    salary: null,
    type: 'Full-time',
    remote: true,
    description: 'Build things.',
    requirements: [],
    skills: [],
    experience: 'Senior level',
    benefits: null,
    shareToken: 'secret-share-token',
    companyId: 'company-1',
    postedBy: 'user-1',
    source: 'internal',
    externalUrl: null,
  } satisfies JobPosted,
});

const application = (jobId: string, candidateUserId: string, submittedAt: string): GivenEvent => ({
  streamId: `application-${jobId}-${candidateUserId}`,
  type: 'ApplicationSubmitted',
  data: { applicationId: `app-${jobId}-${candidateUserId}`, jobId, candidateUserId, submittedAt } satisfies ApplicationSubmitted,
});

const views = (days: JobViewsCounted['days']): GivenEvent => ({
  streamId: `analytics-${days[0]!.day}-instance-1`,
  type: 'JobViewsCounted',
  data: { from: `${days[0]!.day}T00:00:00.000Z`, to: `${days.at(-1)!.day}T23:59:59.000Z`, days } satisfies JobViewsCounted,
});

const searches = (day: string, total: number, withoutResults: number): GivenEvent => ({
  streamId: `analytics-${day}-instance-1`,
  type: 'JobSearchesCounted',
  data: {
    from: `${day}T10:00:00.000Z`,
    to: `${day}T10:00:05.000Z`,
    days: [{ day, total, withoutResults, queries: [{ search: 'ada lovelace', location: '', type: '', status: 'open', count: total, withoutResults }] }],
  } satisfies JobSearchesCounted,
});

/** Before ADR 012: one event per view and per search. */
const oldView = (jobId: string, viewedAt: string): GivenEvent => ({
  streamId: `analytics-${viewedAt.slice(0, 10)}`,
  type: 'JobViewed',
  data: { jobId, via: 'share', viewedAt },
});
const oldSearch = (searchedAt: string, resultCount: number): GivenEvent => ({
  streamId: `analytics-${searchedAt.slice(0, 10)}`,
  type: 'JobSearchPerformed',
  data: { search: 'Kafka', location: '', type: '', status: 'open', page: 1, resultCount, searchedAt },
});

describe('analytics-daily read model', () => {
  const spec = projectionSpec(analyticsDailyProjection);

  it('counts signups by account type, applications, views and searches on their UTC day, and nothing personal', async () => {
    await spec
      .given([
        user('u1', 'candidate', '2026-11-20T23:59:59.000Z'),
        user('u2', 'company', '2026-11-21T00:00:00.000Z'),
        user('u3', 'candidate', '2026-11-21T08:00:00.000Z'),
        job('j1', 'Platform Engineer'),
        application('j1', 'u3', '2026-11-21T09:00:00.000Z'),
        views([
          { day: '2026-11-20', total: 2, jobs: [{ jobId: 'j1', via: 'id', count: 2 }] },
          // A flush over midnight: the day after, with views past the cap not itemised.
          { day: '2026-11-21', total: 7, jobs: [{ jobId: 'j1', via: 'share', count: 3 }] },
        ]),
        searches('2026-11-21', 5, 2),
        oldView('j1', '2026-11-21T11:00:00.000Z'),
        oldSearch('2026-11-21T11:00:00.000Z', 0),
        oldSearch('2026-11-21T11:00:01.000Z', 4),
        // Page views of visitors who accepted analytics (ADR 041): counted per day, routes not kept here.
        {
          streamId: 'analytics-2026-11-21-q1',
          type: 'PageViewsCounted',
          data: { from: '2026-11-21T10:00:00.000Z', to: '2026-11-21T10:00:05.000Z', days: [{ day: '2026-11-21', total: 6, routes: [{ route: '/jobs', count: 5 }, { route: '/job/$jobId', count: 1 }] }] },
        },
      ])
      .then('analytics-daily', [
        {
          _id: '2026-11-20',
          date: '2026-11-20',
          signups: 1,
          signupsByType: { candidate: 1, company: 0 },
          jobViews: 2,
          applications: 0,
          searches: 0,
          searchesWithoutResults: 0,
          pageViews: 0,
        },
        {
          _id: '2026-11-21',
          date: '2026-11-21',
          signups: 2,
          signupsByType: { candidate: 1, company: 1 },
          jobViews: 8,
          applications: 1,
          searches: 7,
          searchesWithoutResults: 3,
          pageViews: 6,
        },
      ]);
  });
});

describe('analytics-top-jobs read model', () => {
  const spec = projectionSpec(analyticsTopJobsProjection);

  it('counts views (by id and by share link together) and applications per job and day, with the job title', async () => {
    await spec
      .given([
        job('j1', 'Platform Engineer'),
        job('j2', 'Data Engineer'),
        views([{ day: '2026-11-21', total: 9, jobs: [{ jobId: 'j1', via: 'id', count: 2 }, { jobId: 'j1', via: 'share', count: 1 }, { jobId: 'j2', via: 'id', count: 4 }] }]),
        oldView('j1', '2026-11-22T11:00:00.000Z'),
        application('j2', 'u3', '2026-11-22T09:00:00.000Z'),
        oldView('ghost', '2026-11-22T11:00:00.000Z'),
      ])
      .then('analytics-job-days', [
        { _id: '2026-11-21:j1', day: '2026-11-21', jobId: 'j1', views: 3, applications: 0 },
        { _id: '2026-11-21:j2', day: '2026-11-21', jobId: 'j2', views: 4, applications: 0 },
        { _id: '2026-11-22:ghost', day: '2026-11-22', jobId: 'ghost', views: 1, applications: 0 },
        { _id: '2026-11-22:j1', day: '2026-11-22', jobId: 'j1', views: 1, applications: 0 },
        { _id: '2026-11-22:j2', day: '2026-11-22', jobId: 'j2', views: 0, applications: 1 },
      ]);
  });

  it('keeps one document per job with its title and totals, and no share token', async () => {
    await spec
      .given([job('j1', 'Platform Engineer'), oldView('j1', '2026-11-22T11:00:00.000Z'), application('j1', 'u3', '2026-11-22T09:00:00.000Z')])
      .then('analytics-jobs', [{ _id: 'j1', jobTitle: 'Platform Engineer', views: 1, applications: 1 }]);
  });
});

// --- Live, batch after batch, equals a rebuild from zero ------------------------------------------

/** Sixty days of history: signups, jobs, applications, views and searches, old and new event shapes. */
function history(): GivenEvent[] {
  const events: GivenEvent[] = [];
  const start = Date.parse('2026-09-28T00:00:00.000Z');
  for (let d = 0; d < 60; d++) {
    const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    events.push(user(`c${d}`, 'candidate', `${day}T${String(d % 24).padStart(2, '0')}:15:00.000Z`));
    if (d % 3 === 0) events.push(user(`co${d}`, 'company', `${day}T12:00:00.000Z`));
    if (d % 5 === 0) events.push(job(`j${d}`, `Job number ${d}`));
    const jobs = Array.from({ length: Math.min(4, Math.floor(d / 5) + 1) }, (_, n) => `j${n * 5}`);
    if (d < 10) {
      events.push(oldView(jobs[0]!, `${day}T10:00:00.000Z`), oldSearch(`${day}T10:00:01.000Z`, d % 2));
    } else {
      events.push(views([{ day, total: d + 3, jobs: jobs.map((jobId, n) => ({ jobId, via: n % 2 ? 'share' : 'id', count: (d + n) % 4 })) }]));
      events.push(searches(day, d, d % 3));
    }
    if (d % 2 === 0) events.push(application(jobs[d % jobs.length]!, `c${d}`, `${day}T16:00:00.000Z`));
  }
  return events;
}

async function appendAll(eventStore: EventStore, events: readonly GivenEvent[], from: number) {
  let n = from;
  for (const event of events) {
    await eventStore.append(event.streamId, [
      {
        type: event.type,
        data: event.data,
        metadata: { eventId: `event-${++n}`, occurredAt: '2026-11-26T10:00:00.000Z', actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 },
      },
    ]);
  }
}

const snapshot = async (readStore: ReadStore, projection: ProjectionDefinition) =>
  Object.fromEntries(
    await Promise.all(
      Object.keys(projection.collections).map(async (name) => [name, await readStore.collection(physicalCollection(projection, name)).find({}, { sort: { _id: 1 } })] as const),
    ),
  );

describe.each([analyticsDailyProjection, analyticsTopJobsProjection])('$name', (projection) => {
  it('built live, a few events at a time in small batches, equals a rebuild from zero and a fresh replay', async () => {
    const events = history();
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const live = new ProjectionRunner({ eventStore, readStore, projection, batchSize: 7 });
    for (let n = 0; n < events.length; n += 13) {
      await appendAll(eventStore, events.slice(n, n + 13), n);
      await live.catchUp();
    }
    const builtLive = await snapshot(readStore, projection);
    expect(Object.values(builtLive).every((docs) => docs.length > 0)).toBe(true);

    await new ProjectionRunner({ eventStore, readStore, projection }).rebuild();
    expect(await snapshot(readStore, projection)).toEqual(builtLive);

    const fresh = createMemoryReadStore();
    await new ProjectionRunner({ eventStore, readStore: fresh, projection, batchSize: 1000 }).catchUp();
    expect(await snapshot(fresh, projection)).toEqual(builtLive);
  });
});

describe('analytics queries', () => {
  const build = async (events: GivenEvent[]) => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendAll(eventStore, events, 0);
    for (const projection of [analyticsDailyProjection, analyticsTopJobsProjection]) await new ProjectionRunner({ eventStore, readStore, projection }).catchUp();
    return readStore;
  };
  const now = new Date('2026-11-26T15:00:00.000Z');

  it('windows are whole UTC days ending today', () => {
    expect(analyticsWindow(now, 30)).toEqual({ from: '2026-10-28', to: '2026-11-26', days: 30 });
    expect(analyticsWindow(now, 1)).toEqual({ from: '2026-11-26', to: '2026-11-26', days: 1 });
  });

  it('the summary adds up the days of the window only; the sums of all windows match the history', async () => {
    const readStore = await build(history());
    const all = await analyticsSummary(readStore, analyticsWindow(now, 365));
    // 60 candidates and 20 companies signed up; 30 applications; searches: 10 old (one each) + sum(10..59).
    expect(all).toMatchObject({ totalSignups: 80, signupsByType: { candidate: 60, company: 20 }, totalApplications: 30, totalSearches: 10 + 1725 });
    const recent = await analyticsSummary(readStore, analyticsWindow(now, 30));
    // History runs 2026-09-28 .. 2026-11-26: the last 30 days are days 30..59.
    expect(recent.totalSignups).toBe(30 + 10);
    expect(recent.totalSearches).toBe(Array.from({ length: 30 }, (_, n) => 30 + n).reduce((a, b) => a + b, 0));
    expect(recent.window).toEqual({ from: '2026-10-28', to: '2026-11-26', days: 30 });
  });

  it('daily metrics: one entry per day oldest first with zero days filled in, and an empty list for a window without activity', async () => {
    const readStore = await build([user('u1', 'candidate', '2026-11-24T10:00:00.000Z'), searches('2026-11-26', 4, 1)]);
    expect(await dailyMetrics(readStore, analyticsWindow(now, 3))).toEqual([
      { date: '2026-11-24', signups: 1, jobViews: 0, applications: 0, searches: 0, pageViews: 0 },
      { date: '2026-11-25', signups: 0, jobViews: 0, applications: 0, searches: 0, pageViews: 0 },
      { date: '2026-11-26', signups: 0, jobViews: 0, applications: 0, searches: 4, pageViews: 0 },
    ]);
    expect(await dailyMetrics(readStore, analyticsWindow(new Date('2026-12-31T00:00:00.000Z'), 7))).toEqual([]);
  });

  it('top jobs: most viewed in the window first, then most applied to; an unknown job keeps its id', async () => {
    const readStore = await build([
      job('j1', 'Platform Engineer'),
      job('j2', 'Data Engineer'),
      job('j3', 'Designer'),
      views([{ day: '2026-10-01', total: 100, jobs: [{ jobId: 'j3', via: 'id', count: 100 }] }]),
      views([{ day: '2026-11-25', total: 9, jobs: [{ jobId: 'j1', via: 'id', count: 2 }, { jobId: 'j2', via: 'id', count: 2 }, { jobId: 'ghost', via: 'id', count: 5 }] }]),
      application('j2', 'u1', '2026-11-26T10:00:00.000Z'),
      application('j3', 'u1', '2026-11-26T10:00:00.000Z'),
    ]);
    expect(await topJobs(readStore, analyticsWindow(now, 30), 10)).toEqual([
      { jobId: 'ghost', jobTitle: UNKNOWN_JOB_TITLE, views: 5, applications: 0 },
      { jobId: 'j2', jobTitle: 'Data Engineer', views: 2, applications: 1 },
      { jobId: 'j1', jobTitle: 'Platform Engineer', views: 2, applications: 0 },
      { jobId: 'j3', jobTitle: 'Designer', views: 0, applications: 1 },
    ]);
    expect(await topJobs(readStore, analyticsWindow(now, 30), 2)).toHaveLength(2);
    expect(await topJobs(readStore, analyticsWindow(new Date('2027-06-01T00:00:00.000Z'), 30), 10)).toEqual([]);
  });
});
