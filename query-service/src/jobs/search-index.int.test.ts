import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobListQuery, MIN_POSITION_HEADER, TOTAL_COUNT_HEADER, type ImportedJobRevised, type JobImported, type JobPosted } from '@hireloop/contracts';
import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus } from '@hireloop/platform/bus';
import { compileFilter } from '@hireloop/platform/read-store/postgres';
import { createMemoryEventStore, START, type EventStore, type NewEvent, type Position } from '@hireloop/platform/event-store';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import {
  createMemoryReadStore,
  createPostgresReadStore,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
} from '@hireloop/platform/read-store';
import { systemClock } from '@hireloop/platform/runtime';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { boardFields, jobBoardProjection, searchText, type JobBoardDocument } from '@hireloop/projections/job-board/projection';
import { findJobByShareToken, jobSearchQuery, jobsCollection, latestOpenJobs, searchJobs } from '@hireloop/projections/job-board/queries';
import { BOARD_JOBS as JOBS, postedJob } from '@hireloop/projections/job-board/search-fixtures';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { syntheticJob } from '../../../cli/src/demo-jobs';
import { createMigratedSchema, createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { registerQueryService } from '../app';
import { ProjectionProgress } from '../shared/projection-progress';
import { JobSearchIndex } from './search-index';

/**
 * The in-memory index must answer exactly what the read store query (`searchJobs`, the
 * reference) answers: same jobs in the same order, same total, on every read-store adapter.
 */

/** The queries of search.int.test.ts (one per rule of the board search), and its paging. */
const RULE_QUERIES: Array<Record<string, unknown>> = [
  {},
  { search: 'react typescript' },
  { search: 'MAPLE' },
  { search: 'advocate role' },
  { search: 'kube' },
  { search: 'react cobol' },
  { location: 'remote' },
  { location: 'global' },
  { location: 'worldwide' },
  { location: 'usa' },
  { location: 'United States' },
  { location: 'san fran' },
  { location: 'new york, remote' },
  { location: 'remote usa' },
  { type: 'part' },
  { type: 'contract' },
  { type: 'remote' },
  { status: 'closed' },
  { status: 'all', search: 'cobol' },
  { search: 'cobol' },
  { search: 'engineer', location: 'usa', type: 'full' },
  { search: '(any' },
  { location: '(any timezone)' },
];

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

/** Appends events with the metadata every event carries. */
function eventLog(eventStore: EventStore) {
  let n = 0;
  return async (streamId: string, type: string, data: unknown, occurredAt = at(NOW)) => {
    const event: NewEvent = {
      type,
      data,
      metadata: { eventId: `event-${++n}`, occurredAt, actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 },
    };
    return (await eventStore.append(streamId, [event])).position;
  };
}

const posted = postedJob;

/** A job document written behind the projection's back: no position (as the benchmark's fill does). */
function positionless(jobId: string, seed: Partial<JobPosted> & { title: string; location: string }): JobBoardDocument {
  const job = posted(jobId, seed);
  const { jobId: id, postedBy: _postedBy, ...rest } = job;
  return {
    _id: id,
    ...rest,
    createdAt: at(NOW),
    isActive: true,
    firstSeenAt: null,
    lastSeenAt: null,
    validThrough: null,
    ...boardFields(job),
    closedReason: null,
    position: '',
  };
}

const imported = (jobId: string, i: number): JobImported => {
  const { companyId: _companyId, postedBy: _postedBy, source: _source, externalUrl: _externalUrl, ...content } = syntheticJob(i);
  return {
    ...content,
    jobId,
    shareToken: `share-${jobId}`,
    source: 'remoteok',
    externalId: String(i),
    externalUrl: `https://remoteok.com/remote-jobs/${i}`,
    feed: 'https://remoteok.com/api',
    postedAt: at(NOW - Math.floor(i / 3) * 60_000),
    validThrough: null,
    seenAt: at(NOW),
  };
};

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

const LOCATIONS = [
  'usa', 'remote', 'global', 'worldwide', 'United States', 'u.s.', 'US', 'remote usa', 'new york, remote', 'austin', 'tx', 'TX',
  'san fran', 'canada', 'uk', 'york', '(any timezone)', 'a', 'on', 'remote, global', 'berlin', 'india', 'remote - us', ',', 'zzz',
];
const TYPES = ['full', 'full-time', 'Full-Time', 'part', 'part-time', 'contract', 'remote', 'intern', 'freelance', 'time', 'e', '-', 'x'];
const STATUSES = ['open', 'open', 'all', 'closed'] as const;
const PAGE_SIZES = [1, 2, 3, 5, 10, 10, 20, 100];

/** Seeded random board searches over the words of the jobs (including 1-2 letter pieces). */
function randomQueries(seed: number, count: number, docs: readonly JobBoardDocument[], companies: readonly string[]) {
  const rng = random(seed);
  const corpus = [...new Set(docs.flatMap((doc) => searchText(doc).split(/\s+/)).filter(Boolean))];
  const locationWords = [...new Set(docs.flatMap((doc) => doc.locationText.split(/[\s,]+/)).filter(Boolean))];
  const keyword = () => {
    const word = rng.pick(corpus);
    switch (rng.int(6)) {
      case 0: {
        // A piece of a word, 1 to 5 letters.
        const length = 1 + rng.int(Math.min(5, word.length));
        const from = rng.int(word.length - length + 1);
        return word.slice(from, from + length);
      }
      case 1:
        return word.toUpperCase();
      case 2:
        return rng.pick(['a', 'e', 'go', 'qa', 'c', 'x', 'ml', '.', '-', '(any', 'node.js', 'c++', '$90k', 'zzzz']);
      default:
        return word;
    }
  };
  return Array.from({ length: count }, () => {
    const raw: Record<string, unknown> = {};
    const words = rng.int(4);
    if (words > 0) raw.search = Array.from({ length: words }, keyword).join(rng.next() < 0.2 ? '   ' : ' ');
    if (rng.next() < 0.5) raw.location = rng.next() < 0.7 ? rng.pick(LOCATIONS) : rng.pick(locationWords);
    if (rng.next() < 0.3) raw.type = rng.pick(TYPES);
    raw.status = rng.pick(STATUSES);
    raw.page = rng.next() < 0.6 ? 1 : 1 + rng.int(5);
    raw.pageSize = rng.pick(PAGE_SIZES);
    const companyId = companies.length > 0 && rng.next() < 0.2 ? rng.pick([...companies, 'nobody']) : undefined;
    return { query: JobListQuery.parse(raw), companyId };
  });
}

const databases: TestDatabase[] = [];
const stores: ReadStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const db of databases) await db.drop();
});

const adapters: Array<[string, () => Promise<ReadStore>]> = [
  ['memory', async () => createMemoryReadStore()],
  [
    'postgres',
    async () => {
      const db = await createTestDatabase();
      databases.push(db);
      const store = await createPostgresReadStore({ connectionString: db.url });
      stores.push(store);
      return store;
    },
  ],
];

/** Every document of the read model. */
const allDocs = (readStore: ReadStore) => jobsCollection(readStore).find({});

/** A board search as the route makes it from the query string. */
const parsed = (raw: Record<string, unknown>, companyId: string | null = null) => jobSearch(JobListQuery.parse(raw), companyId);

async function expectSameAnswer(index: JobSearchIndex, readStore: ReadStore, query: JobListQuery, companyId?: string) {
  const search = jobSearch(query, companyId ?? null);
  const expected = await searchJobs(readStore, search);
  const actual = await index.search(search);
  expect(actual.answeredBy).toBe('index');
  const label = JSON.stringify({ query, companyId });
  expect({ label, ids: actual.jobs.map((job) => job.id), total: actual.total }).toEqual({
    label,
    ids: expected.jobs.map((job) => job.id),
    total: expected.total,
  });
  expect(actual.jobs).toEqual(expected.jobs);
}

describe.each(adapters)('job search index on %s: the board search rules', (_name, makeReadStore) => {
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  let append: ReturnType<typeof eventLog>;
  let index: JobSearchIndex;

  beforeAll(async () => {
    readStore = await makeReadStore();
    const eventStore = createMemoryEventStore();
    append = eventLog(eventStore);
    for (const [i, seed] of JOBS.entries()) {
      const jobId = `job-${String(i).padStart(2, '0')}`;
      // Job i was posted i hours ago: newest first is the order of JOBS.
      await append(`job-${jobId}`, 'JobPosted', posted(jobId, seed), at(NOW - i * 3600_000));
      if (seed.title === 'Closed Role') await append(`job-${jobId}`, 'JobClosed', { jobId, reason: 'closed_by_owner', closedAt: at(NOW) });
    }
    runner = new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection });
    await runner.catchUp();
    index = new JobSearchIndex(readStore);
  });

  it('answers every query of the search rules, and pages, as the read store does', async () => {
    for (const query of RULE_QUERIES) {
      for (const pageSize of [100, 10, 3]) {
        for (const page of [1, 2, 5]) await expectSameAnswer(index, readStore, JobListQuery.parse({ pageSize, page, ...query }));
      }
    }
    await expectSameAnswer(index, readStore, JobListQuery.parse({}));
    await expectSameAnswer(index, readStore, JobListQuery.parse({ page: '2' }));
    expect((await index.search(parsed({ search: 'react typescript' }))).jobs.map((job) => job.title)).toEqual(['React Developer', 'Mobile Engineer']);
    expect(index.fullLoads).toBe(1);
  });

  it('answers 200 seeded random queries as the read store does', async () => {
    for (const { query } of randomQueries(1, 200, await allDocs(readStore), [])) await expectSameAnswer(index, readStore, query);
  });

  it('follows new events: post, close, reopen, revise, re-date', async () => {
    const loads = index.fullLoads;
    await append('job-job-new-1', 'JobPosted', posted('job-new-1', { title: 'Kotlin Engineer', location: 'Remote - USA', remote: true, companyId: 'company-a' }), at(NOW + 60_000));
    // Same createdAt as job-03: the _id breaks the tie.
    await append('job-job-new-2', 'JobPosted', posted('job-new-2', { title: 'React Native Engineer', location: 'Oslo, Norway', companyId: 'company-b' }), at(NOW - 3 * 3600_000));
    await append('job-job-00', 'JobClosed', { jobId: 'job-00', reason: 'closed_by_owner', closedAt: at(NOW) });
    await append('job-job-10', 'JobReopened', { jobId: 'job-10', reason: 'reopened_by_owner', reopenedAt: at(NOW) });
    // A revised job: new words, new location.
    const revised: ImportedJobRevised = {
      ...posted('job-04', { title: 'Staff Rust Engineer', location: 'Berlin, Germany', skills: ['Rust', 'Tokio'], company: 'Fjordline' }),
      validThrough: null,
      seenAt: at(NOW),
    };
    await append('job-job-04', 'ImportedJobRevised', revised);
    // Revised so that it loses words (a 3-letter search trusts its trigram alone).
    await append('job-job-02', 'ImportedJobRevised', { ...revised, ...posted('job-02', { ...JOBS[2]!, company: 'Globex', skills: ['Rust'] }) });
    // Posted again with a new date: moves to the top.
    await append('job-job-08', 'JobPosted', posted('job-08', { ...JOBS[8]!, companyId: 'company-a' }), at(NOW + 120_000));
    await runner.catchUp();

    // No explicit refresh: the search itself catches up with the checkpoint (read-your-writes).
    const board = await index.search(parsed({ pageSize: 100 }));
    expect(board.jobs.map((job) => job.id).slice(0, 3)).toEqual(['job-08', 'job-new-1', 'job-01']);
    expect(board.jobs.map((job) => job.id)).not.toContain('job-00');
    expect(board.jobs.map((job) => job.id)).toContain('job-10');
    expect((await index.search(parsed({ search: 'tokio', location: 'berlin' }))).jobs.map((job) => job.title)).toEqual(['Staff Rust Engineer']);
    expect((await index.search(parsed({ location: 'oslo' }))).total).toBe(1);
    expect((await index.search(parsed({ search: 'acm' }))).jobs.map((job) => job.id)).toEqual(['job-09', 'job-11']);
    expect((await index.search(parsed({ search: 'glo' }))).jobs.map((job) => job.id)).toEqual(['job-02']);
    expect((await index.search(parsed({ status: 'all' }, 'company-a'))).jobs.map((job) => job.id)).toEqual(['job-08', 'job-new-1']);

    await index.refresh();
    const companies = ['company-a', 'company-b'];
    for (const query of RULE_QUERIES) await expectSameAnswer(index, readStore, JobListQuery.parse({ pageSize: 100, ...query }));
    for (const { query, companyId } of randomQueries(2, 200, await allDocs(readStore), companies)) await expectSameAnswer(index, readStore, query, companyId);
    expect(index.fullLoads).toBe(loads);
    expect(index.incrementalLoads).toBeGreaterThan(0);
  });

  it('shares one load between concurrent searches', async () => {
    await append('job-job-new-3', 'JobPosted', posted('job-new-3', { title: 'Elixir Engineer', location: 'Remote' }), at(NOW + 180_000));
    await runner.catchUp();
    const before = index.incrementalLoads;
    const answers = await Promise.all(Array.from({ length: 20 }, () => index.search(parsed({ search: 'elixir' }))));
    for (const answer of answers) expect(answer.jobs.map((job) => job.id)).toEqual(['job-new-3']);
    expect(index.incrementalLoads - before).toBeLessThanOrEqual(2);
  });

  it('reloads everything when the projection is rebuilt', async () => {
    const loads = index.fullLoads;
    // What a rebuild does first: documents deleted, checkpoint back to the start.
    await readStore.transaction(async (tx) => {
      await tx.collection(physicalCollection(jobBoardProjection, 'jobs')).deleteMany({});
      await tx.setCheckpoint(checkpointName(jobBoardProjection), START);
    });
    await expectSameAnswer(index, readStore, JobListQuery.parse({ status: 'all' }));
    expect((await index.search(parsed({ status: 'all' }))).total).toBe(0);
    expect(index.fullLoads).toBe(loads + 1);
    // The replay: incremental loads bring everything back.
    await runner.catchUp();
    for (const query of RULE_QUERIES) await expectSameAnswer(index, readStore, JobListQuery.parse({ pageSize: 100, ...query }));
    expect(index.fullLoads).toBe(loads + 1);
    expect(index.size).toBe((await allDocs(readStore)).length);
    // A whole rebuild between two searches.
    await runner.rebuild();
    await index.refresh();
    for (const query of RULE_QUERIES) await expectSameAnswer(index, readStore, JobListQuery.parse({ pageSize: 100, ...query }));
  });

  it('answers what a rebuild put in place even when no event came after it (the positions do not tell)', async () => {
    // A board gone wrong (what a replay is run to repair): a title changed, its position kept.
    const jobs = physicalCollection(jobBoardProjection, 'jobs');
    const right = (await readStore.collection<JobBoardDocument>(jobs).get('job-03'))!;
    await readStore.transaction((tx) => tx.collection<JobBoardDocument>(jobs).put({ ...right, title: 'Garbled Title' }));
    const standalone = new JobSearchIndex(readStore);
    expect((await standalone.search(parsed({ search: 'garbled' }))).total).toBe(1);
    expect(standalone.fullLoads).toBe(1);
    await runner.rebuild();
    expect((await standalone.search(parsed({ search: 'garbled' }))).total).toBe(0);
    expect((await standalone.search(parsed({ search: right.title }))).jobs.map((job) => job.id)).toContain('job-03');
    expect(standalone.fullLoads).toBe(2);
    for (const query of RULE_QUERIES) await expectSameAnswer(standalone, readStore, JobListQuery.parse({ pageSize: 100, ...query }));
  });

  it('reloads everything when the collection shrank or holds documents it cannot see by position', async () => {
    const jobs = physicalCollection(jobBoardProjection, 'jobs');
    let loads = index.fullLoads;
    await readStore.transaction((tx) => tx.collection(jobs).delete('job-01'));
    await index.refresh();
    expect(index.fullLoads).toBe(loads + 1);
    await expectSameAnswer(index, readStore, JobListQuery.parse({ status: 'all', pageSize: 100 }));

    // Written behind the projection's back (no position, checkpoint unchanged), as the benchmark does.
    loads = index.fullLoads;
    await readStore.transaction((tx) => tx.collection<JobBoardDocument>(jobs).put(positionless('job-sideways', { title: 'Haskell Engineer', location: 'Austin, TX' })));
    await index.refresh();
    expect(index.fullLoads).toBe(loads + 1);
    await expectSameAnswer(index, readStore, JobListQuery.parse({ search: 'haskell' }));
    expect((await index.search(parsed({ search: 'haskell' }))).total).toBe(1);
  });

  it('searches alone notice, now and then, what the checkpoint does not tell', async () => {
    let now = 0;
    const own = new JobSearchIndex(readStore, { verifyEveryMs: 1000, now: () => now });
    const query = parsed({ search: 'elm' });
    expect((await own.search(query)).total).toBe(0);
    const doc = positionless('job-elm', { title: 'Elm Engineer', location: 'Remote' });
    await readStore.transaction((tx) => tx.collection<JobBoardDocument>(physicalCollection(jobBoardProjection, 'jobs')).put(doc));
    // Checkpoint unchanged, verification not due: the index answers from what it has.
    expect((await own.search(query)).total).toBe(0);
    now += 1000;
    await vi.waitFor(async () => expect((await own.search(query)).jobs.map((j) => j.id)).toEqual(['job-elm']));
    expect(own.fullLoads).toBe(2);
    await expectSameAnswer(own, readStore, JobListQuery.parse({ status: 'all', pageSize: 100 }));
  });
});

/**
 * The read store's reference answer scans four fields for each keyword on PostgreSQL (the board
 * stores no searchText, ADR 091): these comparisons take 15-30 s on a loaded 2-core machine.
 */
const REFERENCE_SEARCH_TIMEOUT_MS = 120_000;

describe.each(adapters)('job search index on %s: 600 synthetic jobs', (_name, makeReadStore) => {
  const COMPANIES = ['company-0', 'company-1', 'company-2', 'company-3'];
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  let append: ReturnType<typeof eventLog>;
  let index: JobSearchIndex;

  beforeAll(async () => {
    readStore = await makeReadStore();
    const eventStore = createMemoryEventStore();
    append = eventLog(eventStore);
    for (let i = 0; i < 600; i++) {
      const jobId = `synthetic-${i}`;
      if (i % 5 === 0) {
        await append(`job-${jobId}`, 'JobImported', imported(jobId, i));
      } else {
        const data: JobPosted = { ...syntheticJob(i), jobId, shareToken: `share-${jobId}`, companyId: i % 3 === 0 ? COMPANIES[i % 4]! : null };
        // Three jobs per minute: ties on createdAt.
        await append(`job-${jobId}`, 'JobPosted', data, at(NOW - Math.floor(i / 3) * 60_000));
      }
      if (i % 11 === 0) await append(`job-${jobId}`, 'JobClosed', { jobId, reason: 'closed_by_owner', closedAt: at(NOW) });
    }
    runner = new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection });
    await runner.catchUp();
    index = new JobSearchIndex(readStore, { pageSize: 128 });
  });

  it('answers the bench searches and 200 seeded random queries as the read store does', async () => {
    for (const search of ['engineer', 'react typescript', 'kubernetes', 'senior data', 'python', 'go', 'backend', '']) {
      for (const location of ['', 'usa', 'remote', 'austin', 'united states', 'worldwide', 'berlin', 'new york']) {
        await expectSameAnswer(index, readStore, JobListQuery.parse({ search, location, page: 2 }));
      }
    }
    for (const { query, companyId } of randomQueries(3, 200, await allDocs(readStore), COMPANIES)) await expectSameAnswer(index, readStore, query, companyId);
    const stats = index.stats()!;
    expect(stats.jobs).toBe(600);
    // Trigrams most jobs hold are bitsets.
    expect(stats.denseTrigrams).toBeGreaterThan(0);
  }, REFERENCE_SEARCH_TIMEOUT_MS);

  it('follows a stream of changes as the read store does', async () => {
    const loads = index.fullLoads;
    for (let i = 600; i < 640; i++) {
      const jobId = `synthetic-${i}`;
      // Some newest, some among the old ones (same minute as existing jobs).
      const occurredAt = i % 2 === 0 ? at(NOW + i * 1000) : at(NOW - (i - 600) * 7 * 60_000);
      await append(`job-${jobId}`, 'JobPosted', { ...syntheticJob(i), jobId, shareToken: `share-${jobId}`, companyId: COMPANIES[i % 4]! }, occurredAt);
    }
    for (let i = 1; i < 600; i += 19) await append(`job-synthetic-${i}`, 'JobClosed', { jobId: `synthetic-${i}`, reason: 'closed_by_admin', closedAt: at(NOW) });
    for (let i = 0; i < 600; i += 33) await append(`job-synthetic-${i}`, 'JobReopened', { jobId: `synthetic-${i}`, reason: 'reopened_by_admin', reopenedAt: at(NOW) });
    for (let i = 0; i < 600; i += 40) {
      // Imported jobs revised with the content of another job: trigrams come and go.
      const { companyId: _c, postedBy: _p, source: _s, externalUrl: _e, ...content } = syntheticJob(i + 7);
      await append(`job-synthetic-${i}`, 'ImportedJobRevised', { ...content, jobId: `synthetic-${i}`, externalUrl: null, validThrough: null, seenAt: at(NOW) });
      await append(`job-synthetic-${i}`, 'ImportedJobSeen', { jobId: `synthetic-${i}`, seenAt: at(NOW + 1000) });
    }
    await runner.catchUp();
    for (const { query, companyId } of randomQueries(4, 200, await allDocs(readStore), COMPANIES)) await expectSameAnswer(index, readStore, query, companyId);
    expect(index.fullLoads).toBe(loads);
    expect(index.size).toBe(640);
  }, REFERENCE_SEARCH_TIMEOUT_MS);

  it('brings a search asked before up to date with the few jobs changed since, as the read store does', async () => {
    // Asked twice: the index keeps these searches' job sets and totals, and afterwards checks
    // only the jobs changed since (a handful here, few enough not to compute them again).
    const kept = randomQueries(5, 20, await allDocs(readStore), COMPANIES);
    for (let round = 0; round < 2; round++) for (const { query, companyId } of kept) await index.search(jobSearch(query, companyId ?? null));
    for (let round = 0; round < 3; round++) {
      const jobId = `synthetic-${700 + round}`;
      await append(`job-${jobId}`, 'JobPosted', { ...syntheticJob(700 + round), jobId, shareToken: `share-${jobId}`, companyId: COMPANIES[round]! }, at(NOW + 900_000));
      await append(`job-synthetic-${2 + round * 3}`, 'JobClosed', { jobId: `synthetic-${2 + round * 3}`, reason: 'closed_by_admin', closedAt: at(NOW) });
      await append(`job-synthetic-${19 * (round + 1) + 1}`, 'JobReopened', { jobId: `synthetic-${19 * (round + 1) + 1}`, reason: 'reopened_by_admin', reopenedAt: at(NOW) });
      const { companyId: _c, postedBy: _p, source: _s, externalUrl: _e, ...content } = syntheticJob(round + 11);
      await append(`job-synthetic-${5 + round}`, 'ImportedJobRevised', { ...content, jobId: `synthetic-${5 + round}`, externalUrl: null, validThrough: null, seenAt: at(NOW) });
      await runner.catchUp();
      for (const { query, companyId } of kept) await expectSameAnswer(index, readStore, query, companyId);
    }
  }, REFERENCE_SEARCH_TIMEOUT_MS);
});

describe("the job board's read-store queries without the whole-document index (ADR 112)", () => {
  const COMPANIES = ['company-0', 'company-1', 'company-2', 'company-3'];
  /** The job board as it was declared before ADR 112: a GIN index over the whole document served its equality filters. */
  const before = {
    ...jobBoardProjection,
    collections: { jobs: { documentIndex: true, indexes: [{ fields: ['shareToken'], unique: true }, { fields: ['createdAt'] }, { fields: ['position'] }] } },
  };
  let database: TestDatabase;
  const boards: Record<'before' | 'now' | 'memory', ReadStore> = {} as Record<'before' | 'now' | 'memory', ReadStore>;
  let plans: pg.Pool;
  let searches: pg.Pool;
  let nowSchema: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    databases.push(database);
    const eventStore = createMemoryEventStore();
    const append = eventLog(eventStore);
    for (let i = 0; i < 600; i++) {
      const jobId = `synthetic-${i}`;
      if (i % 5 === 0) await append(`job-${jobId}`, 'JobImported', imported(jobId, i));
      else await append(`job-${jobId}`, 'JobPosted', { ...syntheticJob(i), jobId, shareToken: `share-${jobId}`, companyId: i % 3 === 0 ? COMPANIES[i % 4]! : null }, at(NOW - Math.floor(i / 3) * 60_000));
      if (i % 11 === 0) await append(`job-${jobId}`, 'JobClosed', { jobId, reason: 'closed_by_owner', closedAt: at(NOW) });
    }
    nowSchema = await createMigratedSchema(database.url, 'now');
    // Without JIT: the reference search's estimated cost (a scan with a regular expression per
    // field and keyword) crosses jit_above_cost, and compiling takes seconds on 600 jobs (ADR 112).
    searches = new pg.Pool({ connectionString: database.url, options: '-c jit=off' });
    boards.before = await createPostgresReadStore({ pool: searches, schema: await createMigratedSchema(database.url, 'before') });
    boards.now = await createPostgresReadStore({ pool: searches, schema: nowSchema });
    boards.memory = createMemoryReadStore();
    stores.push(boards.before, boards.now);
    await new ProjectionRunner({ eventStore, readStore: boards.before, projection: before }).catchUp();
    await new ProjectionRunner({ eventStore, readStore: boards.now, projection: jobBoardProjection }).catchUp();
    await new ProjectionRunner({ eventStore, readStore: boards.memory, projection: jobBoardProjection }).catchUp();
    plans = new pg.Pool({ connectionString: database.url, max: 1, options: '-c enable_seqscan=off' });
  });
  afterAll(async () => {
    await plans.end();
    await searches.end();
  });

  it('answers 80 seeded random board searches, the share token and the RSS feed exactly as with it', async () => {
    const answers = async (readStore: ReadStore) => {
      const searches = [];
      for (const { query, companyId } of randomQueries(6, 80, await allDocs(readStore), COMPANIES)) searches.push(await searchJobs(readStore, jobSearch(query, companyId ?? null)));
      const shared = [];
      for (const token of ['share-synthetic-1', 'share-synthetic-5', 'share-synthetic-599', 'share-nobody']) shared.push(await findJobByShareToken(readStore, token));
      return { searches, shared, feed: await latestOpenJobs(readStore, 50) };
    };
    const expected = await answers(boards.before);
    expect(expected.searches.filter((answer) => answer.total > 0).length).toBeGreaterThan(20);
    expect(expected.shared.filter(Boolean)).toHaveLength(3);
    expect(await answers(boards.now)).toEqual(expected);
    expect(await answers(boards.memory)).toEqual(expected);
  }, REFERENCE_SEARCH_TIMEOUT_MS);

  it('finds a job by share token, and a company\'s jobs, through their own indexes', async () => {
    const table = `${nowSchema}."rm_${physicalCollection(jobBoardProjection, 'jobs')}"`;
    await plans.query(`ANALYZE ${table}`);
    const plan = async (filter: Filter) => {
      const where = compileFilter(filter);
      return (await plans.query(`EXPLAIN SELECT doc FROM ${table} WHERE ${where.sql}`, where.values)).rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    };
    const indexes = (await plans.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1', [nowSchema])).rows.map((row) => row.indexname);
    expect(indexes.filter((index) => index.includes('_gin_'))).toEqual([]);
    expect(await plan({ shareToken: 'share-synthetic-1' })).toMatch(/_ux_/);
    const companyJobs = await plan(jobSearchQuery(jobSearch(JobListQuery.parse({ status: 'all' }), 'company-1')).filter);
    expect(companyJobs).toMatch(/_ix_/);
    expect(companyJobs).not.toMatch(/Seq Scan/);
  });
});

interface ReadCall {
  method: 'get' | 'find' | 'findOne' | 'count' | 'getCheckpoint' | 'getCheckpointState';
  filter?: Filter;
  options?: FindOptions;
}

/** The index's own page reads are in _id order; the read-store search sorts by createdAt, then _id. */
const isReadStoreSearch = (call: Pick<ReadCall, 'options'>) => call.options?.sort?.createdAt === -1;
const isPageRead = (call: Pick<ReadCall, 'options'>) => call.options?.sort?._id === 1 && !isReadStoreSearch(call);

/**
 * The read store as an index sees it: every read recorded; while `hold()` is on, the answers
 * of page reads are held back (the query itself runs at once) until `release()`.
 */
function recordingStore(inner: ReadStore) {
  const calls: ReadCall[] = [];
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let heldPages = 0;
  const recorded = <T extends Doc>(collection: Collection<T>): Collection<T> => ({
    get: (id) => {
      calls.push({ method: 'get' });
      return collection.get(id);
    },
    find: async (filter, options) => {
      calls.push({ method: 'find', filter, options });
      const result = await collection.find(filter, options);
      if (gate && isPageRead({ options })) {
        heldPages++;
        await gate.promise;
      }
      return result;
    },
    findOne: (filter, options) => {
      calls.push({ method: 'findOne', filter, options });
      return collection.findOne(filter, options);
    },
    count: (filter) => {
      calls.push({ method: 'count', filter });
      return collection.count(filter);
    },
  });
  // Everything else (writes, schema) passes through untouched.
  const store = new Proxy(inner, {
    get(target, property) {
      if (property === 'collection') return <T extends Doc>(name: string) => recorded(target.collection<T>(name));
      if (property === 'getCheckpoint') {
        return (projection: string) => {
          calls.push({ method: 'getCheckpoint' });
          return target.getCheckpoint(projection);
        };
      }
      if (property === 'getCheckpointState') {
        return (projection: string) => {
          calls.push({ method: 'getCheckpointState' });
          return target.getCheckpointState(projection);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    store,
    calls,
    get heldPages() {
      return heldPages;
    },
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
      heldPages = 0;
    },
    release() {
      gate?.open();
      gate = null;
    },
  };
}

describe.each(adapters)('job search index on %s: loaded at start-up, told of progress', (_name, makeReadStore) => {
  let readStore: ReadStore;
  let eventStore: EventStore;
  let runner: ProjectionRunner;
  let append: ReturnType<typeof eventLog>;
  let progress: ProjectionProgress;
  const bus = createMemoryBus();
  const stops: Array<() => Promise<unknown>> = [];

  /** The query service's routes over `readStore`, with `searchIndex` (started when ready). */
  async function boardApp(searchIndex: JobSearchIndex, logger?: BaseAppOptions['logger']) {
    const app = createBaseApp({ logger });
    await registerQueryService(app, {
      readStore,
      secrets: createMemoryAccountSecrets(),
      clock: systemClock,
      progress,
      readYourWritesTimeoutMs: 5000,
      publicUrl: 'http://localhost:3000',
      searchIndex,
    });
    stops.push(() => app.close());
    return app;
  }

  /** A started index over a recording read store, told of progress. */
  function startedIndex(options: ConstructorParameters<typeof JobSearchIndex>[1] = {}) {
    const recorder = recordingStore(readStore);
    const index = new JobSearchIndex(recorder.store, { progress, ...options });
    stops.push(() => index.stop());
    return { recorder, index };
  }

  beforeAll(async () => {
    readStore = await makeReadStore();
    eventStore = createMemoryEventStore();
    append = eventLog(eventStore);
    for (let i = 0; i < 23; i++) {
      const jobId = `start-${String(i).padStart(2, '0')}`;
      await append(`job-${jobId}`, 'JobPosted', { ...syntheticJob(i), jobId, shareToken: `share-${jobId}` }, at(NOW - i * 60_000));
    }
    runner = new ProjectionRunner({ eventStore, readStore, bus, projection: jobBoardProjection });
    await runner.catchUp();
    // Polls every 20 ms for the read models watched (the fallback when no message comes).
    progress = new ProjectionProgress(readStore, [jobBoardProjection], bus, 10, 20);
    await progress.start();
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await progress.stop();
    await bus.close();
  });

  it('loads when the app is ready, before any request, in pages read by key (never OFFSET)', async () => {
    const { recorder, index } = startedIndex({ pageSize: 4 });
    const app = await boardApp(index);
    await app.ready();
    await vi.waitFor(() => expect(index.loaded).toBe(true));

    const ids = (await allDocs(readStore)).map((doc) => doc._id).sort();
    expect(index.size).toBe(ids.length);
    const pages = recorder.calls.filter((call) => call.method === 'find');
    // Each page starts after the last _id of the one before; a full last page costs one empty read.
    expect(pages.map((call) => call.filter)).toEqual([{}, ...Array.from({ length: Math.floor(ids.length / 4) }, (_, n) => ({ _id: { $gt: ids[4 * n + 3] } }))]);
    for (const call of pages) expect(call.options).toEqual({ sort: { _id: 1 }, limit: 4 });

    const query = parsed({ search: 'engineer', pageSize: '5', page: '2' });
    const response = await app.inject({ method: 'GET', url: '/api/jobs?search=engineer&pageSize=5&page=2' });
    const expected = await searchJobs(readStore, query);
    expect(response.json()).toEqual(expected.jobs);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(expected.total));
    expect(index.fullLoads).toBe(1);
  });

  it('makes a search during the load wait for it, at most maxWaitMs, after which the read store answers: the same answer either way', async () => {
    const query = parsed({ search: 'engineer', pageSize: '5' });
    const expected = await searchJobs(readStore, query);

    const waiting = startedIndex({ pageSize: 4 });
    waiting.recorder.hold();
    waiting.index.start();
    await vi.waitFor(() => expect(waiting.recorder.heldPages).toBe(1));
    const answer = waiting.index.search(query);
    // The search waits for the load (observable), and is answered by the index once the load ends:
    // had it not waited, the read store would have answered it.
    await vi.waitFor(() => expect(waiting.index.waitingSearches).toBe(1));
    expect(waiting.index.answers).toEqual({ index: 0, readStore: 0 });
    waiting.recorder.release();
    expect(await answer).toEqual({ ...expected, answeredBy: 'index' });
    expect(waiting.recorder.calls.filter(isReadStoreSearch)).toEqual([]);

    const bounded = startedIndex({ pageSize: 4, maxWaitMs: 20 });
    bounded.recorder.hold();
    bounded.index.start();
    await vi.waitFor(() => expect(bounded.recorder.heldPages).toBe(1));
    for (const raw of [{ search: 'engineer', pageSize: '5' }, {}, { location: 'remote', pageSize: '3', page: '2' }, { status: 'all' }]) {
      const each = parsed(raw);
      expect(await bounded.index.search(each)).toEqual({ ...(await searchJobs(readStore, each)), answeredBy: 'read-store' });
    }
    expect(bounded.index.answers).toEqual({ index: 0, readStore: 4 });
    expect(bounded.index.loaded).toBe(false);
    expect(bounded.recorder.calls.filter(isReadStoreSearch)).toHaveLength(4);
    bounded.recorder.release();
    await vi.waitFor(() => expect(bounded.index.loaded).toBe(true));
    expect(await bounded.index.search(query)).toEqual({ ...expected, answeredBy: 'index' });
  });

  it('logs each board search the read store answers because the index is not loaded yet, and none once it is', async () => {
    const lines: Array<{ searchAnsweredBy?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { searchAnsweredBy?: string });
        done();
      },
    });
    const { recorder, index } = startedIndex({ pageSize: 4, maxWaitMs: 20 });
    recorder.hold();
    const app = await boardApp(index, { level: 'info', stream });
    await app.ready();
    await vi.waitFor(() => expect(recorder.heldPages).toBe(1));
    const url = '/api/jobs?search=engineer&pageSize=5';
    const expected = await searchJobs(readStore, parsed({ search: 'engineer', pageSize: '5' }));

    expect((await app.inject({ method: 'GET', url })).json()).toEqual(expected.jobs);
    expect(lines.filter((line) => line.searchAnsweredBy === 'read-store')).toHaveLength(1);

    recorder.release();
    await vi.waitFor(() => expect(index.loaded).toBe(true));
    expect((await app.inject({ method: 'GET', url })).json()).toEqual(expected.jobs);
    expect(lines.filter((line) => line.searchAnsweredBy !== undefined)).toHaveLength(1);
    expect(index.answers).toEqual({ index: 1, readStore: 1 });
  });

  it('reads nothing from the read store for searches while the job board stands still, and catches up with a write off the search path', async () => {
    const { recorder, index } = startedIndex({ now: () => 0 });
    index.start();
    await vi.waitFor(() => expect(index.loaded).toBe(true));
    const queries = [{}, { search: 'engineer' }, { search: 'react typescript', location: 'remote' }, { location: 'usa', type: 'full' }, { status: 'all', page: '2', pageSize: '3' }].map((raw) =>
      parsed(raw),
    );
    recorder.calls.length = 0;
    for (let i = 0; i < 200; i++) await index.search(queries[i % queries.length]!);
    expect(recorder.calls).toEqual([]);

    const before = index.incrementalLoads;
    await append('job-fortran-1', 'JobPosted', posted('fortran-1', { title: 'Fortran Engineer', location: 'Remote' }), at(NOW + 1000));
    await runner.catchUp();
    // Told by the bus (or the poll): one catch-up reads what changed after the position it had.
    await vi.waitFor(() => expect(index.incrementalLoads).toBe(before + 1));
    expect(recorder.calls.map((call) => call.method)).toEqual(['getCheckpointState', 'find']);
    expect(recorder.calls[1]!.filter).toEqual({ position: { $gt: expect.any(String) } });
    recorder.calls.length = 0;
    expect((await index.search(parsed({ search: 'fortran' }))).jobs.map((job) => job.id)).toEqual(['fortran-1']);
    for (let i = 0; i < 50; i++) await index.search(queries[i % queries.length]!);
    expect(recorder.calls).toEqual([]);
  });

  it('hears that a rebuild replaced the board and loads it again in full before answering from memory', async () => {
    // A board gone wrong (what a replay is run to repair): a title changed, its position kept.
    const jobs = physicalCollection(jobBoardProjection, 'jobs');
    const right = (await readStore.collection<JobBoardDocument>(jobs).get('start-05'))!;
    await readStore.transaction((tx) => tx.collection<JobBoardDocument>(jobs).put({ ...right, title: 'Garbled Title' }));
    const { index } = startedIndex();
    index.start();
    await vi.waitFor(() => expect(index.loaded).toBe(true));
    expect((await index.search(parsed({ search: 'garbled' }))).total).toBe(1);
    const loads = index.fullLoads;
    await runner.rebuild();
    // Told by the bus (or the poll) of the new generation: one full load, off the search path.
    await vi.waitFor(() => expect(index.fullLoads).toBe(loads + 1));
    expect(await index.search(parsed({ search: 'garbled' }))).toEqual({ jobs: [], total: 0, answeredBy: 'index' });
    expect((await index.search(parsed({ search: right.title, status: 'all', pageSize: '100' }))).jobs.map((job) => job.id)).toContain('start-05');
  });

  describe('through the board route, with X-Min-Position', () => {
    let index: JobSearchIndex;
    let recorder: ReturnType<typeof recordingStore>;
    let app: Awaited<ReturnType<typeof boardApp>>;
    const board = (url: string, position: Position) => app.inject({ method: 'GET', url, headers: { [MIN_POSITION_HEADER]: position } });
    const idsOf = (response: Awaited<ReturnType<typeof board>>) => response.json<Array<{ id: string }>>().map((job) => job.id);

    beforeAll(async () => {
      ({ recorder, index } = startedIndex());
      app = await boardApp(index);
      await app.ready();
      await vi.waitFor(() => expect(index.loaded).toBe(true));
    });

    it('finds a job its writer asked for before the projection had applied it', async () => {
      const position = await append('job-clojure-1', 'JobPosted', posted('clojure-1', { title: 'Clojure Engineer', location: 'Remote' }), at(NOW + 1000));
      const asked = board('/api/jobs?search=clojure', position);
      // The request is waiting for the job board to reach its position before the projection applies it.
      await vi.waitFor(() => expect(progress.waiting).toBeGreaterThan(0));
      await runner.catchUp();
      const response = await asked;
      expect(idsOf(response)).toEqual(['clojure-1']);
      expect(response.headers['x-read-model-stale']).toBeUndefined();
    });

    it('does not answer from a catch-up that read the store before the write, even if it ends after the request came', async () => {
      recorder.hold();
      await append('job-clojure-2', 'JobPosted', posted('clojure-2', { title: 'Clojure Architect', location: 'Remote' }), at(NOW + 2000));
      await runner.catchUp();
      // A catch-up is under way and has read the store (clojure-2 in hand); its answer is held.
      await vi.waitFor(() => expect(recorder.heldPages).toBe(1));
      const position = await append('job-clojure-3', 'JobPosted', posted('clojure-3', { title: 'Clojure Lead', location: 'Remote' }), at(NOW + 3000));
      await runner.catchUp();
      const asked = board('/api/jobs?search=clojure', position);
      // The search is waiting on the index while the held catch-up (which read before clojure-3) is under way.
      await vi.waitFor(() => expect(index.waitingSearches).toBe(1));
      recorder.release();
      const response = await asked;
      expect(idsOf(response)).toEqual(['clojure-3', 'clojure-2', 'clojure-1']);
      expect(response.headers['x-read-model-stale']).toBeUndefined();
      // From the index: the read store was not searched.
      expect(recorder.calls.filter(isReadStoreSearch)).toEqual([]);
    });

    it('stays consistent with the read store when a job is closed and reopened', async () => {
      const check = async (position: Position) => {
        for (const raw of [{ search: 'clojure' }, { search: 'clojure', status: 'closed' }, { search: 'clojure', status: 'all' }, {}, { status: 'closed' }]) {
          const response = await board(`/api/jobs?${new URLSearchParams(raw as Record<string, string>).toString()}`, position);
          const expected = await searchJobs(readStore, parsed(raw));
          expect(response.json()).toEqual(expected.jobs);
          expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(expected.total));
        }
      };
      const closed = await append('job-clojure-2', 'JobClosed', { jobId: 'clojure-2', reason: 'closed_by_owner', closedAt: at(NOW + 4000) });
      await runner.catchUp();
      await check(closed);
      expect(idsOf(await board('/api/jobs?search=clojure', closed))).toEqual(['clojure-3', 'clojure-1']);
      expect(idsOf(await board('/api/jobs?search=clojure&status=closed', closed))).toEqual(['clojure-2']);

      const reopened = await append('job-clojure-2', 'JobReopened', { jobId: 'clojure-2', reason: 'reopened_by_owner', reopenedAt: at(NOW + 5000) });
      await runner.catchUp();
      await check(reopened);
      expect(idsOf(await board('/api/jobs?search=clojure', reopened))).toEqual(['clojure-3', 'clojure-2', 'clojure-1']);
      expect(index.fullLoads).toBe(1);
    });

    it('hears by polling of progress nobody announces (a runner in another process)', async () => {
      const silent = new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection });
      await append('job-erlang-1', 'JobPosted', posted('erlang-1', { title: 'Erlang Engineer', location: 'Remote' }), at(NOW + 6000));
      await silent.catchUp();
      // No message, no X-Min-Position: the poll of the checkpoint tells the index.
      await vi.waitFor(async () => expect(idsOf(await app.inject({ method: 'GET', url: '/api/jobs?search=erlang' }))).toEqual(['erlang-1']));
    });
  });
});
