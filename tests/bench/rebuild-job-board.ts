/**
 * The job board's rebuild alone, repeated over one log (issue 26, ADR 100): to profile and compare
 * versions of the rebuild without writing the log again each time.
 *
 *   node --import tsx tests/bench/rebuild-job-board.ts            # a fresh log of BENCH_LOG_EVENTS (200,000)
 *   REBUILD_DATABASE=<url> node --import tsx tests/bench/rebuild-job-board.ts   # a log kept from before
 *
 * REBUILD_KEEP=1 keeps the database (its URL is printed), REBUILD_ROUNDS (default 1) rebuilds that
 * many times. Each round prints wall time, events applied per second, this process's CPU time and
 * the database's server processes' CPU time (/proc), and the load average.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPostgresEventStore, START, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore } from '@hireloop/platform/read-store';
import { createPostgresPersonalDataKeys } from '@hireloop/platform/personal-data/postgres';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { personalDataRules } from '@hireloop/contracts';
import { migrate } from '@hireloop/platform/migrations/migrate';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { ProjectionRunner, type RebuildProgress } from '@hireloop/projections/runner';
import { createTestDatabase } from '../support/postgres';
import { backendCpu, backendCpuSince } from './backend-cpu';
import { fillLog } from './rebuild';

const events = Number(process.env.BENCH_LOG_EVENTS ?? 200_000);
const rounds = Number(process.env.REBUILD_ROUNDS ?? 1);
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');

async function main() {
  const given = process.env.REBUILD_DATABASE;
  const db = given ? { url: given, drop: async () => undefined } : await createTestDatabase('hl_rba');
  const pool = new pg.Pool({ connectionString: db.url, max: 10, options: '-c jit=off' });
  const keysPool = new pg.Pool({ connectionString: db.url, max: 4, options: '-c jit=off -c search_path=bench_log' });
  try {
    if (!given) {
      await migrate(db.url, { schema: 'bench_log' });
      await migrate(db.url, { schema: 'bench_read_models' });
    }
    const store = await createPostgresEventStore({ pool, schema: 'bench_log' });
    const keys = await createPostgresPersonalDataKeys({ pool: keysPool });
    const personal = protectPersonalData({ eventStore: store, keys, rules: personalDataRules });
    if (!given) {
      const started = performance.now();
      await fillLog(pool, store, personal.eventStore, events);
      console.error(`wrote ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s; database ${db.url}`);
    }
    const readStore = await createPostgresReadStore({ pool, schema: 'bench_read_models' });
    const runner = new ProjectionRunner({ eventStore: personal.eventStore, readStore, projection: jobBoardProjection });
    for (let round = 0; round < rounds; round++) {
      const phases: string[] = [];
      let phaseStarted = performance.now();
      let phase: RebuildProgress['phase'] | undefined;
      const onProgress = (progress: RebuildProgress) => {
        if (progress.phase === phase) return;
        const now = performance.now();
        if (phase) phases.push(`${phase} ${((now - phaseStarted) / 1000).toFixed(2)} s`);
        phase = progress.phase;
        phaseStarted = now;
      };
      const cpu = process.cpuUsage();
      const backend = await backendCpu(pool);
      const started = performance.now();
      const result = await runner.rebuild(onProgress);
      const seconds = (performance.now() - started) / 1000;
      const own = process.cpuUsage(cpu);
      const server = backendCpuSince(backend, await backendCpu(pool));
      console.log(
        `round ${round + 1}: ${result.events} events in ${seconds.toFixed(2)} s = ${Math.round(result.events / seconds)} applied/s` +
          ` (${Math.round(events / seconds)} log/s); node CPU ${((own.user + own.system) / 1e6).toFixed(2)} s,` +
          ` PostgreSQL CPU ${server === null ? '–' : (server / 1e6).toFixed(2)} s; phases: ${phases.join(', ')}; load ${load()}`,
      );
    }
    // Reading alone, as the rebuild reads (the machine's reference); REBUILD_READ_ALONE=0 skips it.
    if (process.env.REBUILD_READ_ALONE !== '0') await readAlone(personal.eventStore);
    await readStore.close();
    await store.close();
  } finally {
    await keysPool.end();
    await pool.end();
    if (process.env.REBUILD_KEEP !== '1') await db.drop();
  }
}

async function readAlone(eventStore: EventStore) {
  const started = performance.now();
  let position = START;
  let count = 0;
  for (;;) {
    const batch = await eventStore.readAll(position, { batchSize: 5000, eventTypes: jobBoardProjection.eventTypes });
    if (batch.events.length === 0) break;
    count += batch.events.length;
    position = batch.nextPosition;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`reading alone: ${count} events in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)}/s; load ${load()}`);
}

await main();
