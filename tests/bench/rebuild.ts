/**
 * The `rebuild` section of `npm run bench` (ADR 082): a log of BENCH_LOG_EVENTS events (default
 * 1,000,000: a fifth JobPosted, spread over it in four rounds, 1 in 200 a sealed registration,
 * the rest sign-ins no read model follows), then
 * - the job board rebuilt alone,
 * - each read model rebuilt alone,
 * - every read model rebuilt together from one pass over the log (`hireloop replay`),
 * each with its wall time, the events it applied per second, and the log's events per second.
 * `atLeast('rebuild', …, 30000, 'events/s')` for the job board and for all in one pass.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPostgresEventStore, START, type EventMetadata, type EventStore } from '@hireloop/platform/event-store';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { createPostgresPersonalDataKeys } from '@hireloop/platform/personal-data/postgres';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { personalDataRules } from '@hireloop/contracts';
import { migrate } from '@hireloop/platform/migrations/migrate';
import { allProjections } from '@hireloop/projections/registry';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { createTestDatabase, TEST_SERVER_URL } from '../support/postgres';
import { atLeast } from './scoreboard';
import { backendCpu, backendCpuSince } from './backend-cpu';

export interface RebuildBenchOptions {
  /** Events in the log. */
  events: number;
  /** Markdown lines of the report. */
  line: (text?: string) => void;
  /** Progress on stderr. */
  log: (text: string) => void;
  /** Also rebuild each read model alone (default true). */
  eachAlone?: boolean;
  /** Rebuild the job board alone and stop there (to profile it: `node --cpu-prof`). */
  jobBoardOnly?: boolean;
  /** Rebuild every read model together only, no job board alone first (to profile the one pass). */
  togetherOnly?: boolean;
  /** A database kept between runs (made and filled on the first, never dropped): to profile the rebuild again and again. */
  keptDatabase?: string;
  /** Prefix of the bench's database name (default `hl_bench`), so runs on a shared server can be told apart. */
  databasePrefix?: string;
}

export interface RebuildFigures {
  jobBoard: { seconds: number; events: number };
  /** Absent with `jobBoardOnly`. */
  together?: { seconds: number; events: number; readModels: number };
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');

const jobEventData = (i: number) => ({ ...syntheticJob(i), jobId: `bench-${i}`, shareToken: `bench-share-${i}` });
const metadata = (i: number): EventMetadata => ({
  eventId: crypto.randomUUID(),
  occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  actor: 'system',
  correlationId: 'bench',
  causationId: null,
  schemaVersion: 1,
});
const registration = (userId: string, i: number) => ({
  type: 'UserRegistered',
  data: {
    userId,
    type: 'candidate',
    role: 'candidate',
    name: `Bench Person ${i}`,
    email: `person${i}@bench.example`,
    phone: '+1 555 0100',
    location: 'Lisbon, Portugal',
    currentRole: 'Engineer',
    skills: ['TypeScript', 'PostgreSQL'],
    companyId: null,
    registeredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  },
  metadata: metadata(i),
});

/** Writes the bench's log: `events` events, a fifth of them JobPosted, 1 in 200 a sealed registration. */
export async function fillLog(pool: pg.Pool, store: EventStore & { table: string }, personal: EventStore, events: number) {
  const jobs = Math.round(events / 5);
  const registrations = Math.round(events / 200);
  const others = events - jobs - registrations;
  for (let round = 0; round < 4; round++) {
    await pool.query(
      `INSERT INTO ${store.table} (stream_id, stream_version, event_id, type, data, metadata)
       SELECT 'user-' || i, 0, gen_random_uuid(), 'UserSignedIn', jsonb_build_object('userId', 'u' || i, 'method', 'password'),
              jsonb_build_object('eventId', gen_random_uuid(), 'occurredAt', now(), 'actor', 'system', 'correlationId', 'bench', 'causationId', null, 'schemaVersion', 1)
         FROM generate_series($1::bigint, $2::bigint - 1) i`,
      [Math.round((others * round) / 4), Math.round((others * (round + 1)) / 4)],
    );
    for (let start = Math.round((jobs * round) / 4); start < Math.round((jobs * (round + 1)) / 4); start += 5000) {
      const end = Math.min(Math.round((jobs * (round + 1)) / 4), start + 5000);
      const ids = Array.from({ length: end - start }, (_, k) => start + k);
      await pool.query(
        `INSERT INTO ${store.table} (stream_id, stream_version, event_id, type, data, metadata)
         SELECT x.stream, 0, (x.metadata->>'eventId')::uuid, 'JobPosted', x.data, x.metadata
           FROM unnest($1::text[], $2::jsonb[], $3::jsonb[]) AS x(stream, data, metadata)`,
        [ids.map((i) => `job-bench-${i}`), ids.map((i) => JSON.stringify(jobEventData(i))), ids.map((i) => JSON.stringify(metadata(i)))],
      );
    }
    const from = Math.round((registrations * round) / 4);
    const to = Math.round((registrations * (round + 1)) / 4);
    for (let start = from; start < to; start += 100) {
      const people = Array.from({ length: Math.min(100, to - start) }, (_, k) => `person-${start + k}`);
      await personal.appendToStreams(people.map((userId, k) => ({ streamId: `user-${userId}`, events: [registration(userId, start + k)] })));
    }
  }
  await pool.query(`ANALYZE ${store.table}`);
}

/** A database of that name, made if missing (migrated), that `drop` leaves in place. */
async function keptDatabase(name: string) {
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return { url: url.toString(), drop: async () => undefined };
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

export async function rebuildSection(options: RebuildBenchOptions): Promise<RebuildFigures> {
  const { events: logEvents, line, log } = options;
  const db = options.keptDatabase ? await keptDatabase(options.keptDatabase) : await createTestDatabase(options.databasePrefix ?? 'hl_bench');
  const pool = new pg.Pool({ connectionString: db.url, max: 10, options: '-c jit=off' });
  const keysPool = new pg.Pool({ connectionString: db.url, max: 4, options: '-c jit=off -c search_path=bench_log' });
  let readStore: ReadStore | null = null;
  let store: Awaited<ReturnType<typeof createPostgresEventStore>> | null = null;
  try {
    await migrate(db.url, { schema: 'bench_log' });
    await migrate(db.url, { schema: 'bench_read_models' });
    store = await createPostgresEventStore({ pool, schema: 'bench_log' });
    const keys = await createPostgresPersonalDataKeys({ pool: keysPool });
    const personal = protectPersonalData({ eventStore: store, keys, rules: personalDataRules });
    const already = options.keptDatabase ? Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${store.table}`)).rows[0]!.n) : 0;
    if (already > 0 && already !== logEvents) throw new Error(`The kept database holds ${already} events, not ${logEvents}`);
    const filled = await timed(() => (already > 0 ? Promise.resolve() : fillLog(pool, store!, personal.eventStore, logEvents)));
    log(`rebuild: wrote ${thousands(logEvents)} events in ${fixed(filled.seconds, 1)} s`);
    readStore = await createPostgresReadStore({ pool, schema: 'bench_read_models' });
    const eventStore = personal.eventStore;
    const runnerOf = (projection: (typeof allProjections)[number]) => new ProjectionRunner({ eventStore, readStore: readStore!, projection });

    line(`### Rebuilds over ${thousands(logEvents)} events (ADR 082)`);
    line();
    line(`Load average before: ${load()}. "applied/s": events the read model follows, applied per second; "log/s": the log's ${thousands(logEvents)} events per second of wall time.`);
    line();
    line('| rebuild | events applied | seconds | applied/s | log/s | load average after |');
    line('|---|---:|---:|---:|---:|---|');
    const row = (what: string, events: number, seconds: number) =>
      line(`| ${what} | ${thousands(events)} | ${fixed(seconds, 2)} | ${thousands(events / seconds)} | ${thousands(logEvents / seconds)} | ${load()} |`);

    // The machine's own reference: reading the job board's events alone, as the rebuild reads them.
    const read = await timed(async () => {
      let position = START;
      let count = 0;
      for (;;) {
        const batch = await eventStore.readAll(position, { batchSize: 5000, eventTypes: jobBoardProjection.eventTypes });
        if (batch.events.length === 0) return count;
        count += batch.events.length;
        position = batch.nextPosition;
      }
    });
    row("reference: reading the job board's events alone (no rebuild)", read.value, read.seconds);

    const board = options.togetherOnly ? { seconds: NaN, value: { events: 0 } } : await timed(() => runnerOf(jobBoardProjection).rebuild());
    if (!options.togetherOnly) row('job board alone', board.value.events, board.seconds);
    log(`rebuild: job board in ${fixed(board.seconds, 1)} s`);
    if (options.jobBoardOnly) return { jobBoard: { seconds: board.seconds, events: board.value.events } };

    if (options.eachAlone !== false && !options.togetherOnly) {
      for (const projection of allProjections) {
        if (projection === jobBoardProjection) continue;
        const alone = await timed(() => runnerOf(projection).rebuild());
        row(`${projection.name} alone`, alone.value.events, alone.seconds);
      }
    }

    // Wall time by phase: the bulk pass, the index builds, the switches (with the catch-up before each).
    const cpuBefore = process.cpuUsage();
    const backendBefore = await backendCpu(pool);
    const phases = new Map<string, number>();
    let phaseStarted = performance.now();
    let phase = 'bulk';
    const together = await timed(() =>
      ProjectionRunner.rebuildTogether(allProjections.map(runnerOf), (progress) => {
        if (progress.phase === phase) return;
        const now = performance.now();
        phases.set(phase, (phases.get(phase) ?? 0) + (now - phaseStarted) / 1000);
        phase = progress.phase;
        phaseStarted = now;
      }),
    );
    phases.set(phase, (phases.get(phase) ?? 0) + (performance.now() - phaseStarted) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    const backend = backendCpuSince(backendBefore, await backendCpu(pool));
    log(`rebuild: one pass CPU: node ${fixed((cpu.user + cpu.system) / 1e6, 2)} s, PostgreSQL backends ${backend === null ? '–' : fixed(backend / 1e6, 2)} s`);
    for (const [name, result] of [...together.value].sort(([, a], [, b]) => b.timings.apply - a.timings.apply)) {
      const { apply, indexes, switch: switched } = result.timings;
      log(`rebuild:   ${name}: ${thousands(result.events)} events, apply ${fixed(apply / 1000, 2)} s, indexes ${fixed(indexes / 1000, 2)} s, switch ${fixed(switched / 1000, 2)} s`);
    }
    log(`rebuild: one pass waited ${fixed((together.value.values().next().value?.timings.writesWaited ?? 0) / 1000, 2)} s for writes`);
    log(`rebuild: one pass by phase: ${[...phases].map(([name, seconds]) => `${name} ${fixed(seconds, 2)} s`).join(', ')}`);
    const appliedTogether = [...together.value.values()].reduce((sum, result) => sum + result.events, 0);
    row(`all ${allProjections.length} read models, one pass`, appliedTogether, together.seconds);
    log(`rebuild: all in one pass in ${fixed(together.seconds, 1)} s`);
    line();

    const reference = `reading the job board's ${thousands(read.value)} events alone: ${thousands(read.value / read.seconds)}/s; load ${load()}`;
    atLeast('rebuild', `job board alone: events applied/s (${thousands(board.value.events)} in ${fixed(board.seconds, 1)} s)`, board.value.events / board.seconds, 30_000, 'events/s', reference);
    atLeast('rebuild', `job board alone: log events/s`, logEvents / board.seconds, 30_000, 'events/s', reference);
    atLeast('rebuild', `all ${allProjections.length} read models in one pass: events applied/s (${thousands(appliedTogether)} in ${fixed(together.seconds, 1)} s)`, appliedTogether / together.seconds, 30_000, 'events/s', reference);
    atLeast('rebuild', `all read models in one pass: log events/s`, logEvents / together.seconds, 30_000, 'events/s', reference);
    return {
      jobBoard: { seconds: board.seconds, events: board.value.events },
      together: { seconds: together.seconds, events: appliedTogether, readModels: allProjections.length },
    };
  } finally {
    await readStore?.close();
    await store?.close();
    await keysPool.end();
    await pool.end();
    await db.drop();
  }
}
