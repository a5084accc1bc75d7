/**
 * The board search at scale and as shipped (issue 26, ADR 085). Measures; asserts nothing.
 *
 * - `measureIndexAtScale(readStore)`: over a filled job board, the index's memory (heap and
 *   array buffers after GC, index held against index dropped), a cold start (built from the
 *   read store, then its snapshot written) against a warm one (snapshot restored and caught up).
 *   The `search` section of main.ts calls it at its largest size (1,000,000 by default).
 * - `appAsShippedSection()` (section `app-as-shipped`): the app people run (`hireloop start`:
 *   commands, projections, queries, the request log at info, rate limits, security headers),
 *   started as its own process, answering the issue's search against a bare fastify route
 *   sending the same JSON, in alternating rounds, from a separate load-generator process.
 *
 * `node --expose-gc --import tsx tests/bench/search-scale.ts index` measures the index alone in
 * process at SIZE jobs (default 1,000,000; no database). `npx tsx tests/bench/search-scale.ts` runs the app-as-shipped part alone (BENCH_SHIPPED_JOBS,
 * default 5000; BENCH_SHIPPED_CONCURRENCY, default 10; BENCH_SECONDS, default 8; BENCH_CPU_PROF=dir
 * writes the app's CPU profile there).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import type { Job } from '@hireloop/contracts';
import { createPostgresEventStore, encodePosition } from '@hireloop/platform/event-store';
import { boardFields, type JobBoardDocument } from '@hireloop/projections/job-board/projection';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { readSnapshotFile, writeSnapshotFile } from '../../query-service/src/jobs/index-snapshot-file';
import { IndexData, JobSearchIndex, plan, SEARCH_INDEX_FORMAT } from '../../query-service/src/jobs/search-index';
import { createTestDatabase } from '../support/postgres';
import type { LoadRound, LoadSummary } from './load-generator';
import { atMost, recordFigure } from './scoreboard';
import { fillJobBoard, JOB_SEARCHES } from './search-index-load';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');
const log = (text: string) => process.stderr.write(`${text}\n`);

/** Runs a load plan in the load-generator process (requests are not made by the process measured). */
export function generateLoad(plan: readonly LoadRound[]): Promise<LoadSummary[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'load-generator.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as LoadSummary[]) : reject(new Error(`load generator exited with ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

async function heapBytes() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

export interface IndexAtScaleFigures {
  jobs: number;
  /** Heap + array buffers held by the loaded index (null without --expose-gc). */
  indexMb: number | null;
  coldStartMs: number;
  snapshotWriteMs: number;
  snapshotMb: number;
  warmStartMs: number;
  /** `search()` in process, over the bench searches, once loaded. */
  p50Ms: number;
  p99Ms: number;
}

async function untilLoaded(index: JobSearchIndex) {
  while (!index.loaded) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Cold start, memory, snapshot, warm start of the index over the job board of `readStore`. */
export async function measureIndexAtScale(readStore: ReadStore): Promise<IndexAtScaleFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'hl-bench-index-'));
  const snapshotEvents: Array<{ kind: string; ms?: number; bytes?: number }> = [];
  const snapshot = { file: path.join(folder, 'job-board.snapshot'), source: 'bench' };
  const make = () => new JobSearchIndex(readStore, { snapshot, onSnapshot: (event) => snapshotEvents.push(event as never) });
  try {
    const before = await heapBytes();
    let started = performance.now();
    const cold = make();
    cold.start();
    // Until the index itself holds the board: a search sent meanwhile is answered by the read
    // store after `maxWaitMs` (at 1,000,000 jobs that came first, and was timed as the start).
    await untilLoaded(cold);
    const coldStartMs = performance.now() - started;
    // The first full load writes the snapshot right after it (in the load queue, searches already answered).
    while (!snapshotEvents.some((event) => event.kind === 'saved' || event.kind === 'failed')) await new Promise((resolve) => setTimeout(resolve, 20));
    const saved = snapshotEvents.find((event) => event.kind === 'saved');
    const held = await heapBytes();
    const times: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t0 = performance.now();
      await cold.search(JOB_SEARCHES[i % JOB_SEARCHES.length]!);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const jobs = cold.size;
    await cold.stop();

    started = performance.now();
    const warm = make();
    warm.start();
    await untilLoaded(warm);
    const warmStartMs = performance.now() - started;
    if (warm.restoredLoads !== 1 || warm.fullLoads !== 0) throw new Error(`warm start did not restore the snapshot: ${JSON.stringify(snapshotEvents)}`);
    await warm.stop();
    return {
      jobs,
      indexMb: before === null || held === null ? null : (held - before) / 1_048_576,
      coldStartMs,
      snapshotWriteMs: saved?.ms ?? Number.NaN,
      snapshotMb: (saved?.bytes ?? Number.NaN) / 1_048_576,
      warmStartMs,
      p50Ms: times[Math.floor(times.length / 2)]!,
      p99Ms: times[Math.floor(times.length * 0.99)]!,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Records the index figures in the targets' table and returns the report's lines. */
export function reportIndexAtScale(f: IndexAtScaleFigures): string[] {
  const size = f.jobs.toLocaleString('en-US');
  atMost('search', `index memory at ${size} jobs (heap + buffers after GC)`, f.indexMb, 1024, 'MB', `load ${load()}`);
  recordFigure({ section: 'search', name: `warm start at ${size} jobs (snapshot restored, caught up)`, value: f.warmStartMs / 1000, unit: 's', target: 'no rebuild', met: true, reference: `cold start (built from the read store): ${(f.coldStartMs / 1000).toFixed(1)} s` });
  return [
    `### Search index at ${size} jobs (load ${load()})`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| index memory (heap + array buffers after GC) | ${f.indexMb === null ? 'run with --expose-gc' : `${f.indexMb.toFixed(0)} MB`} |`,
    `| cold start: built from the read store | ${(f.coldStartMs / 1000).toFixed(1)} s |`,
    `| snapshot written after it | ${(f.snapshotWriteMs / 1000).toFixed(1)} s, ${f.snapshotMb.toFixed(0)} MB |`,
    `| warm start: snapshot restored and caught up | ${(f.warmStartMs / 1000).toFixed(1)} s |`,
    `| warm ÷ cold | ${(f.warmStartMs / f.coldStartMs).toFixed(2)} |`,
    `| search() in process, p50 / p99 | ${f.p50Ms.toFixed(2)} / ${f.p99Ms.toFixed(2)} ms |`,
    '',
  ];
}

// ---------------------------------------------------------------------------------------------
// The index alone, in process, at any size (no database: what the index itself costs)

export interface IndexInProcessFigures {
  jobs: number;
  indexMb: number | null;
  buildMs: number;
  snapshotWriteMs: number;
  snapshotMb: number;
  restoreMs: number;
  p50Ms: number;
  p99Ms: number;
}

/** A job-board document as the projection makes it for `JobPosted` (without the event machinery: the bench's fast path). */
function boardDocument(i: number): JobBoardDocument {
  const { companyId, postedBy: _postedBy, ...job } = syntheticJob(i);
  const id = `bench-${i}`;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const base = {
    ...job,
    companyId,
    shareToken: `bench-share-${i}`,
    createdAt,
    isActive: i % 11 !== 0,
    firstSeenAt: null,
    lastSeenAt: null,
    validThrough: null,
  } as unknown as Omit<Job, 'id' | 'matchScore' | 'matchReasons' | 'warnings'>;
  return { _id: id, ...base, ...boardFields(base), closedReason: null, position: encodePosition(0, i + 1) };
}

/**
 * Builds the index from `size` synthetic documents in memory, measures its memory, its searches
 * (the page's jobs from the kept ones, as in the app), its snapshot written and restored.
 */
export async function measureIndexInProcess(size: number): Promise<IndexInProcessFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'hl-bench-index-'));
  try {
    const before = await heapBytes();
    let started = performance.now();
    let data: IndexData | null = new IndexData();
    for (let i = 0; i < size; i++) data.upsert(boardDocument(i));
    data.trim();
    const buildMs = performance.now() - started;
    const held = await heapBytes();
    const plans = JOB_SEARCHES.map((search) => plan(search));
    for (const searchPlan of plans) await data.jobsOf(data.search(searchPlan).slots);
    const times: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t0 = performance.now();
      await data.jobsOf(data.search(plans[i % plans.length]!).slots);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const file = path.join(folder, 'job-board.snapshot');
    started = performance.now();
    const { bytes } = await writeSnapshotFile(file, { format: SEARCH_INDEX_FORMAT }, data.toSnapshot());
    const snapshotWriteMs = performance.now() - started;
    const counts = (index: IndexData) => JSON.stringify({ ...index.stats(), typedArrayBytes: 0 });
    const stats = counts(data);
    data = null;
    await heapBytes();
    started = performance.now();
    const restored = IndexData.fromSnapshot((await readSnapshotFile(file, () => null))!);
    const restoreMs = performance.now() - started;
    if (counts(restored) !== stats) throw new Error('the restored index differs from the one saved');
    return {
      jobs: size,
      indexMb: before === null || held === null ? null : (held - before) / 1_048_576,
      buildMs,
      snapshotWriteMs,
      snapshotMb: bytes / 1_048_576,
      restoreMs,
      p50Ms: times[Math.floor(times.length / 2)]!,
      p99Ms: times[Math.floor(times.length * 0.99)]!,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function reportIndexInProcess(f: IndexInProcessFigures): string[] {
  const size = f.jobs.toLocaleString('en-US');
  atMost('search', `index memory at ${size} jobs, in process (heap + buffers after GC)`, f.indexMb, 1024, 'MB', `load ${load()}`);
  atMost('search', `search() p99 at ${size} jobs, in process (no HTTP)`, f.p99Ms, 25, 'ms', `p50 ${f.p50Ms.toFixed(2)} ms`);
  recordFigure({
    section: 'search',
    name: `warm start at ${size} jobs, in process: snapshot read and restored`,
    value: f.restoreMs / 1000,
    unit: 's',
    target: 'no rebuild',
    met: true,
    reference: `build from the documents in memory (no database read): ${(f.buildMs / 1000).toFixed(1)} s`,
  });
  return [
    `### Search index at ${size} jobs, in process, no database (load ${load()})`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| index memory (heap + array buffers after GC, 20,000 kept jobs included) | ${f.indexMb === null ? 'run with --expose-gc' : `${f.indexMb.toFixed(0)} MB`} |`,
    `| build from documents already in memory (a cold start also reads them from the read store) | ${(f.buildMs / 1000).toFixed(1)} s |`,
    `| snapshot written | ${(f.snapshotWriteMs / 1000).toFixed(1)} s, ${f.snapshotMb.toFixed(0)} MB |`,
    `| snapshot read and restored (a warm start, before its catch-up) | ${(f.restoreMs / 1000).toFixed(1)} s |`,
    `| search() + page jobs, the bench searches, p50 / p99 | ${f.p50Ms.toFixed(2)} / ${f.p99Ms.toFixed(2)} ms |`,
    '',
  ];
}

// ---------------------------------------------------------------------------------------------
// The app as shipped

/** The issue's search (ADR 085): text, location, type, page 2. */
export const SHIPPED_SEARCH = 'search=typescript engineer&location=usa&type=full&page=2';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 120_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface AppAsShippedFigures {
  jobs: number;
  concurrency: number;
  search: LoadSummary;
  bare: LoadSummary;
  bodyBytes: number;
}

/** `hireloop start` as its own process over a board of `jobs` jobs, against a bare route sending the same JSON. */
export async function measureAppAsShipped(options: { jobs?: number; concurrency?: number; seconds?: number; cpuProfileDir?: string } = {}): Promise<AppAsShippedFigures> {
  const jobs = options.jobs ?? 5000;
  const concurrency = options.concurrency ?? 10;
  const seconds = options.seconds ?? 8;
  const database = await createTestDatabase('hl_bench');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hl-bench-app-'));
  const readStore = await createPostgresReadStore({ connectionString: database.url });
  let app: ReturnType<typeof spawn> | null = null;
  const bare = Fastify();
  try {
    // With its events in the log: the app runs its projections, and they start consistent.
    const eventStore = await createPostgresEventStore({ connectionString: database.url });
    try {
      await fillJobBoard(readStore, 0, jobs, { eventStore, bulk: true });
    } finally {
      await eventStore.close();
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const nodeOptions = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : [];
    app = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'start'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NATS_URL: '', NODE_ENV: 'production' },
      // The request log as shipped, written where a terminal would take it (not measured here).
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const searchUrl = `${url}/api/jobs?${SHIPPED_SEARCH}`;
    // Answered by the index (not the read store while it loads): the same body as the bare route's.
    const body = await waitFor('the app to answer from its search index', async () => {
      const response = await fetch(searchUrl);
      if (response.status !== 200 || response.headers.get('x-read-model-stale')) return null;
      const health = await fetch(`${url}/healthz`);
      return health.status === 200 ? { json: (await response.json()) as unknown, total: response.headers.get('x-total-count') } : null;
    });
    bare.get('/bare', async (_request, reply) => {
      reply.header('x-total-count', body.total ?? '0');
      return body.json;
    });
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    await generateLoad([{ seconds: 2, streams: [{ label: 'warm-up', urls: [searchUrl], concurrency }] }]);
    const plan: LoadRound[] = [];
    for (let round = 0; round < 4; round++) {
      plan.push({ seconds: seconds / 4, streams: [{ label: 'bare', urls: [bareUrl], concurrency }] });
      plan.push({ seconds: seconds / 4, streams: [{ label: 'search', urls: [searchUrl], concurrency }] });
    }
    const results = await generateLoad(plan);
    return { jobs, concurrency, search: results.find((r) => r.label === 'search')!, bare: results.find((r) => r.label === 'bare')!, bodyBytes: JSON.stringify(body.json).length };
  } finally {
    await bare.close();
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    await readStore.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function reportAppAsShipped(f: AppAsShippedFigures): string[] {
  const ratio = f.search.throughput / f.bare.throughput;
  recordFigure({
    section: 'search',
    name: `app as shipped (hireloop start), ${f.jobs.toLocaleString('en-US')} jobs, ${f.concurrency} clients: search ÷ bare route`,
    value: ratio,
    unit: '×',
    target: '(was 0.31×)',
    met: null,
    reference: `bare route ${Math.round(f.bare.throughput)} req/s; search p99 ${f.search.p99.toFixed(1)} ms; load ${load()}`,
  });
  const row = (label: string, s: LoadSummary) => `| ${label} | ${s.requests} | ${Math.round(s.throughput)} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.errors} |`;
  return [
    `### The app as shipped: \`hireloop start\` (own process), GET /api/jobs?${SHIPPED_SEARCH}, ${f.jobs.toLocaleString('en-US')} jobs, ${f.concurrency} clients, alternating rounds (load ${load()})`,
    '',
    '| route | requests | req/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row('board search, the app as shipped', f.search),
    row(`bare fastify route, same JSON (${f.bodyBytes} B)`, f.bare),
    `| search ÷ bare throughput | | ${ratio.toFixed(2)} | | | |`,
    '',
  ];
}

/** Section `app-as-shipped` of `npm run bench`. */
export async function appAsShippedSection(line: (text?: string) => void): Promise<void> {
  const figures = await measureAppAsShipped({
    jobs: Number(process.env.BENCH_SHIPPED_JOBS ?? 5000),
    concurrency: Number(process.env.BENCH_SHIPPED_CONCURRENCY ?? 10),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    cpuProfileDir: process.env.BENCH_CPU_PROF,
  });
  for (const text of reportAppAsShipped(figures)) line(text);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines: string[] = [`Load average at start: ${load()}`];
  const run =
    process.argv[2] === 'index'
      ? measureIndexInProcess(Number(process.env.SIZE ?? 1_000_000)).then((figures) => void lines.push(...reportIndexInProcess(figures)))
      : appAsShippedSection((text = '') => lines.push(text));
  run
    .then(() => process.stdout.write(`${lines.join('\n')}\n`))
    .catch((error: unknown) => {
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    });
}
