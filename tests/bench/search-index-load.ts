/**
 * The board's search index at start-up, at scale: how long its background load takes, how
 * long the event loop is held meanwhile, what a search sent at start-up waits, and the median
 * search once loaded (with the read-store reads it costs). Measures; asserts nothing.
 *
 * `npx tsx tests/bench/search-index-load.ts` (SIZE, default 100000; BENCH_DATABASE_URL, default
 * a fresh database on the test server, dropped afterwards), or `measureSearchIndexLoad()`.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { JobListQuery } from '@hireloop/contracts';
import { encodePosition, START, type EventStore, type NewEvent, type RecordedEvent } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { migrate } from '@hireloop/platform/migrations/migrate';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { jobsCollection } from '@hireloop/projections/job-board/queries';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { RebuildBuffer } from '@hireloop/projections/shared/rebuild-buffer';
import { JobSearchIndex } from '../../query-service/src/jobs/search-index';
import { ProjectionProgress } from '../../query-service/src/shared/projection-progress';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { createTestDatabase } from '../support/postgres';
import { quantile } from './load-generator';

/** The searches of the benchmark, as query strings and as parsed queries. */
export const SEARCH_STRINGS = [
  'search=engineer&location=usa&type=full-time&page=1',
  'search=react typescript&location=remote&page=1',
  'search=kubernetes&location=austin&type=full-time&page=2',
  'search=senior data&location=united states&page=1',
  'search=python&location=worldwide&type=contract&page=1',
  'search=go&location=berlin&page=1',
  'search=backend&page=3',
  'location=new york&type=part-time&page=1',
];
export const SEARCHES = SEARCH_STRINGS.map((search) => JobListQuery.parse(Object.fromEntries(new URLSearchParams(search))));
/** The same searches as the index and the read store answer them. */
export const JOB_SEARCHES = SEARCHES.map((query) => jobSearch(query));

export interface SearchIndexLoadFigures {
  jobs: number;
  /** From `start()` to the index answering (no request involved). */
  loadMs: number;
  /** Longest the event loop was held during the load: what any request could wait meanwhile. */
  longestStallMs: number;
  /** A search sent right after `start()`: it waits for the load (bounded). */
  firstSearchMs: number;
  /** Median of `search()` once loaded, and read-store calls per search then. */
  p50Ms: number;
  p99Ms: number;
  readsPerSearch: number;
}

export async function ensureJobBoard(readStore: ReadStore) {
  for (const [name, spec] of Object.entries(jobBoardProjection.collections)) {
    await readStore.ensureCollection(physicalCollection(jobBoardProjection, name), spec.indexes ?? [], { documentIndex: spec.documentIndex });
  }
}

/** Jobs per batch of the fill: one round of appends, one `COPY` of documents and one checkpoint move. */
const FILL_BATCH = 5000;

/** The event that posts bench job `i` (its position is given when it is not in a log). */
const jobPostedEvent = (i: number): NewEvent => ({
  type: 'JobPosted',
  data: { ...syntheticJob(i), jobId: `bench-${i}`, shareToken: `bench-share-${i}` },
  metadata: { eventId: randomUUID(), occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), actor: 'system', correlationId: 'bench-fill', causationId: null, schemaVersion: 1 },
});

/**
 * Posts jobs `from`..`to`-1 onto the job board and returns the seconds it took (issue 26: a
 * million in minutes, where one document at a time through the live projection path took ~95
 * minutes under load). The documents are the projection's own (`jobBoardProjection.apply`, as a
 * rebuild applies it, ADR 082), written as a rebuild writes them: kept as JSON text per batch and
 * streamed with `COPY` while the next batch is made, the checkpoint moved in the same transaction.
 *
 * With `eventStore`, the `JobPosted` events are appended to the log first (each job its own
 * stream, the appends of a batch at once so group commit writes them together) and each
 * document carries its event's position: log, documents and checkpoint agree, so an app started
 * on this database (projections on) starts consistent. Without it the positions are made up
 * (before any real event) and the log stays empty, as a board-only bench needs.
 *
 * With `bulk` (nothing follows the board while it fills), a fill of an empty board drops the
 * collection's secondary indexes first and builds them once at the end, as a rebuild does; a
 * reader following meanwhile (the search index catches up by position) needs them all along.
 */
export async function fillJobBoard(readStore: ReadStore, from: number, to: number, options: { eventStore?: EventStore; bulk?: boolean } = {}): Promise<number> {
  await ensureJobBoard(readStore);
  const started = performance.now();
  const physical = physicalCollection(jobBoardProjection, 'jobs');
  const checkpoint = checkpointName(jobBoardProjection);
  const bulk = options.bulk === true && from === 0 && (await readStore.collection(physical).count({})) === 0;
  if (bulk) await readStore.resetForRebuild(physical);
  const target = { checkpoint, expected: (await readStore.transaction((tx) => tx.getCheckpoint(checkpoint))) ?? START, shadows: new Map([['jobs', physical]]) };
  const buffer = new RebuildBuffer(readStore, [target], () => new Error('Another writer moved the job board while the bench filled it'));
  const tx = buffer.transaction(target);
  for (let start = from; start < to; start += FILL_BATCH) {
    const end = Math.min(to, start + FILL_BATCH);
    const events: RecordedEvent[] = [];
    if (options.eventStore) {
      const store = options.eventStore;
      const appended = await Promise.all(
        Array.from({ length: end - start }, async (_, k) => {
          const event = jobPostedEvent(start + k);
          const streamId = `job-bench-${start + k}`;
          const [result] = await store.appendToStreams([{ streamId, events: [event], expectedVersion: 'no_stream' }]);
          return { ...event, streamId, streamVersion: 0, position: result!.position, recordedAt: event.metadata.occurredAt };
        }),
      );
      events.push(...appended);
    } else {
      for (let i = start; i < end; i++) events.push({ ...jobPostedEvent(i), streamId: `job-bench-${i}`, streamVersion: 0, position: encodePosition(0, i + 1), recordedAt: '' });
    }
    let last = target.expected;
    for (const event of events) {
      await jobBoardProjection.apply(event, tx);
      if (event.position > last) last = event.position;
    }
    // Written while the next batch is appended and applied.
    await buffer.flush(last);
  }
  await buffer.drain();
  if (bulk) await ensureJobBoard(readStore);
  return (performance.now() - started) / 1000;
}

/** Counts the reads an index makes (every read goes through `collection` or `getCheckpoint`). */
function countingReads(inner: ReadStore) {
  const counter = { reads: 0 };
  const store = new Proxy(inner, {
    get(target, property) {
      if (property === 'collection' || property === 'getCheckpoint') counter.reads++;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, counter };
}


/** Starts an index over the job board of `readStore` as the query service does, and measures it. */
export async function measureSearchIndexLoad(readStore: ReadStore, options: { searches?: number; pageSize?: number } = {}): Promise<SearchIndexLoadFigures> {
  const progress = new ProjectionProgress(readStore, [jobBoardProjection]);
  await progress.start();
  const { store, counter } = countingReads(readStore);
  const index = new JobSearchIndex(store, { progress, pageSize: options.pageSize });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  try {
    delay.enable();
    const started = performance.now();
    index.start();
    const firstSearch = index.search(JOB_SEARCHES[0]!).then(() => performance.now() - started);
    while (!index.loaded) await new Promise((resolve) => setTimeout(resolve, 5));
    const loadMs = performance.now() - started;
    delay.disable();
    const firstSearchMs = await firstSearch;

    const searches = options.searches ?? 2000;
    for (const search of JOB_SEARCHES) await index.search(search);
    const readsBefore = counter.reads;
    const times: number[] = [];
    for (let i = 0; i < searches; i++) {
      const t0 = performance.now();
      await index.search(JOB_SEARCHES[i % JOB_SEARCHES.length]!);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return {
      jobs: index.size,
      loadMs,
      longestStallMs: delay.max / 1e6,
      firstSearchMs,
      p50Ms: quantile(times, 0.5),
      p99Ms: quantile(times, 0.99),
      readsPerSearch: (counter.reads - readsBefore) / searches,
    };
  } finally {
    delay.disable();
    await index.stop();
    await progress.stop();
  }
}

async function main() {
  const size = Number(process.env.SIZE ?? 100_000);
  const database = process.env.BENCH_DATABASE_URL ? null : await createTestDatabase('hl_bench');
  const url = process.env.BENCH_DATABASE_URL ?? database!.url;
  await migrate(url);
  const readStore = await createPostgresReadStore({ connectionString: url });
  try {
    await ensureJobBoard(readStore);
    const have = await jobsCollection(readStore).count({});
    if (have < size) await fillJobBoard(readStore, have, size);
    const figures = await measureSearchIndexLoad(readStore, { pageSize: process.env.PAGE_SIZE ? Number(process.env.PAGE_SIZE) : undefined });
    const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
    process.stdout.write(
      [
        `jobs loaded            ${figures.jobs}`,
        `background load        ${ms(figures.loadMs)}`,
        `longest event-loop turn during it  ${ms(figures.longestStallMs)}`,
        `search sent at start   ${ms(figures.firstSearchMs)}`,
        `search p50 / p99       ${ms(figures.p50Ms)} / ${ms(figures.p99Ms)}`,
        `read-store reads per search  ${figures.readsPerSearch}`,
        '',
      ].join('\n'),
    );
  } finally {
    await readStore.close();
    await database?.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
