/**
 * `npm run bench`: board-search latency and throughput at 10,000 and 100,000 jobs, against a bare
 * fastify route measured the same way in the same run. Measures; asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { loadConfig } from '@hireloop/platform/config';
import { encodePosition, type RecordedEvent } from '@hireloop/platform/event-store/index';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { checkpointName, physicalCollection, scopedTransaction } from '@hireloop/projections/shared/projection';
import { buildApp } from '../../cli/src/app';
import { createRuntime } from '../../cli/src/runtime';
import { syntheticJob } from '../../cli/src/demo-jobs';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const SEARCHES = [
  'search=engineer&location=usa&type=full-time&page=1',
  'search=react typescript&location=remote&page=1',
  'search=kubernetes&location=austin&type=full-time&page=2',
  'search=senior data&location=united states&page=1',
  'search=python&location=worldwide&type=contract&page=1',
  'search=go&location=berlin&page=1',
  'search=backend&page=3',
  'location=new york&type=part-time&page=1',
];

interface Result {
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(baseUrl: string, paths: readonly string[]): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const url = `${baseUrl}${paths[n++ % paths.length]}`;
        const t0 = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, seconds, throughput: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

async function bareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  const body = Array.from({ length: 10 }, (_, i) => ({ id: String(i), ...syntheticJob(i) }));
  app.get('/bare', async (_request, reply) => {
    reply.header('x-total-count', '10');
    return body;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

async function fill(runtime: Awaited<ReturnType<typeof createRuntime>>, from: number, to: number) {
  // Straight through the projection's own apply (the runner's path without the event log),
  // in large transactions: the benchmark is about reading, not about loading.
  const started = Date.now();
  for (let start = from; start < to; start += 2000) {
    await runtime.readStore.transaction(async (tx) => {
      const scoped = scopedTransaction(jobBoardProjection, tx);
      for (let i = start; i < Math.min(to, start + 2000); i++) {
        const event = {
          type: 'JobPosted',
          data: { jobId: `bench-${i}`, shareToken: `bench-share-${i}`, ...syntheticJob(i) },
          metadata: { eventId: '', occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), actor: 'system', correlationId: '', causationId: null, schemaVersion: 1 },
          streamId: `job-bench-${i}`,
          streamVersion: 0,
          position: encodePosition(0, i + 1),
          recordedAt: '',
        } as RecordedEvent;
        await jobBoardProjection.apply(event, scoped);
      }
      // Like the runner: the checkpoint moves with the documents, so the query side sees the change.
      await tx.setCheckpoint(checkpointName(jobBoardProjection), encodePosition(0, Math.min(to, start + 2000)));
    });
  }
  return (Date.now() - started) / 1000;
}

const ms = (value: number) => value.toFixed(2);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-bench-'));
  const runtime = await createRuntime(loadConfig({ DATA_DIR: dataDir, ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) }));
  // Only the query side: projections would otherwise race the direct fill.
  const app = await buildApp(runtime, { commands: false, projections: false, spaDir: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareRoute();
  const rows: string[] = [];
  try {
    for (const name of Object.keys(jobBoardProjection.collections)) {
      await runtime.readStore.ensureCollection(physicalCollection(jobBoardProjection, name), jobBoardProjection.collections[name]!.indexes ?? []);
    }
    await runtime.readStore.transaction((tx) => tx.setCheckpoint(checkpointName(jobBoardProjection), ''));
    let loaded = 0;
    for (const size of SIZES) {
      const seconds = await fill(runtime, loaded, size);
      loaded = size;
      process.stderr.write(`loaded ${size} jobs (+${seconds.toFixed(1)} s)\n`);
      const warm = await load(`${appUrl}/api/jobs?`, SEARCHES);
      void warm;
      const search = await load(`${appUrl}/api/jobs?`, SEARCHES);
      const baseline = await load(`${bare.url}/bare?`, ['']);
      rows.push(
        `| ${size.toLocaleString('en-US')} | board search | ${search.requests} | ${search.throughput.toFixed(0)} | ${ms(search.p50)} | ${ms(search.p99)} | ${search.errors} |`,
        `| ${size.toLocaleString('en-US')} | bare fastify route | ${baseline.requests} | ${baseline.throughput.toFixed(0)} | ${ms(baseline.p50)} | ${ms(baseline.p99)} | ${baseline.errors} |`,
        `| ${size.toLocaleString('en-US')} | search / bare throughput | | ${(search.throughput / baseline.throughput).toFixed(2)} | | | |`,
      );
    }
  } finally {
    await app.close();
    await bare.close();
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(
    [
      `Board search benchmark: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per measurement, PostgreSQL read store, same machine.`,
      '',
      '| jobs | route | requests | req/s | p50 ms | p99 ms | errors |',
      '|---:|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
