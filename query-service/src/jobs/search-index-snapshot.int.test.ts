import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { JobListQuery, type JobPosted } from '@hireloop/contracts';
import { createMemoryEventStore, type EventStore, type NewEvent } from '@hireloop/platform/event-store';
import { createMemoryReadStore, createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { searchJobs } from '@hireloop/projections/job-board/queries';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { syntheticJob } from '../../../cli/src/demo-jobs';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { writeSnapshotFile } from './index-snapshot-file';
import { JobSearchIndex, type JobSearchIndexOptions, type SearchIndexSnapshotEvent } from './search-index';

/**
 * The search index's snapshot (ADR 085): saved with its position, restored at start instead of
 * a build from the read store, caught up from its position; a snapshot it cannot use (missing,
 * damaged, another format, ahead of the read model, from a replaced read model) is never used,
 * the index is built from the read store and the log says why. Every answer equals the read
 * store's (the reference) either way.
 */

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

const databases: TestDatabase[] = [];
const stores: ReadStore[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const db of databases) await db.drop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
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

function eventLog(eventStore: EventStore) {
  let n = 0;
  return async (streamId: string, type: string, data: unknown, occurredAt = at(NOW)) => {
    const event: NewEvent = { type, data, metadata: { eventId: `event-${++n}`, occurredAt, actor: 'system', correlationId: 'test', causationId: null, schemaVersion: 1 } };
    return (await eventStore.append(streamId, [event])).position;
  };
}

const job = (i: number): JobPosted => {
  const data: JobPosted = { ...syntheticJob(i), jobId: `job-${i}`, shareToken: `share-${i}` };
  // Some text beyond latin1 (stored as UTF-16 in the file) and some in it.
  if (i % 7 === 0) return { ...data, title: `${data.title} — Zürich 🚀`, skills: [...data.skills, 'Ελληνικά'] };
  if (i % 7 === 1) return { ...data, title: `${data.title} (Señor)` };
  return data;
};

const QUERIES = [
  {},
  { search: 'engineer' },
  { search: 'react typescript', location: 'remote' },
  { search: 'zürich' },
  { search: '🚀' },
  { search: 'ελλ' },
  { search: 'señor' },
  { search: 'go', page: '2' },
  { search: 'senior data', location: 'united states' },
  { location: 'usa', type: 'full' },
  { location: 'berlin', status: 'all' },
  { status: 'closed' },
  { search: 'fortran' },
  { status: 'all', page: '3', pageSize: '7' },
].map((raw) => jobSearch(JobListQuery.parse(raw)));

async function expectSameAnswers(index: JobSearchIndex, readStore: ReadStore) {
  for (const search of QUERIES) {
    const expected = await searchJobs(readStore, search);
    const actual = await index.search(search);
    expect(actual.answeredBy).toBe('index');
    expect({ search, ids: actual.jobs.map((j) => j.id), total: actual.total }).toEqual({ search, ids: expected.jobs.map((j) => j.id), total: expected.total });
    expect(actual.jobs).toEqual(expected.jobs);
  }
}

describe.each(adapters)('job search index snapshot on %s', (_name, makeReadStore) => {
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  let append: ReturnType<typeof eventLog>;
  let file: string;
  let events: SearchIndexSnapshotEvent[];
  let next = 0;

  /** Posts `count` more jobs (a minute apart) and closes every fifth, then projects them. */
  async function post(count: number) {
    for (const end = next + count; next < end; next++) {
      await append(`job-job-${next}`, 'JobPosted', job(next), at(NOW + next * 60_000));
      if (next % 5 === 0) await append(`job-job-${next}`, 'JobClosed', { jobId: `job-${next}`, reason: 'closed_by_owner', closedAt: at(NOW) });
    }
    await runner.catchUp();
  }

  const index = (options: JobSearchIndexOptions = {}) =>
    new JobSearchIndex(readStore, { snapshot: { file, source: 'test-store' }, onSnapshot: (event) => events.push(event), pageSize: 50, ...options });

  const started = async (options: JobSearchIndexOptions = {}) => {
    const started = index(options);
    started.start();
    // A search waits for the start-up load (restore or build), then answers from memory.
    await started.search(QUERIES[0]!);
    expect(started.loaded).toBe(true);
    return started;
  };

  beforeEach(async () => {
    readStore = await makeReadStore();
    const eventStore = createMemoryEventStore();
    append = eventLog(eventStore);
    runner = new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection });
    next = 0;
    await post(150);
    const folder = await mkdtemp(path.join(tmpdir(), 'hl-index-'));
    folders.push(folder);
    file = path.join(folder, 'search-index', 'job-board.snapshot');
    events = [];
  });

  it('builds from the read store when there is no snapshot, saves one after that first load, and a later start restores it instead', async () => {
    const first = await started();
    expect(events.map((event) => event.kind)).toEqual(['missing', 'saved']);
    expect(first.fullLoads).toBe(1);
    expect(first.snapshotsSaved).toBe(1);
    await expectSameAnswers(first, readStore);
    await first.stop();
    // Nothing moved since the save: stopping does not write it again.
    expect(first.snapshotsSaved).toBe(1);

    events = [];
    // Few jobs kept: most pages are read by id, and still the same answers.
    const second = await started({ jobCacheSize: 4 });
    expect(events.map((event) => event.kind)).toEqual(['restored']);
    expect(events[0]).toMatchObject({ kind: 'restored', jobs: 150 });
    expect(second.restoredLoads).toBe(1);
    expect(second.fullLoads).toBe(0);
    expect(second.stats()).toEqual(first.stats());
    await expectSameAnswers(second, readStore);
    // "Did you mean" has its vocabulary back: made again from the restored search texts (ADR 090).
    expect(second.vocabularySize).toBe(first.vocabularySize);
    expect(second.vocabularySize).toBeGreaterThan(10);
    const typo = await second.search(jobSearch(JobListQuery.parse({ search: 'zürrich' })));
    expect(typo).toMatchObject({ total: 0, didYouMean: ['zürich'] });
    await second.stop();
  });

  it('catches up from the position of a stale snapshot: new, closed and edited jobs', async () => {
    await (await started()).stop();
    await post(40);
    await append('job-job-3', 'JobEdited', { ...job(3), title: 'Fortran Wizard', editedBy: 'user-1', editedAt: at(NOW) });
    await append('job-job-4', 'JobClosed', { jobId: 'job-4', reason: 'closed_by_admin', closedAt: at(NOW) });
    await runner.catchUp();

    events = [];
    const restored = await started();
    // Saved again at the next interval or at stop, not at once.
    expect(events.map((event) => event.kind)).toEqual(['restored']);
    expect(restored.restoredLoads).toBe(1);
    expect(restored.fullLoads).toBe(0);
    expect(restored.incrementalLoads).toBeGreaterThanOrEqual(1);
    expect(restored.size).toBe(190);
    expect((await restored.search(jobSearch(JobListQuery.parse({ search: 'fortran' })))).jobs.map((j) => j.id)).toEqual(['job-3']);
    await expectSameAnswers(restored, readStore);
    // The catch-up moved it on: stopping saves where it is now.
    await post(3);
    await restored.refresh();
    await restored.stop();
    expect(events.at(-1)).toMatchObject({ kind: 'saved', jobs: 193 });
  });

  it.each([
    ['a damaged byte', async (bytes: Buffer) => void bytes.writeUInt8(bytes.readUInt8(bytes.length - 100) ^ 0xff, bytes.length - 100), /checksum/],
    ['a file cut short', async (bytes: Buffer) => bytes.subarray(0, bytes.length - 1000), /length/],
    ['a file that is not a snapshot', async () => Buffer.from('{"hello": "world"}'), /not a snapshot/],
  ])('falls back to a build from the read store on %s, and says why', async (_case, damage, reason) => {
    await (await started()).stop();
    const bytes = await readFile(file);
    await writeFile(file, (await damage(bytes)) ?? bytes);

    events = [];
    const rebuilt = await started();
    expect(events[0]).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(reason) });
    expect(rebuilt.restoredLoads).toBe(0);
    expect(rebuilt.fullLoads).toBe(1);
    await expectSameAnswers(rebuilt, readStore);
    // And a good snapshot replaces the damaged one.
    expect(events.at(-1)).toMatchObject({ kind: 'saved', jobs: 150 });
    await rebuilt.stop();
  });

  it('does not use a snapshot of an older index format, another read store, or one ahead of the read model', async () => {
    await writeSnapshotFile(file, { format: 0, readModel: 'job-board_v4', source: 'test-store', checkpoint: '', generation: 0 }, {});
    const older = await started();
    expect(events[0]).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('index format 0') });
    expect(older.fullLoads).toBe(1);
    await older.stop();

    events = [];
    const other = await started({ snapshot: { file, source: 'another-store' } });
    expect(events[0]).toMatchObject({ kind: 'rejected', reason: 'it was built from another read store' });
    expect(other.fullLoads).toBe(1);
    await other.stop();

    // A snapshot of a read store further on than this one (restored from a backup, say).
    await post(10);
    await (await started()).stop();
    readStore = await makeReadStore();
    const eventStore = createMemoryEventStore();
    append = eventLog(eventStore);
    runner = new ProjectionRunner({ eventStore, readStore, projection: jobBoardProjection });
    next = 0;
    await post(20);
    events = [];
    const behind = await started();
    expect(events.map((event) => event.kind)).toEqual(['restored', 'rejected', 'saved']);
    expect(events[1]).toMatchObject({ reason: expect.stringContaining('ahead of the read model') });
    expect(behind.fullLoads).toBe(1);
    expect(behind.size).toBe(20);
    await expectSameAnswers(behind, readStore);
    await behind.stop();
  });
});

describe('the index without documents', () => {
  it('gives each job the words a vocabulary is made of (title, company, skills) from its search text alone', async () => {
    const { IndexData } = await import('./search-index');
    const { evolveJob } = await import('@hireloop/projections/job-board/projection');
    const data = new IndexData();
    const doc = evolveJob(null, {
      type: 'JobPosted',
      data: { ...job(7), title: 'Kubernetes Engineer', company: 'Acme', skills: ['Go', 'Rust'], description: 'Line one\nline two' },
      metadata: { eventId: 'e', occurredAt: at(NOW), actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 },
      streamId: 'job-job-7',
      streamVersion: 0,
      position: '1',
      recordedAt: at(NOW),
    } as never)!;
    data.upsert(doc);
    // The board stores no search text (ADR 091): the index derives it, and a second job gives the same.
    expect(doc).not.toHaveProperty('searchText');
    data.upsert({ ...doc, _id: 'other' });
    expect(data.vocabularyText(0)).toBe('kubernetes engineer\nacme\ngo rust');
    expect(data.vocabularyText(1)).toBe('kubernetes engineer\nacme\ngo rust');
  });
});
