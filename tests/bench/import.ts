/**
 * Bench section `import` (issue 26, ADR 084): a generated Hireloop feed of BENCH_IMPORT_MB
 * (default 100) imported through `hireloop import`'s own path (the CLI's runtime: PostgreSQL log
 * with group commit, personal-data wrapper) into a fresh database, then imported again (every job
 * unchanged). Records jobs/s into the log and the peak RSS growth of the process over the run,
 * and beside it the same for a feed a quarter that size: memory flat means the two growths are
 * alike, not four times apart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '@hireloop/platform/config';
import { runImport } from '../../cli/src/import';
import type { ImportProgress } from '@hireloop/command-service/imports/importer';
import { createRuntime } from '../../cli/src/runtime';
import { writeJobFeed, writeXmlJobFeed } from '../support/job-feed';
import { createTestDatabase } from '../support/postgres';
import { atLeast, atMost, recordFigure } from './scoreboard';

const FEED_MB = Number(process.env.BENCH_IMPORT_MB ?? 100);
/** `json` (the Hireloop feed) or `xml` (the same jobs as an Indeed-shaped XML feed, streamed: ADR 117). */
const FEED_FORMAT = process.env.BENCH_IMPORT_FORMAT === 'xml' ? 'xml' : 'json';
/** The target of issue 26. */
export const IMPORT_JOBS_PER_SECOND_TARGET = 5000;
/**
 * Peak RSS growth allowed while importing the 100 MB feed (about 100,000 jobs of ~1 kB). What a
 * run holds: one chunk (256 kB), two batches of 500 jobs (items, decided events, their JSON on the
 * way to PostgreSQL: ~5 MB), and what grows with the number of jobs, not the bytes: the job ids
 * seen (the disappearance rule needs them; ~100 B a job, ~10 MB) and, on a first import, the
 * completed run's event listing them as added (ADR 094: a later run lists only what changed). The rest is V8 letting garbage pile up before it collects (young generation,
 * old-space headroom) and the pg driver's buffers. 100 MB is that with a margin, and well below
 * the document itself (a 100 MB file parsed whole takes ~280 MB of heap besides its 100 MB of
 * text). Flat is shown beside it: a feed a quarter the size grows RSS about as much.
 */
export const IMPORT_RSS_GROWTH_TARGET_MB = 100;

const mb = (bytes: number) => bytes / 1_048_576;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

interface ImportRun {
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  rssGrowthMb: number;
  /** The largest live heap (after a full GC) above the start's, sampled each 5,000 jobs. */
  liveHeapGrowthMb: number;
  events: number;
  /** Node CPU (user + system) over the run: steadier than wall-clock time on a shared machine. */
  cpuSeconds: number;
}

const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
};

/** Imports `file` into the database at `url` with the CLI's runtime; peak RSS sampled every 20 ms. */
async function importOnce(url: string, file: string): Promise<ImportRun> {
  const runtime = await createRuntime(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', EVENT_STORE_GROUP_COMMIT: process.env.EVENT_STORE_GROUP_COMMIT }));
  try {
    await settle();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    // The live heap after a full GC each 5,000 jobs: what the run really holds, apart from when V8 collects.
    const heapBefore = process.memoryUsage().heapUsed;
    let liveHeapPeak = 0;
    let nextSample = 5000;
    const progress = (p: ImportProgress) => {
      if (p.jobs < nextSample) return;
      nextSample += 5000;
      (globalThis as { gc?: () => void }).gc?.();
      liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed - heapBefore);
    };
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const [summary] = await runImport(runtime, [file], { progress });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!summary?.ok) throw new Error(`the import failed: ${summary?.reason}`);
    const { imported, revised, unchanged } = summary.counts;
    const jobs = imported + revised + unchanged;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const events = Number((await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM events WHERE type = 'JobImported'")).rows[0]!.n);
    await pool.end();
    return { jobs, seconds, jobsPerSecond: jobs / seconds, rssGrowthMb: mb(peak - before), liveHeapGrowthMb: mb(liveHeapPeak), events, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  } finally {
    await runtime.close();
  }
}

export async function importSection(line: (text?: string) => void): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hl-bench-import-'));
  const rows: string[] = [];
  let big: { first: ImportRun; again: ImportRun } | null = null;
  let small: ImportRun | null = null;
  try {
    for (const feedMb of [FEED_MB / 4, FEED_MB]) {
      const file = path.join(dir, `feed-${feedMb}.${FEED_FORMAT}`);
      const feed = await (FEED_FORMAT === 'xml' ? writeXmlJobFeed : writeJobFeed)(file, feedMb * 1_048_576);
      const db = await createTestDatabase('hl_bench_import');
      try {
        const loadBefore = load();
        const first = await importOnce(db.url, file);
        const again = await importOnce(db.url, file);
        if (first.events !== feed.jobs) throw new Error(`${feed.jobs} jobs in the feed, ${first.events} JobImported in the log`);
        rows.push(
          `| ${feedMb} MB ${FEED_FORMAT}, first import | ${thousands(feed.jobs)} | ${first.seconds.toFixed(1)} | ${thousands(first.jobsPerSecond)} | ${first.cpuSeconds.toFixed(1)} | ${first.rssGrowthMb.toFixed(0)} | ${first.liveHeapGrowthMb.toFixed(1)} | ${loadBefore} |`,
          `| ${feedMb} MB ${FEED_FORMAT}, again (all unchanged) | ${thousands(again.jobs)} | ${again.seconds.toFixed(1)} | ${thousands(again.jobsPerSecond)} | ${again.cpuSeconds.toFixed(1)} | ${again.rssGrowthMb.toFixed(0)} | ${again.liveHeapGrowthMb.toFixed(1)} | ${load()} |`,
        );
        if (feedMb === FEED_MB) big = { first, again };
        else small = first;
      } finally {
        await db.drop();
        await rm(file, { force: true });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!big || !small) return;
  const kind = FEED_FORMAT === 'xml' ? 'XML feed' : 'feed';
  atLeast('import', `jobs/s into the log, ${FEED_MB} MB ${kind}, first import`, big.first.jobsPerSecond, IMPORT_JOBS_PER_SECOND_TARGET, 'jobs/s', `load ${load()}`);
  atMost('import', `peak RSS growth, ${FEED_MB} MB ${kind}`, Math.max(big.first.rssGrowthMb, big.again.rssGrowthMb), IMPORT_RSS_GROWTH_TARGET_MB, 'MB', `${FEED_MB / 4} MB ${kind}: ${small.rssGrowthMb.toFixed(0)} MB`);
  recordFigure({ section: 'import', name: `jobs/s, ${FEED_MB} MB ${kind} imported again (unchanged)`, value: big.again.jobsPerSecond, unit: 'jobs/s', target: 'reference', met: null });
  line(`### Streaming import of a generated ${FEED_FORMAT === 'xml' ? 'XML job feed (Indeed shape)' : 'Hireloop feed'} (hireloop import's path, PostgreSQL log; load ${load()})`);
  line();
  line('| feed | jobs | s | jobs/s | Node CPU s | peak RSS growth MB | live heap growth MB (after GC, each 5,000 jobs) | load at start |');
  line('|---|---:|---:|---:|---:|---:|---:|---|');
  rows.forEach((row) => line(row));
  line();
}

/** `npx tsx tests/bench/import.ts`: this section alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const lines: string[] = [];
  await importSection((text = '') => lines.push(text));
  const { scoreboardLines } = await import('./scoreboard');
  process.stdout.write(`${[...scoreboardLines(), ...lines].join('\n')}\n`);
  process.exit(0);
}
