/**
 * `npm run bench`: measures the event log and the board on this machine and prints one report
 * (markdown). It asserts nothing. Every section runs on a fresh database of the PostgreSQL
 * server at TEST_DATABASE_URL (default: the local one on 127.0.0.1:5432). HTTP load comes from
 * a separate process (load-generator.ts), so making requests does not slow the server down.
 *
 * BENCH_LAG_COMPANIES (companies posting in the lag section, default 200), BENCH_GROUP_COMMIT (the commits section's group-commit settings, a JSON list, default [false, true]), BENCH_SECTIONS (default all: commits,log,rebuild,lag,search,app-as-shipped,did-you-mean,profiles,matches,candidates,admin-candidates,memory,assets,resumes,ocr,hostile-uploads,import), BENCH_SIZES (board sizes,
 * default 10000,100000,1000000; the largest also measures the index's memory, cold and warm start), BENCH_SECONDS (per search measurement, default 8), BENCH_CONCURRENCY
 * (search clients, default 8), BENCH_LOG_EVENTS (default 1000000), BENCH_SEARCHES (default
 * 1000000), BENCH_RESUME_ROUNDS (reads of each shared resume, default 5), BENCH_OCR_ROUNDS (reads of each resume in the OCR section, default 3), BENCH_CANDIDATE_SIZES (anonymous
 * cards, default 10000,50000), BENCH_ADMIN_CANDIDATES (rows of the admin candidates table, default 50000) tune it.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { createPostgresEventStore, encodePosition, START, type EventMetadata, type GroupCommitOptions, type EventStore, type RecordedEvent } from '@hireloop/platform/event-store';
import { createPostgresPersonalDataKeys } from '@hireloop/platform/personal-data/postgres';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { MIN_POSITION_HEADER, personalDataRules, userFromRegistration, type CandidateProfileCreated } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { loadConfig } from '@hireloop/platform/config';
import { migrate } from '@hireloop/platform/migrations/migrate';
import { createUnlimitedRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { adminPeopleProjection, candidateRow } from '@hireloop/projections/admin-people/projection';
import { adminCandidatesCollection } from '@hireloop/projections/admin-people/queries';
import { candidateCardsProjection } from '@hireloop/projections/candidate-cards/projection';
import { usersProjection } from '@hireloop/projections/users/projection';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { advancedSubject, type ProjectionAdvanced } from '@hireloop/projections/runner';
import { checkpointName, physicalCollection, scopedTransaction } from '@hireloop/projections/shared/projection';
import { bufferedTransaction } from '@hireloop/projections/shared/write-buffer';
import { buildApp } from '../../cli/src/app';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { allProjections } from '@hireloop/projections/registry';
import { AdminCandidateTableData } from '../../query-service/src/admin-people/candidate-table';
import { JobSearchIndex } from '../../query-service/src/jobs/search-index';
import { ProjectionProgress } from '../../query-service/src/shared/projection-progress';
import { assetsReport } from './assets';
import { quantile, type LoadRound, type LoadSummary } from './load-generator';
import { measureResumeExtraction } from './resume-extraction';
import { measureResumeOcr } from './resume-ocr';
import { measureHostileUploads } from './hostile-uploads';
import { rebuildSection } from './rebuild';
import { atLeast, atMost, recordFigure, scoreboardLines } from './scoreboard';
import { measureDidYouMean } from './did-you-mean';
import { backendCpu, backendCpuSince } from './backend-cpu';
import { appAsShippedSection, measureIndexAtScale, reportIndexAtScale, type IndexAtScaleFigures } from './search-scale';
import { ensureJobBoard, fillJobBoard, JOB_SEARCHES, SEARCH_STRINGS, SEARCHES as SEARCH_QUERIES } from './search-index-load';

const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'commits,log,rebuild,lag,search,app-as-shipped,did-you-mean,profiles,matches,candidates,admin-candidates,memory,assets,resumes,ocr,hostile-uploads,import').split(','));
const CANDIDATE_SIZES = (process.env.BENCH_CANDIDATE_SIZES ?? '10000,50000').split(',').map(Number);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SEARCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LOG_EVENTS = Number(process.env.BENCH_LOG_EVENTS ?? 1_000_000);
const SEARCH_CALLS = Number(process.env.BENCH_SEARCHES ?? 1_000_000);
const here = path.dirname(fileURLToPath(import.meta.url));

const SEARCHES = SEARCH_STRINGS;

const report: string[] = [];
const line = (text = '') => report.push(text);
const log = (text: string) => process.stderr.write(`${text}\n`);
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');

/** Runs a load plan in the load-generator process. */
function generateLoad(plan: readonly LoadRound[]): Promise<LoadSummary[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'load-generator.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as LoadSummary[]) : reject(new Error(`load generator exited with ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

const percentile = (values: readonly number[], q: number) => quantile([...values].sort((a, b) => a - b), q);

async function withDatabase<T>(work: (db: TestDatabase) => Promise<T>): Promise<T> {
  const db = await createTestDatabase('hl_bench');
  try {
    return await work(db);
  } finally {
    await db.drop();
  }
}

async function withRuntime<T>(db: TestDatabase, work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', EVENT_STORE_GROUP_COMMIT: process.env.EVENT_STORE_GROUP_COMMIT }));
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

const jobEventData = (i: number) => ({ ...syntheticJob(i), jobId: `bench-${i}`, shareToken: `bench-share-${i}` });
const metadata = (i: number, at = new Date(Date.UTC(2026, 0, 1) + i * 1000)): EventMetadata => ({
  eventId: crypto.randomUUID(),
  occurredAt: at.toISOString(),
  actor: 'system',
  correlationId: 'bench',
  causationId: null,
  schemaVersion: 1,
});
/** A candidate's registration with every personal field filled, as the sign-up writes it. */
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

// ---------------------------------------------------------------------------------------------
// Appends against the machine's own commit rate

async function timedClients(clients: number, seconds: number, work: (client: number, n: number) => Promise<void>) {
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < deadline; n++) {
        await work(client, n);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** `timedClients`, with the CPU each operation cost this process and the database's server processes (µs; null when unreadable). */
async function timedWithCpu(pool: pg.Pool, clients: number, seconds: number, work: (client: number, n: number) => Promise<void>) {
  const serverBefore = await backendCpu(pool);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const rate = await timedClients(clients, seconds, work);
  const operations = rate * ((performance.now() - started) / 1000);
  const node = process.cpuUsage(nodeBefore);
  const server = backendCpuSince(serverBefore, await backendCpu(pool));
  return { rate, nodeCpu: (node.user + node.system) / operations, serverCpu: server === null ? null : server / operations };
}

/** Group-commit settings the commits section compares (BENCH_GROUP_COMMIT: a JSON list; default off and the store's default). */
const GROUP_COMMIT_VARIANTS = JSON.parse(process.env.BENCH_GROUP_COMMIT ?? '[false, true]') as Array<boolean | GroupCommitOptions>;
const variantLabel = (variant: boolean | GroupCommitOptions) =>
  variant === false ? 'group commit off' : variant === true ? 'group commit (default)' : `group commit ${JSON.stringify(variant)}`;

/**
 * Appends against the machine's single-row commit rate (ADR 093). The reference commits the same
 * row an append writes (the job's event: its payload, metadata and the events table's four
 * indexes), one INSERT per transaction, from the same number of clients on the same pool, so
 * with the same durability; a one-column row's commit rate is shown beside it.
 */
async function commitsSection() {
  await withDatabase(async (db) => {
    // Idle connections stay open, so the server processes' CPU is counted over the whole run.
    const pool = new pg.Pool({ connectionString: db.url, max: 20, idleTimeoutMillis: 0 });
    try {
      await pool.query('CREATE TABLE bench_commits (id bigserial PRIMARY KEY, v text NOT NULL)');
      await migrate(db.url, { schema: 'bench_appends' });
      await migrate(db.url, { schema: 'bench_rows' });
      const synchronousCommit = (await pool.query<{ setting: string }>("SELECT current_setting('synchronous_commit') AS setting")).rows[0]!.setting;
      const stores = await Promise.all(GROUP_COMMIT_VARIANTS.map((groupCommit) => createPostgresEventStore({ pool, schema: 'bench_appends', groupCommit })));
      const data = syntheticJob(1);
      const payload = JSON.stringify(data);
      const cpu = (figure: { nodeCpu: number; serverCpu: number | null }) => `${thousands(figure.nodeCpu)} + ${figure.serverCpu === null ? '–' : thousands(figure.serverCpu)}`;
      const rows: string[] = [];
      for (const clients of [1, 16]) {
        const tiny = await timedWithCpu(pool, clients, 4, async () => {
          await pool.query('INSERT INTO bench_commits (v) VALUES ($1)', ['x']);
        });
        const eventRows = await timedWithCpu(pool, clients, 4, async (client, n) => {
          await pool.query('INSERT INTO bench_rows.events (stream_id, stream_version, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)', [
            `bench-row-${clients}-${client}-${n}`,
            crypto.randomUUID(),
            'BenchAppended',
            JSON.stringify(data),
            JSON.stringify(metadata(n)),
          ]);
        });
        rows.push(`| ${clients} | single-row commits: a one-column row | ${thousands(tiny.rate)} | | ${cpu(tiny)} |`);
        rows.push(`| ${clients} | single-row commits: the event's row (reference) | ${thousands(eventRows.rate)} | 1.00 | ${cpu(eventRows)} |`);
        for (const [variant, store] of stores.entries()) {
          const appends = await timedWithCpu(pool, clients, 4, async (client, n) => {
            await store.append(`bench-${variant}-${clients}-${client}-${n}`, [{ type: 'BenchAppended', data, metadata: metadata(n) }], { expectedVersion: 'no_stream' });
          });
          rows.push(`| ${clients} | appends, ${variantLabel(GROUP_COMMIT_VARIANTS[variant]!)} | ${thousands(appends.rate)} | ${fixed(appends.rate / eventRows.rate, 2)} | ${cpu(appends)} |`);
          // Issue 26's target: the store's default (group commit on) at 16 clients, against the same run's single-row commits of the same row.
          if (clients === 16 && GROUP_COMMIT_VARIANTS[variant] === true) {
            atLeast(
              'commits',
              'appends/s at 16 clients, group commit ÷ single-row commits of the same row',
              appends.rate / eventRows.rate,
              2,
              '×',
              `single-row commits of the event's row: ${thousands(eventRows.rate)}/s (of a one-column row: ${thousands(tiny.rate)}/s, ${fixed(appends.rate / tiny.rate, 2)}×); appends: ${thousands(appends.rate)}/s; load ${load()}`,
            );
          }
        }
      }
      // What limits it: appends without the job's payload.
      const grouped = stores[GROUP_COMMIT_VARIANTS.indexOf(true)] ?? stores.at(-1)!;
      const emptyAppends = await timedWithCpu(pool, 16, 4, async (client, n) => {
        await grouped.append(`bench-empty-${client}-${n}`, [{ type: 'BenchAppended', data: {}, metadata: metadata(n) }], { expectedVersion: 'no_stream' });
      });
      rows.push(`| 16 | appends, group commit (default), an empty payload instead of the job's ${thousands(payload.length)} B | ${thousands(emptyAppends.rate)} | | ${cpu(emptyAppends)} |`);
      // What the WAL flush costs each side: the reference and the store's default with
      // synchronous_commit off for these two lines only (never the store's setting, ADR 113).
      const unflushed = new pg.Pool({ connectionString: db.url, max: 20, idleTimeoutMillis: 0, options: '-c synchronous_commit=off' });
      try {
        const unflushedStore = await createPostgresEventStore({ pool: unflushed, schema: 'bench_appends' });
        const unflushedRows = await timedWithCpu(unflushed, 16, 4, async (client, n) => {
          await unflushed.query('INSERT INTO bench_rows.events (stream_id, stream_version, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)', [
            `bench-unflushed-row-${client}-${n}`,
            crypto.randomUUID(),
            'BenchAppended',
            JSON.stringify(data),
            JSON.stringify(metadata(n)),
          ]);
        });
        const unflushedAppends = await timedWithCpu(unflushed, 16, 4, async (client, n) => {
          await unflushedStore.append(`bench-unflushed-${client}-${n}`, [{ type: 'BenchAppended', data, metadata: metadata(n) }], { expectedVersion: 'no_stream' });
        });
        await unflushedStore.close();
        rows.push(`| 16 | without waiting for the flush (synchronous_commit off, not the store's setting): single-row commits of the event's row | ${thousands(unflushedRows.rate)} | | ${cpu(unflushedRows)} |`);
        rows.push(`| 16 | without waiting for the flush: appends, group commit (default) | ${thousands(unflushedAppends.rate)} | ${fixed(unflushedAppends.rate / unflushedRows.rate, 2)} (÷ the line above) | ${cpu(unflushedAppends)} |`);
      } finally {
        await unflushed.end();
      }
      for (const store of stores) await store.close();
      line(`### Appends against the machine's commit rate (4 s each, synchronous_commit ${synchronousCommit}; load ${load()})`);
      line();
      line('| clients | what | per second | ÷ the reference | CPU µs each: node + PostgreSQL |');
      line('|---:|---|---:|---:|---:|');
      rows.forEach((row) => line(row));
      line();
    } finally {
      await pool.end();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Reading the log (the rebuilds over it: tests/bench/rebuild.ts)

async function logSection() {
  await withDatabase(async (db) => {
    const pool = new pg.Pool({ connectionString: db.url, max: 10, options: '-c jit=off' });
    const closeAfter: Array<() => Promise<void>> = [];
    try {
      await migrate(db.url, { schema: 'bench_log' });
      await migrate(db.url, { schema: 'bench_read_models' });
      const store = await createPostgresEventStore({ pool, schema: 'bench_log' });
      const keysPool = new pg.Pool({ connectionString: db.url, max: 4, options: '-c jit=off -c search_path=bench_log' });
      closeAfter.push(() => keysPool.end());
      const jobs = Math.round(LOG_EVENTS / 5);
      const others = LOG_EVENTS - jobs;
      const fillStarted = performance.now();
      // Four rounds of job events and other events, so the job events are spread over the log.
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
      }
      // People's registrations, sealed as the app writes them (ADR 019): 1 event in 200.
      const keys = await createPostgresPersonalDataKeys({ pool: keysPool });
      const personal = protectPersonalData({ eventStore: store, keys, rules: personalDataRules });
      const registrations = Math.round(LOG_EVENTS / 200);
      for (let start = 0; start < registrations; start += 100) {
        const people = Array.from({ length: Math.min(100, registrations - start) }, (_, k) => `person-${start + k}`);
        await personal.eventStore.appendToStreams(people.map((userId, k) => ({ streamId: `user-${userId}`, events: [registration(userId, start + k)] })));
      }
      await pool.query(`ANALYZE ${store.table}`);
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      log(`log: wrote ${thousands(LOG_EVENTS)} events in ${fixed(fillSeconds, 1)} s`);

      let position = START;
      let read = 0;
      const readStarted = performance.now();
      for (;;) {
        const { events, nextPosition } = await store.readAll(position, { batchSize: 1000 });
        if (events.length === 0) break;
        read += events.length;
        position = nextPosition;
      }
      const readSeconds = (performance.now() - readStarted) / 1000;

      // The same read as every process of the app does it: through the personal-data wrapper,
      // which opens the sealed registrations (one key lookup per batch that holds any).
      position = START;
      let opened = 0;
      const openedStarted = performance.now();
      for (;;) {
        const { events, nextPosition } = await personal.eventStore.readAll(position, { batchSize: 1000 });
        if (events.length === 0) break;
        opened += events.length;
        position = nextPosition;
      }
      const openedSeconds = (performance.now() - openedStarted) / 1000;


      line(`### The log: ${thousands(LOG_EVENTS)} events (${thousands(jobs)} of them JobPosted)`);
      line();
      line('| measure | events | seconds | events/s |');
      line('|---|---:|---:|---:|');
      line(`| readAll from the start, batches of 1,000 | ${thousands(read)} | ${fixed(readSeconds, 1)} | ${thousands(read / readSeconds)} |`);
      line(`| the same through the personal-data wrapper (${thousands(registrations)} sealed registrations opened) | ${thousands(opened)} | ${fixed(openedSeconds, 1)} | ${thousands(opened / openedSeconds)} |`);
      line();
      line('The rebuilds over the same log: the `rebuild` section (ADR 082).');
      line();
      await store.close();
    } finally {
      for (const close of closeAfter.splice(0)) await close();
      await pool.end();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Projection lag and board search while 16 clients post jobs

/** Companies posting in the lag section, each on a paid plan with its own address: enough that none reaches the posting limits (30 an hour an account, 60 an address). */
const LAG_COMPANIES = Number(process.env.BENCH_LAG_COMPANIES ?? 200);
const LAG_SECONDS = 15;

async function lagSection() {
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      const appendedAt = new Map<string, number>();
      const inner = runtime.eventStore;
      const posted = (events: readonly { type: string }[]) => events.some((event) => event.type === 'JobPosted');
      // A job post on a paid plan appends the job and the plan's count together (ADR 030).
      const timed: EventStore = {
        ...inner,
        async append(streamId, events, options) {
          const result = await inner.append(streamId, events, options);
          if (posted(events)) appendedAt.set(result.position, performance.now());
          return result;
        },
        async appendToStreams(appends, options) {
          const results = await inner.appendToStreams(appends, options);
          if (appends.some((one) => posted(one.events))) appendedAt.set(results.map((result) => result.position).sort().at(-1)!, performance.now());
          return results;
        },
      };
      const lags: number[] = [];
      await runtime.bus.subscribe<ProjectionAdvanced>(advancedSubject(jobBoardProjection.name), ({ data }) => {
        const now = performance.now();
        for (const [position, at] of appendedAt) {
          if (position <= data.position) {
            lags.push(now - at);
            appendedAt.delete(position);
          }
        }
      });
      // The app as shipped, rate limits included, behind one trusted proxy hop: the load generator names each company's address.
      const app = await buildApp({ ...runtime, eventStore: timed }, { spaDir: false, logger: false, trustProxy: 1 });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const writers: Array<Record<string, string>> = [];
        const signUp = async (i: number) => {
          const address = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/company/signup',
            headers: address,
            payload: { companyName: `Bench Company ${i}`, contactName: 'Bench', email: `bench${i}@bench.example`, password: 'bench-password' },
          });
          if (response.statusCode !== 201) throw new Error(`lag: sign-up ${i}: ${response.statusCode} ${response.body}`);
          const authorization = `Bearer ${response.json<{ token: string }>().token}`;
          // A paid plan through the simulated checkout, as the seed's companies take theirs.
          const created = await app.inject({ method: 'POST', url: '/api/subscription/create', headers: { ...address, authorization }, payload: { planId: 'enterprise' } });
          if (created.statusCode !== 200) throw new Error(`lag: plan ${i}: ${created.statusCode} ${created.body}`);
          const checkoutPath = new URL(created.json<{ checkoutUrl: string }>().checkoutUrl, 'http://localhost').pathname;
          const confirmed = await app.inject({ method: 'POST', url: `${checkoutPath}/confirm`, payload: '', headers: { ...address, 'content-type': 'application/x-www-form-urlencoded' } });
          if (confirmed.statusCode !== 303) throw new Error(`lag: checkout ${i}: ${confirmed.statusCode} ${confirmed.body}`);
          writers[i] = { ...address, authorization };
        };
        const signUpStarted = performance.now();
        for (let i = 0; i < LAG_COMPANIES; i += 8) await Promise.all(Array.from({ length: Math.min(8, LAG_COMPANIES - i) }, (_, k) => signUp(i + k)));
        log(`lag: ${LAG_COMPANIES} companies signed up on the Enterprise plan in ${fixed((performance.now() - signUpStarted) / 1000, 1)} s`);
        // The sign-ups' events projected first: the lag measured is the posts', not a backlog of sign-ups (ADR 083).
        const signedUpAt = await inner.headPosition();
        const caughtUpStarted = performance.now();
        for (;;) {
          const checkpoints = await Promise.all(allProjections.map((projection) => runtime.readStore.getCheckpoint(checkpointName(projection))));
          if (checkpoints.every((checkpoint) => checkpoint !== null && checkpoint >= signedUpAt)) break;
          if (performance.now() - caughtUpStarted > 300_000) throw new Error('lag: the read models did not catch up with the sign-ups in 5 minutes');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        log(`lag: read models caught up with the sign-ups in ${fixed((performance.now() - caughtUpStarted) / 1000, 1)} s`);
        // A board to search while the writes go on.
        const bodies = Array.from({ length: 16 }, (_, i) => {
          const { title, location, salary, type, remote, description, skills } = syntheticJob(i);
          return { title, location, salary, type, remote, description, skills };
        });
        // The longest transaction seen while posting, anywhere on the server and in this database: readers wait only for this database's (ADR 001, 092).
        let oldestMs = 0;
        let oldestWhere = '';
        let oldestHereMs = 0;
        const sampler = new pg.Client({ connectionString: db.url });
        await sampler.connect();
        let sampling = true;
        const sampled = (async () => {
          while (sampling) {
            const { rows } = await sampler.query<{ ms: number; datname: string | null; state: string | null; query: string | null }>(
              `SELECT (extract(epoch FROM now() - xact_start) * 1000)::float8 AS ms, datname, state, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 60) AS query
                 FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid() ORDER BY xact_start LIMIT 1`,
            );
            const oldest = rows[0];
            const { rows: here } = await sampler.query<{ ms: number | null }>(
              `SELECT max(extract(epoch FROM now() - xact_start) * 1000)::float8 AS ms FROM pg_stat_activity
                WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid() AND datname = current_database()`,
            );
            oldestHereMs = Math.max(oldestHereMs, here[0]?.ms ?? 0);
            if (oldest && oldest.ms > oldestMs) {
              oldestMs = oldest.ms;
              // Only this bench's own statements are named; another database's are someone else's.
              oldestWhere = oldest.datname === new URL(db.url).pathname.slice(1) ? `this database (${oldest.state}: \`${oldest.query}\`)` : 'another database';
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        const [posts, searches] = await generateLoad([
          {
            seconds: LAG_SECONDS,
            streams: [
              // Each request as the next company, from its address: at most ceil(posts / companies) posts each.
              { label: 'post', urls: [`${url}/api/jobs`], concurrency: 16, method: 'POST', bodies, headers: writers, headersPerRequest: true },
              { label: 'search while writing', urls: SEARCHES.map((query) => `${url}/api/jobs?${query}`), concurrency: 4 },
            ],
          },
        ]);
        sampling = false;
        await sampled;
        await sampler.end();
        // Let the projection finish what was written.
        const deadline = performance.now() + 30_000;
        while (appendedAt.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        line(`### Projection lag while 16 clients post jobs over HTTP (${LAG_SECONDS} s, as ${LAG_COMPANIES} companies on the Enterprise plan, each from its own address, rate limits on), 4 clients searching; load ${load()}`);
        line();
        line('| measure | count | per s | p50 ms | p99 ms | errors |');
        line('|---|---:|---:|---:|---:|---:|');
        line(`| POST /api/jobs | ${posts!.requests} | ${fixed(posts!.throughput)} | ${fixed(posts!.p50, 1)} | ${fixed(posts!.p99, 1)} | ${posts!.errors} |`);
        line(`| job-board lag (append → read model) | ${lags.length} | | ${fixed(percentile(lags, 0.5), 1)} | ${fixed(percentile(lags, 0.99), 1)} | ${appendedAt.size} not projected |`);
        line(`| board search while writing | ${searches!.requests} | ${fixed(searches!.throughput)} | ${fixed(searches!.p50, 1)} | ${fixed(searches!.p99, 1)} | ${searches!.errors} |`);
        const lagP99 = lags.length > 0 ? percentile(lags, 0.99) : null;
        atMost('lag', 'append → read model p99 at 300 posts/s', lagP99, 50, 'ms', `posts: ${fixed(posts!.throughput)}/s over HTTP, 16 clients; load ${load()}`);
        recordFigure({ section: 'lag', name: 'append → read model p50', value: lags.length > 0 ? percentile(lags, 0.5) : null, unit: 'ms', target: '', met: null });
        atLeast('lag', 'posts/s achieved (16 clients, searches running)', posts!.throughput, 300, 'posts/s', `the longest transaction open while posting: ${fixed(oldestHereMs)} ms in this database, ${fixed(oldestMs)} ms on the server`);
        recordFigure({ section: 'lag', name: 'load average (1 min) at the end', value: loadavg()[0]!, unit: '', target: '', met: null, reference: '2 cores' });
        line();
        line(
          `Group commit ${process.env.EVENT_STORE_GROUP_COMMIT === 'off' ? 'off' : 'on'}. The longest transaction open on the PostgreSQL server while posting (sampled every 50 ms): ${fixed(oldestMs)} ms, in ${oldestWhere || 'no database'}; in this database, whose transactions readers of the log wait for (ADR 092): ${fixed(oldestHereMs)} ms.`,
        );
        line();
        for (const summary of [posts!, searches!]) if (summary.sampleErrors.length) log(`${summary.label} errors: ${summary.sampleErrors.join(' | ')}`);
      } finally {
        await app.close();
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Board search at 10k and 100k jobs against a bare fastify route

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

async function searchSection() {
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      await ensureJobBoard(runtime.readStore);
      const app = await buildApp(runtime, { commands: false, projections: false, spaDir: false });
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const bare = await bareRoute();
      const rows: string[] = [];
      let scale: IndexAtScaleFigures | null = null;
      try {
        let loaded = 0;
        for (const size of SIZES) {
          const seconds = await fillJobBoard(runtime.readStore, loaded, size);
          rows.push(`| ${thousands(size)} | writing ${thousands(size - loaded)} job documents | ${fixed(seconds, 1)} s | | | | |`);
          loaded = size;
          log(`search: loaded ${thousands(size)} jobs (+${fixed(seconds, 1)} s)`);
          await generateLoad([{ seconds: 2, streams: [{ label: 'warm-up', urls: SEARCHES.map((query) => `${appUrl}/api/jobs?${query}`), concurrency: CONCURRENCY }] }]);
          const rounds = 4;
          const plan: LoadRound[] = [];
          for (let round = 0; round < rounds; round++) {
            plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'bare', urls: [`${bare.url}/bare`], concurrency: CONCURRENCY }] });
            plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'search', urls: SEARCHES.map((query) => `${appUrl}/api/jobs?${query}`), concurrency: CONCURRENCY }] });
          }
          const results = await generateLoad(plan);
          const search = results.find((r) => r.label === 'search')!;
          const baseline = results.find((r) => r.label === 'bare')!;
          if (size === Math.max(...SIZES)) {
            atMost('search', `board search p99 at ${thousands(size)} jobs, ${CONCURRENCY} clients`, search.p99, 25, 'ms', `bare route p99 ${fixed(baseline.p99, 2)} ms; load ${load()}`);
            atLeast('search', `board search ÷ bare route at ${thousands(size)} jobs, ${CONCURRENCY} clients`, search.throughput / baseline.throughput, 0.5, '×', `bare route ${thousands(baseline.throughput)} req/s`);
            scale = await measureIndexAtScale(runtime.readStore);
          }
          rows.push(
            `| ${thousands(size)} | board search | ${search.requests} | ${fixed(search.throughput)} | ${fixed(search.p50, 2)} | ${fixed(search.p99, 2)} | ${search.errors} |`,
            `| ${thousands(size)} | bare fastify route | ${baseline.requests} | ${fixed(baseline.throughput)} | ${fixed(baseline.p50, 2)} | ${fixed(baseline.p99, 2)} | ${baseline.errors} |`,
            `| ${thousands(size)} | search ÷ bare throughput | | ${fixed(search.throughput / baseline.throughput, 2)} | | | |`,
          );
        }
      } finally {
        await app.close();
        await bare.close();
      }
      line(`### Board search: ${CONCURRENCY} clients, ${SEARCH_SECONDS} s per route in 4 alternating rounds`);
      line();
      line('| jobs | route | requests | req/s | p50 ms | p99 ms | errors |');
      line('|---:|---|---:|---:|---:|---:|---:|');
      rows.forEach((row) => line(row));
      line();
      if (scale) reportIndexAtScale(scale).forEach((text) => line(text));
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// "Did you mean" (ADR 090): a search that finds nothing, and its correction, at the largest board size

async function didYouMeanSection() {
  const size = Math.max(...SIZES);
  const f = await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      await fillJobBoard(runtime.readStore, 0, size, { bulk: true });
      return measureDidYouMean(runtime.readStore);
    }),
  );
  line(`### Did you mean: ${thousands(f.jobs)} jobs, ${thousands(f.vocabulary)} vocabulary words, in-memory index (no HTTP)`);
  line();
  line('| searches | p50 ms | p99 ms |');
  line('|---|---:|---:|');
  line(`| misspelt, finding nothing, with a suggestion (${f.suggested} of 5 the expected one) | ${fixed(f.typoP50, 2)} | ${fixed(f.typoP99, 2)} |`);
  line(`| the same spelled right | ${fixed(f.rightP50, 2)} | ${fixed(f.rightP99, 2)} |`);
  line(`| the closest of 200,000 random words (vocabulary scan alone) | | ${fixed(f.largeVocabularyP99, 2)} |`);
  line();
  atMost('did-you-mean', `misspelt search with its suggestion, p99 at ${thousands(f.jobs)} jobs`, f.typoP99, 25, 'ms', `spelled right: p99 ${fixed(f.rightP99, 2)} ms`);
  atMost('did-you-mean', 'closest of 200,000 vocabulary words, p99', f.largeVocabularyP99, 25, 'ms');
}

// ---------------------------------------------------------------------------------------------
// A profile page's read (GET /api/profiles/{id}) against a bare fastify route with the same JSON

const PROFILES = 50;

async function profilesSection() {
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      // The whole app (commands, read models, queries): the profiles are written the way people write them.
      const app = await buildApp({ ...runtime, rateLimiter: createUnlimitedRateLimiter() }, { spaDir: false, logger: false, readYourWritesTimeoutMs: 30_000 });
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const ids: string[] = [];
      let position = '';
      let bare: { url: string; close: () => Promise<void> } | null = null;
      try {
        for (let i = 0; i < PROFILES; i++) {
          const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: `Bench Candidate ${i}`, email: `candidate${i}@bench.example`, password: 'bench-password-1' } });
          const job = syntheticJob(i);
          const created = await app.inject({
            method: 'POST',
            url: '/api/profile',
            headers: { authorization: `Bearer ${signup.json<{ token: string }>().token}` },
            payload: {
              jobTitle: job.title,
              skills: job.skills,
              experience: `${(i % 12) + 1} years`,
              location: job.location,
              bio: job.description,
              phone: '+1 555 0100',
              linkedinUrl: `https://linkedin.example/in/bench-${i}`,
              githubUrl: `https://github.example/bench-${i}`,
              education: 'BSc Computer Science - Bench University',
              salaryExpectation: '120k',
              isActivelyLooking: true,
              isPublic: true,
            },
          });
          if (created.statusCode !== 201) throw new Error(`profile ${i}: ${created.statusCode} ${created.body}`);
          ids.push(created.json<{ profile: { id: string } }>().profile.id);
          position = String(created.headers['x-position']);
        }
        // The read model holds every profile before anything is measured.
        const sample = await app.inject({ method: 'GET', url: `/api/profiles/${ids[0]}`, headers: { 'x-min-position': position } });
        if (sample.statusCode !== 200 || sample.headers['x-read-model-stale']) throw new Error(`profiles not readable: ${sample.statusCode}`);
        const body = sample.json<unknown>();
        const baseline = Fastify();
        baseline.get('/bare', async (_request, reply) => {
          reply.header('cache-control', 'private, no-store');
          return body;
        });
        bare = { url: await baseline.listen({ port: 0, host: '127.0.0.1' }), close: () => baseline.close() };
        const urls = ids.map((id) => `${appUrl}/api/profiles/${id}`);
        await generateLoad([{ seconds: 2, streams: [{ label: 'warm-up', urls, concurrency: CONCURRENCY }] }]);
        const rounds = 4;
        const plan: LoadRound[] = [];
        for (let round = 0; round < rounds; round++) {
          plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'bare', urls: [`${bare.url}/bare`], concurrency: CONCURRENCY }] });
          plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'profile', urls, concurrency: CONCURRENCY }] });
        }
        const results = await generateLoad(plan);
        const profile = results.find((r) => r.label === 'profile')!;
        const reference = results.find((r) => r.label === 'bare')!;
        line(`### Profile page read: GET /api/profiles/{id} (public view, ${PROFILES} profiles, ${sample.body.length} B), ${CONCURRENCY} clients, ${SEARCH_SECONDS} s per route in 4 alternating rounds`);
        line();
        line('| route | requests | req/s | p50 ms | p99 ms | errors |');
        line('|---|---:|---:|---:|---:|---:|');
        line(`| GET /api/profiles/{id} | ${profile.requests} | ${fixed(profile.throughput)} | ${fixed(profile.p50, 2)} | ${fixed(profile.p99, 2)} | ${profile.errors} |`);
        line(`| bare fastify route, same JSON | ${reference.requests} | ${fixed(reference.throughput)} | ${fixed(reference.p50, 2)} | ${fixed(reference.p99, 2)} | ${reference.errors} |`);
        line(`| profile ÷ bare throughput | | ${fixed(profile.throughput / reference.throughput, 2)} | | | |`);
        line();
      } finally {
        await app.close();
        await bare?.close();
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The board search with match scores (a signed-in candidate with a profile) against the same
// searches without them (a visitor), and the bare route (ADR 027: target within 20 %)

async function matchesSection() {
  const size = SIZES[0] ?? 10_000;
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      await ensureJobBoard(runtime.readStore);
      await fillJobBoard(runtime.readStore, 0, size);
      const app = await buildApp({ ...runtime, rateLimiter: createUnlimitedRateLimiter() }, { spaDir: false, logger: false, readYourWritesTimeoutMs: 30_000 });
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const bare = await bareRoute();
      try {
        const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Bench Matcher', email: 'matcher@bench.example', password: 'bench-password-1' } });
        const token = signup.json<{ token: string }>().token;
        const job = syntheticJob(1);
        const created = await app.inject({
          method: 'POST',
          url: '/api/profile',
          headers: { authorization: `Bearer ${token}` },
          payload: { jobTitle: job.title, skills: job.skills, experience: '6 years', location: job.location, isActivelyLooking: true, isPublic: true },
        });
        if (created.statusCode !== 201) throw new Error(`profile: ${created.statusCode} ${created.body}`);
        const urls = SEARCHES.map((query) => `${appUrl}/api/jobs?${query}`);
        // Wait until the profile is readable and the board is answered from the index, scored.
        for (let tries = 0; ; tries++) {
          const sample = await app.inject({ method: 'GET', url: '/api/jobs', headers: { authorization: `Bearer ${token}`, 'x-min-position': String(created.headers['x-position']) } });
          if (sample.statusCode === 200 && sample.json<Array<{ matchScore: number | null }>>()[0]?.matchScore != null) break;
          if (tries > 100) throw new Error(`no match scores: ${sample.statusCode} ${sample.body.slice(0, 200)}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const candidate = [{ authorization: `Bearer ${token}` }];
        await generateLoad([
          { seconds: 2, streams: [{ label: 'warm-up', urls, concurrency: CONCURRENCY }] },
          { seconds: 2, streams: [{ label: 'warm-up scored', urls, concurrency: CONCURRENCY, headers: candidate }] },
        ]);
        const rounds = 4;
        const plan: LoadRound[] = [];
        for (let round = 0; round < rounds; round++) {
          plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'bare', urls: [`${bare.url}/bare`], concurrency: CONCURRENCY }] });
          plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'visitor', urls, concurrency: CONCURRENCY }] });
          plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'scored', urls, concurrency: CONCURRENCY, headers: candidate }] });
        }
        const results = await generateLoad(plan);
        const [scored, visitor, baseline] = ['scored', 'visitor', 'bare'].map((label) => results.find((r) => r.label === label)!);
        line(`### Board search with match scores: ${thousands(size)} jobs, ${CONCURRENCY} clients, ${SEARCH_SECONDS} s per route in 4 alternating rounds`);
        line();
        line('| route | requests | req/s | p50 ms | p99 ms | errors |');
        line('|---|---:|---:|---:|---:|---:|');
        line(`| board search, signed-in candidate (scored) | ${scored!.requests} | ${fixed(scored!.throughput)} | ${fixed(scored!.p50, 2)} | ${fixed(scored!.p99, 2)} | ${scored!.errors} |`);
        line(`| board search, visitor (no scores) | ${visitor!.requests} | ${fixed(visitor!.throughput)} | ${fixed(visitor!.p50, 2)} | ${fixed(visitor!.p99, 2)} | ${visitor!.errors} |`);
        line(`| bare fastify route | ${baseline!.requests} | ${fixed(baseline!.throughput)} | ${fixed(baseline!.p50, 2)} | ${fixed(baseline!.p99, 2)} | ${baseline!.errors} |`);
        line(`| scored ÷ visitor throughput | | ${fixed(scored!.throughput / visitor!.throughput, 2)} | | | |`);
        line(`| scored ÷ bare throughput | | ${fixed(scored!.throughput / baseline!.throughput, 2)} | | | |`);
        line();
      } finally {
        await app.close();
        await bare.close();
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Browse Candidates (GET /api/candidates: text + location + status filters, page 3) against a
// bare fastify route with the same JSON

/** Browse Candidates' searches: a text on title or skills, a location and a looking status, page 3 of 12. */
const CANDIDATE_SEARCHES = [
  'search=engineer&location=berlin&lookingStatus=active&count=12&page=3',
  'search=react&location=new%20york&lookingStatus=passive&count=12&page=3',
  'search=python&location=remote&lookingStatus=active&count=12&page=3',
  'search=data&location=london&count=12&page=3',
];

/**
 * Profiles `from`..`to`-1 (public) through the candidate-cards projection's own apply and the
 * runner's write buffer (the runner's path without the event log), moving the checkpoint with
 * them, so the query side (its card index) sees them. Returns the seconds it took and the
 * checkpoint reached.
 */
async function fillCards(readStore: Runtime['readStore'], from: number, to: number) {
  const started = performance.now();
  let position = '';
  for (let start = from; start < to; start += 1000) {
    await readStore.transaction(async (tx) => {
      const buffered = bufferedTransaction(tx);
      const scoped = scopedTransaction(candidateCardsProjection, buffered.tx);
      for (let i = start; i < Math.min(to, start + 1000); i++) {
        const job = syntheticJob(i);
        const id = `bench-card-${i}`;
        const data: CandidateProfileCreated = {
          firstName: 'Bench',
          lastName: `Candidate ${i}`,
          title: job.title,
          skills: job.skills,
          experience: `${(i % 12) + 1} years`,
          location: job.location,
          summary: '',
          phone: '',
          email: '',
          linkedinUrl: '',
          githubUrl: '',
          portfolioUrl: '',
          education: '',
          salaryExpectation: '',
          profilePicture: null,
          coverPhoto: null,
          availability: i % 3 === 0 ? 'open' : 'immediate',
          workPreference: 'remote',
          isPublic: true,
          profileId: id,
          userId: `bench-user-${i}`,
          source: 'seed',
          createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        };
        position = encodePosition(0, i + 1);
        const event = {
          type: 'CandidateProfileCreated',
          data,
          metadata: { eventId: '', occurredAt: data.createdAt, actor: 'system', correlationId: '', causationId: null, schemaVersion: 1 },
          streamId: `candidate-${id}`,
          streamVersion: 0,
          position,
          recordedAt: '',
        } as RecordedEvent;
        await candidateCardsProjection.apply(event, scoped);
      }
      await buffered.flush();
      await tx.setCheckpoint(checkpointName(candidateCardsProjection), position);
    });
  }
  return { seconds: (performance.now() - started) / 1000, position };
}

async function candidatesSection() {
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      for (const [collection, spec] of Object.entries(candidateCardsProjection.collections)) {
        await runtime.readStore.ensureCollection(physicalCollection(candidateCardsProjection, collection), spec.indexes ?? []);
      }
      const app = await buildApp({ ...runtime, rateLimiter: createUnlimitedRateLimiter() }, { commands: false, projections: false, spaDir: false, logger: false });
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const rows: string[] = [];
      try {
        let loaded = 0;
        for (const size of CANDIDATE_SIZES) {
          const { seconds, position } = await fillCards(runtime.readStore, loaded, size);
          rows.push(`| ${thousands(size)} | writing ${thousands(size - loaded)} cards | ${fixed(seconds, 1)} s | | | | |`);
          loaded = size;
          log(`candidates: loaded ${thousands(size)} cards (+${fixed(seconds, 1)} s)`);
          const urls = CANDIDATE_SEARCHES.map((query) => `${appUrl}/api/candidates?${query}`);
          // Waits for the read model to be known at the fill's checkpoint, and the card index to hold it.
          const sample = await fetch(urls[0]!, { headers: { [MIN_POSITION_HEADER]: position } });
          if (sample.status !== 200) throw new Error(`candidates: ${sample.status} ${await sample.text()}`);
          const body: unknown = await sample.json();
          const total = sample.headers.get('x-total-count') ?? '0';
          const baseline = Fastify();
          baseline.get('/bare', async (_request, reply) => {
            reply.header('x-total-count', total);
            return body;
          });
          const bareUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
          try {
            await generateLoad([{ seconds: 2, streams: [{ label: 'warm-up', urls, concurrency: CONCURRENCY }] }]);
            const rounds = 4;
            const plan: LoadRound[] = [];
            for (let round = 0; round < rounds; round++) {
              plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'bare', urls: [`${bareUrl}/bare`], concurrency: CONCURRENCY }] });
              plan.push({ seconds: SEARCH_SECONDS / rounds, streams: [{ label: 'browse', urls, concurrency: CONCURRENCY }] });
            }
            const results = await generateLoad(plan);
            const browse = results.find((r) => r.label === 'browse')!;
            const reference = results.find((r) => r.label === 'bare')!;
            rows.push(
              `| ${thousands(size)} | GET /api/candidates (text + location + status, page 3) | ${browse.requests} | ${fixed(browse.throughput)} | ${fixed(browse.p50, 2)} | ${fixed(browse.p99, 2)} | ${browse.errors} |`,
              `| ${thousands(size)} | bare fastify route, same JSON | ${reference.requests} | ${fixed(reference.throughput)} | ${fixed(reference.p50, 2)} | ${fixed(reference.p99, 2)} | ${reference.errors} |`,
              `| ${thousands(size)} | browse ÷ bare throughput | | ${fixed(browse.throughput / reference.throughput, 2)} | | | |`,
            );
          } finally {
            await baseline.close();
          }
        }
      } finally {
        await app.close();
      }
      line(`### Browse Candidates: ${CONCURRENCY} clients, ${SEARCH_SECONDS} s per route in 4 alternating rounds`);
      line();
      line('| cards | route | requests | req/s | p50 ms | p99 ms | errors |');
      line('|---:|---|---:|---:|---:|---:|---:|');
      rows.forEach((row) => line(row));
      line();
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The admin Candidates table (GET /api/admin/candidates: a search, page 40 at 100 a page) at
// 50,000 candidates, against a bare fastify route with the same JSON (ADR 038)

const ADMIN_FIRST = ['Ada', 'Bea', 'Casey', 'Dmitri', 'Émile', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kwame', 'Lena', 'Mateo', 'Nia', 'Oskar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq'];
const ADMIN_LAST = ['Anderson', 'Brown', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Hughes', 'Ito', 'Jensen', 'Kowalski', 'Lovelace', 'Martin', 'Nguyen', 'Okafor', 'Patel', 'Quist', 'Rossi', 'Smith', 'Tanaka'];
/** Searches matching thousands (page 40 of 100 exists), in the name order and newest first. */
const ADMIN_SEARCHES = ['search=an&sort=name', 'search=example&sort=newest', 'search=SON&sort=name', 'search=mail-1&sort=newest'].map((query) => `${query}&page=40&pageSize=100`);

/** 50,000 rows as the admin-people projection writes them, straight into the read model, with the checkpoint. */
async function fillAdminCandidates(readStore: Runtime['readStore'], size: number) {
  const started = performance.now();
  let position = '';
  const collection = physicalCollection(adminPeopleProjection, 'admin-candidates');
  for (let start = 0; start < size; start += 5000) {
    await readStore.transaction(async (tx) => {
      const docs = [];
      for (let i = start; i < Math.min(size, start + 5000); i++) {
        const firstName = ADMIN_FIRST[i % ADMIN_FIRST.length]!;
        const lastName = ADMIN_LAST[Math.floor(i / ADMIN_FIRST.length) % ADMIN_LAST.length]!;
        position = encodePosition(0, i + 1);
        docs.push(
          candidateRow(
            `bench-person-${i}`,
            {
              id: `bench-profile-${i}`,
              userId: i % 10 === 0 ? null : `bench-user-${i}`,
              firstName,
              lastName,
              email: `${firstName.toLowerCase()}.${i}@mail-${i % 20}.example`,
              phone: '+1 555 0100',
              title: syntheticJob(i).title,
              location: syntheticJob(i).location,
              experience: '2-5',
              skills: syntheticJob(i).skills,
              visaStatus: '',
              isPrivate: i % 2 === 0,
              verified: i % 3 === 0,
              summary: '',
              createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
            },
            position,
            i % 10 !== 0,
          ),
        );
      }
      await tx.collection(collection).putMany(docs);
      await tx.setCheckpoint(checkpointName(adminPeopleProjection), position);
    });
  }
  return { seconds: (performance.now() - started) / 1000, position };
}

async function adminCandidatesSection() {
  const size = Number(process.env.BENCH_ADMIN_CANDIDATES ?? 50_000);
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      for (const projection of [adminPeopleProjection, usersProjection]) {
        for (const [collection, spec] of Object.entries(projection.collections)) {
          await runtime.readStore.ensureCollection(physicalCollection(projection, collection), spec.indexes ?? [], { documentIndex: spec.documentIndex });
        }
      }
      // One admin, signed in: the route reads the role from `users` and the session by its token's hash.
      const adminId = 'bench-admin';
      await runtime.readStore.transaction(async (tx) => {
        const registered = {
          userId: adminId,
          type: 'candidate' as const,
          role: 'admin' as const,
          name: 'Bench Admin',
          email: 'admin@bench.example',
          phone: '',
          location: '',
          currentRole: null,
          skills: [],
          companyId: null,
          registeredAt: new Date().toISOString(),
        };
        await tx.collection(physicalCollection(usersProjection, 'users')).put({ _id: adminId, ...userFromRegistration(registered, null) });
      });
      const token = 'bench-admin-session-token-0123456789abcdef';
      await runtime.secrets.createSession({ tokenHash: hashToken(token), userId: adminId, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
      const { seconds, position } = await fillAdminCandidates(runtime.readStore, size);
      log(`admin-candidates: wrote ${thousands(size)} rows (${fixed(seconds, 1)} s)`);

      // A new search's scan, without HTTP and without the kept matches (the load below repeats 4 searches, so mostly measures kept ones).
      const data = new AdminCandidateTableData();
      for (const doc of await adminCandidatesCollection(runtime.readStore).find({})) data.upsert(doc);
      data.warm();
      const scans: number[] = [];
      const afterChange: number[] = [];
      const changed = await adminCandidatesCollection(runtime.readStore).find({}, { limit: 200 });
      for (let n = 0; n < 200; n++) {
        const query = { search: `${ADMIN_FIRST[n % ADMIN_FIRST.length]!.slice(0, 2)}`.toLowerCase(), sort: 'name' as const, page: 40, pageSize: 100 };
        data.forgetMatches();
        let started = performance.now();
        data.list(query);
        scans.push(performance.now() - started);
        // A row changed (renamed): moved in the three orders, then the same search again.
        started = performance.now();
        data.upsert(candidateRow(changed[n]!._id, { ...changed[n]!, firstName: `Renamed ${n}` }, encodePosition(1, n), true));
        data.list(query);
        afterChange.push(performance.now() - started);
      }

      const app = await buildApp({ ...runtime, rateLimiter: createUnlimitedRateLimiter() }, { commands: false, projections: false, spaDir: false, logger: false });
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const rows: string[] = [];
      try {
        const urls = ADMIN_SEARCHES.map((query) => `${appUrl}/api/admin/candidates?${query}`);
        const headers = { authorization: `Bearer ${token}` };
        // Waits for the table to hold the fill's checkpoint.
        const sample = await fetch(urls[0]!, { headers: { ...headers, [MIN_POSITION_HEADER]: position } });
        if (sample.status !== 200) throw new Error(`admin-candidates: ${sample.status} ${await sample.text()}`);
        const body = (await sample.json()) as { page: number; total: number };
        log(`admin-candidates: sample page ${body.page} of ${thousands(body.total)} matches`);
        const baseline = Fastify();
        baseline.get('/bare', async () => body);
        const bareUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
        try {
          await generateLoad([{ seconds: 2, streams: [{ label: 'warm-up', urls, concurrency: CONCURRENCY, headers: [headers] }] }]);
          const plan: LoadRound[] = [];
          for (let round = 0; round < 4; round++) {
            plan.push({ seconds: SEARCH_SECONDS / 4, streams: [{ label: 'bare', urls: [`${bareUrl}/bare`], concurrency: CONCURRENCY }] });
            plan.push({ seconds: SEARCH_SECONDS / 4, streams: [{ label: 'admin', urls, concurrency: CONCURRENCY, headers: [headers] }] });
          }
          const results = await generateLoad(plan);
          const admin = results.find((r) => r.label === 'admin')!;
          const reference = results.find((r) => r.label === 'bare')!;
          rows.push(
            `| ${thousands(size)} | GET /api/admin/candidates (search, page 40 of 100 a page) | ${admin.requests} | ${fixed(admin.throughput)} | ${fixed(admin.p50, 2)} | ${fixed(admin.p99, 2)} | ${admin.errors} |`,
            `| ${thousands(size)} | bare fastify route, same JSON | ${reference.requests} | ${fixed(reference.throughput)} | ${fixed(reference.p50, 2)} | ${fixed(reference.p99, 2)} | ${reference.errors} |`,
            `| ${thousands(size)} | admin ÷ bare throughput | | ${fixed(admin.throughput / reference.throughput, 2)} | | | |`,
          );
        } finally {
          await baseline.close();
        }
      } finally {
        await app.close();
      }
      line(`### Admin candidates table: ${CONCURRENCY} clients, ${SEARCH_SECONDS} s per route in 4 alternating rounds`);
      line();
      line('| candidates | route | requests | req/s | p50 ms | p99 ms | errors |');
      line('|---:|---|---:|---:|---:|---:|---:|');
      rows.forEach((row) => line(row));
      line();
      line(
        `In memory without HTTP, ${thousands(size)} rows, 200 runs: a new search (matches not kept) p50 ${fixed(percentile(scans, 0.5), 2)} ms, p99 ${fixed(percentile(scans, 0.99), 2)} ms; ` +
          `a row changed then the search again p50 ${fixed(percentile(afterChange, 0.5), 2)} ms, p99 ${fixed(percentile(afterChange, 0.99), 2)} ms.`,
      );
      line();
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Memory over a million searches (the index and the analytics counter, without HTTP)

const rssMb = () => process.memoryUsage().rss / 1_048_576;
const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
};

async function memorySection() {
  await withDatabase((db) =>
    withRuntime(db, async (runtime) => {
      await fillJobBoard(runtime.readStore, 0, 1000);
      const app = await buildApp(runtime, { commands: false, projections: false, spaDir: false });
      await app.ready();
      const progress = new ProjectionProgress(runtime.readStore, allProjections, runtime.bus);
      await progress.start();
      const index = new JobSearchIndex(runtime.readStore, { progress });
      await index.start();
      const hooks = app.boardActivity!.hooks;
      try {
        await index.search(JOB_SEARCHES[0]!);
        await settle();
        const samples: Array<[number, number]> = [[0, rssMb()]];
        const started = performance.now();
        for (let n = 1; n <= SEARCH_CALLS; n++) {
          const query = SEARCH_QUERIES[n % SEARCH_QUERIES.length]!;
          const { total } = await index.search(JOB_SEARCHES[n % JOB_SEARCHES.length]!);
          hooks.onSearch(query, total);
          if (n % (SEARCH_CALLS / 4) === 0) {
            await settle();
            samples.push([n, rssMb()]);
          }
        }
        const seconds = (performance.now() - started) / 1000;
        line(`### Memory over ${thousands(SEARCH_CALLS)} searches (index + analytics counter, 1,000 jobs, in-process, ${fixed(seconds, 0)} s)`);
        line();
        line(`| searches | ${samples.map(([n]) => thousands(n)).join(' | ')} |`);
        line(`|---|${samples.map(() => '---:').join('|')}|`);
        line(`| RSS after GC, MB | ${samples.map(([, mb]) => fixed(mb, 0)).join(' | ')} |`);
        line();
        line(`Work items held by the bus afterwards: ${JSON.stringify((runtime.bus as { stats?: () => unknown }).stats?.() ?? 'n/a')}.`);
        line();
      } finally {
        await index.stop();
        await progress.stop();
        await app.close();
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// What the browser loads for /jobs

async function assetsSection() {
  // The first load's JavaScript and LCP with 4× CPU throttling, into the targets' table (ADR 086).
  for (const text of await assetsReport()) line(text);
}

// ---------------------------------------------------------------------------------------------
// Resume extraction (local adapter) on the real resumes

async function resumesSection() {
  const figures = await measureResumeExtraction(Number(process.env.BENCH_RESUME_ROUNDS ?? 5));
  line('### Resume extraction, local adapter (shared/data/resumes)');
  line();
  line(`${figures.files} files × ${figures.rounds} rounds. Direct: text and fields on the calling thread. Worker: through the upload routes' worker pool (one warm thread), copy and answer included.`);
  line();
  line('| Path | p50 ms | p95 ms |');
  line('|---|---:|---:|');
  line(`| direct | ${fixed(figures.direct.p50, 1)} | ${fixed(figures.direct.p95, 1)} |`);
  line(`| worker | ${fixed(figures.worker.p50, 1)} | ${fixed(figures.worker.p95, 1)} |`);
  line();
  line(`A worker's first read, start-up included (thread, TypeScript loader, pdf.js): ${fixed(figures.workerStartMs)} ms.`);
  line();
  line('| File | KB | direct p50 ms | worker p50 ms |');
  line('|---|---:|---:|---:|');
  for (const row of figures.perFile) line(`| ${row.file} | ${fixed(row.kb)} | ${fixed(row.directP50, 1)} | ${fixed(row.workerP50, 1)} |`);
  line();
}

// ---------------------------------------------------------------------------------------------
// Resume extraction with OCR (ADR 048): text files against images, through the worker pool

async function ocrSection() {
  const figures = await measureResumeOcr(Number(process.env.BENCH_OCR_ROUNDS ?? 3));
  line('### Resume extraction with OCR, local adapter (shared/data/resumes and its devset)');
  line();
  line(
    `${figures.textFiles} text files (PDF, DOCX) and ${figures.imageFiles} images × ${figures.rounds} rounds, each read through the upload routes' worker pool (one warm thread), text and fields. Targets: p95 ≤ 2,000 ms for text files, ≤ 15,000 ms for images.`,
  );
  line();
  line('| Files | p50 ms | p95 ms | max ms |');
  line('|---|---:|---:|---:|');
  line(`| text files | ${fixed(figures.text.p50)} | ${fixed(figures.text.p95)} | ${fixed(figures.text.max)} |`);
  line(`| images (OCR) | ${fixed(figures.images.p50)} | ${fixed(figures.images.p95)} | ${fixed(figures.images.max)} |`);
  line(`| images, CPU time (all threads) | ${fixed(figures.imagesCpu.p50)} | ${fixed(figures.imagesCpu.p95)} | ${fixed(figures.imagesCpu.max)} |`);
  line();
  line(`First OCR in a thread (tesseract engine start-up and a small page): ${fixed(figures.firstOcrMs)} ms. A generated one-page scanned PDF: ${fixed(figures.scannedPdfMs)} ms.`);
  line(`A 30,000 × 30,000 pixel PNG refused in ${fixed(figures.bombRefusedMs)} ms; RSS change meanwhile ${fixed(figures.bombRssDeltaMb, 1)} MB.`);
  line();
  line('| Image | width px | p50 ms | name | e-mail | phone |');
  line('|---|---:|---:|:-:|:-:|:-:|');
  const mark = (found: boolean) => (found ? 'yes' : 'no');
  for (const row of figures.perImage) line(`| ${row.file} | ${row.width} | ${fixed(row.p50)} | ${mark(row.found.name)} | ${mark(row.found.email)} | ${mark(row.found.phone)} |`);
  line();
}

// ---------------------------------------------------------------------------------------------
// Hostile uploads: what zip and PDF bombs cost the app's memory, and another user's wait (ADR 045)

async function hostileUploadsSection() {
  const f = await withDatabase((db) => measureHostileUploads(db));
  const mb = (value: number) => fixed(value);
  line('### Hostile uploads (one warm resume worker, 15 s per file, 256 MB heap)');
  line();
  line('The lying zip bomb: a 1 MB .docx whose word/document.xml claims 1,000 bytes and inflates to 1 GiB. RSS of the whole process (the workers are threads in it).');
  line();
  line('| Run | RSS before MB | peak MB | right after MB | after GC and 2 s MB |');
  line('|---|---:|---:|---:|---:|');
  line(`| 7 bombs one after the other, one account | ${mb(f.rssStartMb)} | ${mb(f.sequential.peakMb)} | ${mb(f.sequential.afterMb)} | ${mb(f.sequential.settledMb)} |`);
  line(`| 7 bombs at once, 7 accounts (answers ${f.concurrent.statuses.join(', ')}) | ${mb(f.sequential.settledMb)} | ${mb(f.concurrent.peakMb)} | ${mb(f.concurrent.afterMb)} | ${mb(f.concurrent.settledMb)} |`);
  line();
  line(`Each bomb answered in ${f.sequential.bombMs.map((ms) => fixed(ms)).join(', ')} ms. A deflate bomb in a PDF content stream (1 GiB of zeros): ${fixed(f.pdfBombMs)} ms.`);
  line();
  line('Recycling: one Word file of 16,000 paragraphs (96,000 XML tags, within every cap), read by a warm worker; RSS after a GC and the replacement worker\'s start.');
  line();
  line('| Worker recycled after a read above | read ms | RSS before MB | after MB | worker replaced |');
  line('|---|---:|---:|---:|---|');
  for (const row of f.recycling) line(`| ${row.recycleAboveMb === null ? 'never' : `${row.recycleAboveMb} MB`} | ${fixed(row.readMs)} | ${mb(row.beforeMb)} | ${mb(row.settledMb)} | ${row.replaced ? 'yes' : 'no'} |`);
  line();
  line('One slow file inside every cap (a .docx of 16,000 paragraphs) read first, then another user\'s small resume 50 ms later, straight on the reader:');
  line();
  line('| Worker threads | slow file ms | the other resume waited ms |');
  line('|---:|---:|---:|');
  for (const row of f.slowFirst) line(`| ${row.threads} | ${fixed(row.slowMs)} | ${fixed(row.victimMs)} |`);
  line();
  line(
    `${f.flood.bombs} bombs at once from one account (answers: ${Object.entries(f.flood.statuses).map(([status, count]) => `${count} × ${status}`).join(', ')}) while another account uploads a valid .docx: it answered ${f.flood.victimStatus} in ${fixed(f.flood.victimMs)} ms (alone: ${fixed(f.flood.victimAloneMs)} ms).`,
  );
  line();
}

// ---------------------------------------------------------------------------------------------

async function main() {
  line(`## Hireloop benchmark — ${new Date().toISOString()}`);
  line();
  line(`Load average at start (1/5/15 min): ${load()}; Node ${process.version}.`);
  line();
  const sections: Array<[string, () => Promise<void>]> = [
    ['commits', commitsSection],
    ['log', logSection],
    ['rebuild', () => rebuildSection({ events: LOG_EVENTS, line, log }).then(() => undefined)],
    ['lag', lagSection],
    ['search', searchSection],
    ['app-as-shipped', () => appAsShippedSection(line)],
    ['did-you-mean', didYouMeanSection],
    ['profiles', profilesSection],
    ['matches', matchesSection],
    ['candidates', candidatesSection],
    ['admin-candidates', adminCandidatesSection],
    ['memory', memorySection],
    ['assets', assetsSection],
    ['resumes', resumesSection],
    ['ocr', ocrSection],
    ['hostile-uploads', hostileUploadsSection],
    ['import', () => import('./import').then(({ importSection }) => importSection(line))],
  ];
  for (const [name, run] of sections) {
    if (!SECTIONS.has(name)) continue;
    log(`== ${name}`);
    await run();
  }
  line(`Load average at the end: ${load()}.`);
  // The targets' table goes right under the header: the figures each section recorded (issue 26).
  report.splice(4, 0, ...scoreboardLines());
  process.stdout.write(`${report.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`${report.join('\n')}\n`);
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
