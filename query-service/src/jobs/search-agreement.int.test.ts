import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES, JobListQuery, type JobPosted } from '@hireloop/contracts';
import { createMemoryEventStore, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import {
  jobSearch,
  UnsupportedJobSearchError,
  type JobLocationSearch,
  type JobSearch,
  type JobSort,
  type JobStatusSearch,
} from '@hireloop/projections/job-board/job-search';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { searchJobs } from '@hireloop/projections/job-board/queries';
import { BOARD_JOBS, postedJob } from '@hireloop/projections/job-board/search-fixtures';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { syntheticJob } from '../../../cli/src/demo-jobs';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { JobSearchIndex } from './search-index';

/**
 * The in-memory index and the read store answer the same `JobSearch`: here every field of it,
 * each value alone, every pair of fields with every pair of values, and seeded random
 * combinations, over a few hundred jobs on PostgreSQL, must give the same jobs in the same
 * order and the same total. `FIELD_VALUES` must list every field (a new one does not compile
 * until it has values here), and every member of the status and sort unions.
 */

/** Compile error unless `values` lists every member of the union `T`. */
const everyMember =
  <T extends string>() =>
  <const L extends readonly T[]>(values: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })) =>
    values;

type LocationFieldValues = { [K in keyof JobLocationSearch]-?: readonly JobLocationSearch[K][] };

const LOCATION_VALUES = {
  remote: [false, true],
  global: [false, true],
  us: [false, true],
  // Words with a space or punctuation are valid values too (the index looks them up as text).
  words: [[], ['austin'], ['new', 'york'], ['san fran'], ['(any timezone)'], ['münchen'], [','], ['zzz']],
} as const satisfies LocationFieldValues;

/** The location's fields one at a time (the others off), as values of `location`. */
const locationValues: JobLocationSearch[] = [
  { remote: false, global: false, us: false, words: [] },
  ...Object.entries(LOCATION_VALUES).flatMap(([field, values]) =>
    (values as readonly unknown[]).map((value) => ({ remote: false, global: false, us: false, words: [], [field]: value }) as JobLocationSearch),
  ),
  { remote: true, global: false, us: true, words: ['new'] },
  { remote: true, global: true, us: false, words: [] },
];

type FieldValues = { [K in keyof JobSearch]-?: readonly JobSearch[K][] };

const FIELD_VALUES = {
  keywords: [
    [],
    ['engineer'],
    ['react', 'typescript'],
    ['react', 'react'],
    ['eng', 'engineer'],
    // 1-2 letters: no trigram; exactly 3: the trigram alone.
    ['go'],
    ['a'],
    ['kube'],
    ['acm'],
    // Punctuation is plain text, not a pattern.
    ['c++'],
    ['node.js'],
    ['(any'],
    ['$'],
    // Beyond ASCII, and beyond the BMP (surrogate pairs).
    ['café'],
    ['ü'],
    ['🚀'],
    ['zzzz'],
  ],
  location: locationValues,
  type: [
    null,
    { text: 'full', orRemote: false },
    { text: 'part-time', orRemote: false },
    { text: 'remote', orRemote: true },
    { text: 'contract', orRemote: true },
    { text: 'e', orRemote: false },
    { text: 'x', orRemote: false },
  ],
  status: everyMember<JobStatusSearch>()(['open', 'closed', 'all']),
  internalOnly: [false, true],
  companyId: [null, 'company-0', 'company-3', 'nobody'],
  sort: everyMember<JobSort>()(['newest']),
  skip: [0, 1, 7, 10, 250, 5000],
  limit: [500, 0, 1, 10, 100],
} as const satisfies FieldValues;

/** Every field at its first value: no condition, everything on one page. */
const BASE: JobSearch = Object.fromEntries(Object.entries(FIELD_VALUES).map(([field, values]) => [field, values[0]])) as unknown as JobSearch;
const FIELDS = Object.keys(FIELD_VALUES) as Array<keyof JobSearch>;
const searchWith = (changes: Partial<Record<keyof JobSearch, unknown>>): JobSearch => ({ ...BASE, ...changes }) as JobSearch;

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
  return <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
}

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const COMPANIES = ['company-0', 'company-1', 'company-2', 'company-3'];

/** Jobs beyond ASCII, to exercise the index's non-ASCII trigrams. */
const WIDE_JOBS = [
  { title: 'Café Platform Engineer 🚀', location: 'München, Germany', skills: ['Go', 'Kubernetes'], company: 'Zürich Labs' },
  { title: 'Backend Engineer', location: 'Zürich (any timezone)', skills: ['Node.js', 'C++'], company: 'Café Crème', type: 'Contract' },
] satisfies Array<Partial<JobPosted> & { title: string; location: string }>;

let db: TestDatabase;
let readStore: ReadStore;
let index: JobSearchIndex;

async function seed(eventStore: EventStore) {
  let n = 0;
  const append = (streamId: string, type: string, data: unknown, occurredAt = at(NOW)) =>
    eventStore.append(streamId, [
      { type, data, metadata: { eventId: `event-${++n}`, occurredAt, actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } },
    ]);
  const fixtures = [...BOARD_JOBS, ...WIDE_JOBS];
  for (const [i, fixture] of fixtures.entries()) {
    const jobId = `rule-${String(i).padStart(2, '0')}`;
    await append(`job-${jobId}`, 'JobPosted', postedJob(jobId, { ...fixture, companyId: COMPANIES[i % 4]! }), at(NOW - i * 3600_000));
    if (fixture.title === 'Closed Role') await append(`job-${jobId}`, 'JobClosed', { jobId, reason: 'closed_by_owner', closedAt: at(NOW) });
  }
  for (let i = 0; i < 360; i++) {
    const jobId = `synthetic-${String(i).padStart(3, '0')}`;
    // One in four imported from another board (`source=internal` leaves it out).
    const imported = i % 4 === 1 ? { source: 'indeed' as const, externalUrl: `https://jobs.example/${jobId}` } : {};
    const data: JobPosted = { ...syntheticJob(i), jobId, shareToken: `share-${jobId}`, companyId: i % 3 === 0 ? COMPANIES[i % 4]! : null, ...imported };
    // Three jobs a minute: ties on createdAt, broken by _id.
    await append(`job-${jobId}`, 'JobPosted', data, at(NOW - Math.floor(i / 3) * 60_000));
    if (i % 7 === 0) await append(`job-${jobId}`, 'JobClosed', { jobId, reason: 'closed_by_owner', closedAt: at(NOW) });
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  readStore = await createPostgresReadStore({ connectionString: db.url });
  const eventStore = createMemoryEventStore();
  await seed(eventStore);
  await new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection }).catchUp();
  index = new JobSearchIndex(readStore);
  await index.refresh();
});

afterAll(async () => {
  await index.stop();
  await readStore.close();
  await db.drop();
});

async function expectSameAnswer(search: JobSearch) {
  const expected = await searchJobs(readStore, search);
  const actual = await index.search(search);
  const label = JSON.stringify(search);
  expect({ label, answeredBy: actual.answeredBy, ids: actual.jobs.map((job) => job.id), total: actual.total }).toEqual({
    label,
    answeredBy: 'index',
    ids: expected.jobs.map((job) => job.id),
    total: expected.total,
  });
  expect(actual.jobs).toEqual(expected.jobs);
  return expected.total;
}

describe('the board search on PostgreSQL: the in-memory index and the read store agree', () => {
  it('goes over every field of the search', async () => {
    // What the route builds has exactly the fields this test varies.
    expect(Object.keys(jobSearch(JobListQuery.parse({}))).sort()).toEqual([...FIELDS].sort());
    expect(Object.keys(jobSearch(JobListQuery.parse({})).location).sort()).toEqual(Object.keys(LOCATION_VALUES).sort());
    expect(FIELD_VALUES.status).toEqual(expect.arrayContaining([...JOB_STATUSES]));
    // The board holds every job seeded, open and closed.
    expect((await index.search(searchWith({ status: 'all' }))).total).toBe(BOARD_JOBS.length + WIDE_JOBS.length + 360);
  });

  it('answers every value of every field alone as the read store does', async () => {
    const totals: number[] = [];
    for (const field of FIELDS) {
      for (const value of FIELD_VALUES[field]) totals.push(await expectSameAnswer(searchWith({ [field]: value })));
    }
    // Not a board of empty answers: most values find jobs, some find none.
    expect(totals.filter((total) => total > 0).length).toBeGreaterThan(totals.length / 2);
    expect(totals).toContain(0);
  });

  // Some 3,000 searches, each asked of PostgreSQL too: over 30 s on a loaded machine.
  it('answers every pair of fields, with every pair of their values, as the read store does', async () => {
    let searches = 0;
    for (const [i, first] of FIELDS.entries()) {
      for (const second of FIELDS.slice(i + 1)) {
        for (const a of FIELD_VALUES[first]) {
          for (const b of FIELD_VALUES[second]) {
            await expectSameAnswer(searchWith({ [first]: a, [second]: b }));
            searches++;
          }
        }
      }
    }
    expect(searches).toBeGreaterThan(1000);
  }, 180_000);

  it('answers 300 seeded random combinations of every field as the read store does', async () => {
    const pick = random(20);
    for (let n = 0; n < 300; n++) {
      const search = Object.fromEntries(FIELDS.map((field) => [field, pick(FIELD_VALUES[field] as readonly unknown[])])) as unknown as JobSearch;
      // Pages that exist more often than not.
      await expectSameAnswer({ ...search, skip: pick([0, 0, 0, 1, 10]), limit: pick([10, 10, 100, 3]) });
    }
  });

  it('answers the board queries of the route as the read store does (built from the query string)', async () => {
    for (const raw of [
      {},
      { search: 'React TypeScript' },
      { search: '  engineer   go ', location: 'Remote, USA', type: 'Full' },
      { location: 'worldwide', type: 'remote', status: 'all' },
      { location: 'united states', status: 'closed', page: '2', pageSize: '5' },
      { search: 'café', location: 'münchen' },
      { source: 'internal' },
      { search: 'engineer', source: 'internal', status: 'closed' },
    ]) {
      await expectSameAnswer(jobSearch(JobListQuery.parse(raw)));
      await expectSameAnswer(jobSearch(JobListQuery.parse({ ...raw, status: 'all' }), 'company-1'));
    }
  });
});

describe('a board search nobody can answer', () => {
  const unanswerable: Array<[string, unknown]> = [
    ['a field nobody answers', { ...BASE, salaryMin: 100_000 }],
    ['a location part nobody answers', { ...BASE, location: { ...BASE.location, near: 'austin' } }],
    ['a type part nobody answers', { ...BASE, type: { text: 'full', orRemote: false, exact: true } }],
    ['a status nobody answers', { ...BASE, status: 'archived' }],
    ['a sort nobody answers', { ...BASE, sort: 'relevance' }],
    ['a keyword with a space', { ...BASE, keywords: ['data engineer'] }],
    ['a keyword in capitals', { ...BASE, keywords: ['React'] }],
    ['an empty keyword', { ...BASE, keywords: [''] }],
    ['an empty type', { ...BASE, type: { text: '', orRemote: false } }],
    ['a negative skip', { ...BASE, skip: -1 }],
    ['a fractional page size', { ...BASE, limit: 2.5 }],
  ];

  it.each(unanswerable)('is refused by the index, not sent to the read store: %s', async (_what, search) => {
    const before = { ...index.answers };
    await expect(index.search(search as JobSearch)).rejects.toThrow(UnsupportedJobSearchError);
    expect(index.answers).toEqual(before);
  });

  it.each(unanswerable)('is refused by the read store alike: %s', async (_what, search) => {
    await expect(searchJobs(readStore, search as JobSearch)).rejects.toThrow(UnsupportedJobSearchError);
  });
});
