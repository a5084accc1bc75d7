import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobListQuery, type ImportedJobRevised, type JobImported, type JobPosted } from '@hireloop/contracts';
import { createMemoryEventStore, START, type EventStore, type NewEvent } from '@hireloop/platform/event-store/index';
import { createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store/index';
import { jobBoardProjection, searchFields, type JobBoardDocument } from '@hireloop/projections/job-board/projection';
import { jobsCollection, searchJobs } from '@hireloop/projections/job-board/queries';
import { BOARD_JOBS as JOBS, postedJob } from '@hireloop/projections/job-board/search-fixtures';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { syntheticJob } from '../../../cli/src/demo-jobs';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
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
    await eventStore.append(streamId, [event]);
  };
}

const posted = postedJob;

/** A job document written behind the projection's back: no position (as the benchmark's fill does). */
function positionless(jobId: string, seed: Partial<JobPosted> & { title: string; location: string }): JobBoardDocument {
  const job = posted(jobId, seed);
  const { jobId: id, postedBy: _postedBy, ...rest } = job;
  return {
    _id: id,
    id,
    ...rest,
    createdAt: at(NOW),
    isActive: true,
    matchScore: null,
    matchReasons: [],
    warnings: [],
    firstSeenAt: null,
    lastSeenAt: null,
    validThrough: null,
    ...searchFields(job),
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
  const corpus = [...new Set(docs.flatMap((doc) => doc.searchText.split(/\s+/)).filter(Boolean))];
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

async function expectSameAnswer(index: JobSearchIndex, readStore: ReadStore, query: JobListQuery, companyId?: string) {
  const expected = await searchJobs(readStore, query, companyId);
  const actual = await index.search(query, companyId);
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
    expect((await index.search(JobListQuery.parse({ search: 'react typescript' }))).jobs.map((job) => job.title)).toEqual(['React Developer', 'Mobile Engineer']);
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
    const board = await index.search(JobListQuery.parse({ pageSize: 100 }));
    expect(board.jobs.map((job) => job.id).slice(0, 3)).toEqual(['job-08', 'job-new-1', 'job-01']);
    expect(board.jobs.map((job) => job.id)).not.toContain('job-00');
    expect(board.jobs.map((job) => job.id)).toContain('job-10');
    expect((await index.search(JobListQuery.parse({ search: 'tokio', location: 'berlin' }))).jobs.map((job) => job.title)).toEqual(['Staff Rust Engineer']);
    expect((await index.search(JobListQuery.parse({ location: 'oslo' }))).total).toBe(1);
    expect((await index.search(JobListQuery.parse({ search: 'acm' }))).jobs.map((job) => job.id)).toEqual(['job-09', 'job-11']);
    expect((await index.search(JobListQuery.parse({ search: 'glo' }))).jobs.map((job) => job.id)).toEqual(['job-02']);
    expect((await index.search(JobListQuery.parse({ status: 'all' }), 'company-a')).jobs.map((job) => job.id)).toEqual(['job-08', 'job-new-1']);

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
    const answers = await Promise.all(Array.from({ length: 20 }, () => index.search(JobListQuery.parse({ search: 'elixir' }))));
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
    expect((await index.search(JobListQuery.parse({ status: 'all' }))).total).toBe(0);
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
    expect((await index.search(JobListQuery.parse({ search: 'haskell' }))).total).toBe(1);
  });

  it('searches alone notice, now and then, what the checkpoint does not tell', async () => {
    let now = 0;
    const own = new JobSearchIndex(readStore, { verifyEveryMs: 1000, now: () => now });
    const query = JobListQuery.parse({ search: 'elm' });
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
  });

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
  });
});
