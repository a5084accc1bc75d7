/**
 * A probe for group commit (ADR 098), outside `npm run bench`: the reference (single-row commits of
 * the event's row) and group-commit settings, run interleaved for several rounds, each line with
 * its rate, the CPU per operation (node + PostgreSQL, from /proc) and the appends per transaction
 * the server saw. On a loaded machine the CPU figures hold better than the rates.
 *
 *   npx tsx tests/bench/group-commit-probe.ts
 *
 * PROBE_VARIANTS: a JSON list of `{ "label", "groupCommit", "env" }` (env: variables set while the
 * variant runs, for experiments; module: another build of the store, e.g. the code before a change),
 * or of plain group-commit settings; default `[true]`.
 * PROBE_ROUNDS (default 3), PROBE_SECONDS (per line, default 3), PROBE_CLIENTS (default 16),
 * PROBE_REFERENCE=0 (no reference lines), PROBE_THREADS=1 (node's CPU by thread), PROBE_SYNC (synchronous_commit for every line, the
 * reference's too: `off` shows what the flush costs each), PROBE_NICE (below).
 *
 * Each line also gives the operations per WAL flush (`per flush`, ADR 124), the time each flush
 * took and the share of the run spent flushing (with `track_wal_io_timing` on), and the WAL written
 * per operation, from the server's `pg_stat_wal`: the whole server's, so meaningful on a server of
 * the probe's own only.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPostgresEventStore, type EventMetadata, type GroupCommitOptions } from '@hireloop/platform/event-store';
import { migrate } from '@hireloop/platform/migrations/migrate';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { createTestDatabase } from '../support/postgres';
import { backendCpu, backendCpuSince } from './backend-cpu';

interface Variant {
  label?: string;
  groupCommit?: boolean | GroupCommitOptions;
  env?: Record<string, string>;
  /** Another build of the store to compare against (e.g. the code before a change, copied beside it): a module exporting `createPostgresEventStore`. */
  module?: string;
}

const VARIANTS = (JSON.parse(process.env.PROBE_VARIANTS ?? '[true]') as Array<Variant | boolean | GroupCommitOptions>).map(
  (variant): Variant => (typeof variant === 'object' && ('groupCommit' in variant || 'env' in variant || 'label' in variant) ? (variant as Variant) : { groupCommit: variant as boolean | GroupCommitOptions }),
);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);
const SECONDS = Number(process.env.PROBE_SECONDS ?? 3);
const CLIENTS = Number(process.env.PROBE_CLIENTS ?? 16);
const REFERENCE = process.env.PROBE_REFERENCE !== '0';
const POOL_SIZE = 20;

const metadata = (i: number): EventMetadata => ({
  eventId: crypto.randomUUID(),
  occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  actor: 'system',
  correlationId: 'bench',
  causationId: null,
  schemaVersion: 1,
});

/** CPU ticks (10 ms) of each of this process's threads, by name (the main thread as `main`). */
const threadTicks = () => {
  const ticks = new Map<string, number>();
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const name = task === String(process.pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(name, (ticks.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ticks;
};

/**
 * PROBE_NICE (e.g. -20, as root): this process and the database's server processes run at that
 * priority, the reference's and the store's alike, so that other work on a shared machine takes
 * less of their time: closer to a quiet machine, without one. With the kernel's autogroups on
 * (`kernel.sched_autogroup_enabled`), a nice value only orders the threads of one session, and each
 * session gets an equal share of the cores (ADR 124): so this process's autogroup gets the value too.
 * The server's processes are in the server's session; raise that one with
 * `echo -20 > /proc/<postmaster pid>/autogroup` on a server of the probe's own (TEST_DATABASE_URL),
 * never on a shared one.
 */
const NICE = process.env.PROBE_NICE === undefined ? null : Number(process.env.PROBE_NICE);
let autogroupSet = false;
async function prioritise(pool: pg.Pool) {
  if (NICE === null) return;
  setPriority(0, NICE);
  if (!autogroupSet) {
    autogroupSet = true;
    try {
      writeFileSync('/proc/self/autogroup', String(NICE));
    } catch {
      // No autogroups (another kernel, or turned off): the nice value above is all there is.
    }
  }
  // Every connection the pool may use is open before its server process is found.
  const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
  for (const client of clients) client.release();
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  for (const { pid } of rows) setPriority(pid, NICE);
}

/**
 * The server's WAL flushes so far and the milliseconds spent in them (`pg_stat_wal`, PostgreSQL 14
 * and later; null before; the time is 0 unless `track_wal_io_timing` is on): counted for the whole
 * server, so they mean something only on a server that nothing else writes to (TEST_DATABASE_URL
 * pointing at one of the probe's own).
 */
const walSyncs = async (pool: pg.Pool): Promise<{ syncs: number; ms: number; bytes: number } | null> =>
  pool.query<{ wal_sync: string; wal_sync_time: number; wal_bytes: string }>('SELECT wal_sync::text AS wal_sync, wal_sync_time, wal_bytes::text AS wal_bytes FROM pg_stat_wal').then(
    ({ rows }) => ({ syncs: Number(rows[0]!.wal_sync), ms: rows[0]!.wal_sync_time, bytes: Number(rows[0]!.wal_bytes) }),
    () => null,
  );

async function timed(pool: pg.Pool, work: (client: number, n: number) => Promise<void>) {
  await prioritise(pool);
  const syncsBefore = await walSyncs(pool);
  const serverBefore = await backendCpu(pool);
  const nodeBefore = process.cpuUsage();
  const threadsBefore = threadTicks();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < deadline; n++) {
        await work(client, n);
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeBefore);
  if (process.env.PROBE_THREADS === '1') {
    const threads = [...threadTicks()].map(([name, ticks]) => `${name} ${Math.round(((ticks - (threadsBefore.get(name) ?? 0)) * 10_000) / done)}`);
    process.stdout.write(`  node user ${Math.round(node.user / done)} system ${Math.round(node.system / done)}; threads: ${threads.filter((entry) => !entry.endsWith(' 0')).join(', ')}\n`);
  }
  const server = backendCpuSince(serverBefore, await backendCpu(pool));
  const syncsAfter = await walSyncs(pool);
  const wal = syncsBefore && syncsAfter ? { flushes: syncsAfter.syncs - syncsBefore.syncs, ms: syncsAfter.ms - syncsBefore.ms, bytes: syncsAfter.bytes - syncsBefore.bytes } : null;
  return {
    rate: done / elapsed,
    node: (node.user + node.system) / done,
    server: server === null ? NaN : server / done,
    perFlush: wal ? done / wal.flushes : NaN,
    flushMs: wal ? wal.ms / wal.flushes : NaN,
    // The share of the wall time the server spent in WAL flushes.
    flushing: wal ? wal.ms / 1000 / elapsed : NaN,
    walBytes: wal ? wal.bytes / done : NaN,
  };
}

const db = await createTestDatabase('hl_probe', { migrated: false });
// PROBE_SYNC=off: every line (the reference's commits and the store's) without waiting for the WAL
// flush, to see what the flush costs each; never the store's setting (ADR 113).
const pool = new pg.Pool({
  connectionString: db.url,
  max: POOL_SIZE,
  idleTimeoutMillis: 0,
  ...(process.env.PROBE_SYNC ? { options: `-c synchronous_commit=${process.env.PROBE_SYNC}` } : {}),
});
try {
  await migrate(db.url, { schema: 'probe_appends' });
  await migrate(db.url, { schema: 'probe_rows' });
  const stores = await Promise.all(
    VARIANTS.map(async ({ groupCommit, module }) => {
      const create = module ? ((await import(module)) as { createPostgresEventStore: typeof createPostgresEventStore }).createPostgresEventStore : createPostgresEventStore;
      return create({ pool, schema: 'probe_appends', groupCommit: groupCommit ?? true });
    }),
  );
  const data = syntheticJob(1);
  const perTransaction = async (prefix: string, table: string) => {
    const { rows } = await pool.query<{ rows: string; transactions: string }>(
      `SELECT count(*) AS rows, count(DISTINCT transaction_id) AS transactions FROM ${table} WHERE stream_id LIKE $1`,
      [`${prefix}%`],
    );
    return Number(rows[0]!.rows) / Number(rows[0]!.transactions);
  };
  const print = (label: string, figure: { rate: number; node: number; server: number; perFlush: number; flushMs: number; flushing: number; walBytes: number }, group: number) =>
    process.stdout.write(
      `${label.padEnd(40)} ${Math.round(figure.rate).toString().padStart(7)}/s  cpu ${Math.round(figure.node)} + ${Math.round(figure.server)} = ${Math.round(figure.node + figure.server)} µs  per tx ${group.toFixed(1)}  per flush ${figure.perFlush.toFixed(1)} (${figure.flushMs.toFixed(1)} ms each, ${Math.round(figure.flushing * 100)} % of the time)  WAL ${Math.round(figure.walBytes)} B each  load ${loadavg()[0]!.toFixed(1)}\n`,
    );
  const commitTheRow = (prefix: string) => async (client: number, n: number) => {
    await pool.query('INSERT INTO probe_rows.events (stream_id, stream_version, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)', [
      `${prefix}${client}-${n}`,
      crypto.randomUUID(),
      'BenchAppended',
      JSON.stringify(data),
      JSON.stringify(metadata(n)),
    ]);
  };
  for (let round = 0; round < ROUNDS; round++) {
    if (REFERENCE) {
      const reference = await timed(pool, commitTheRow(`ref-${round}-`));
      print(`${round} reference`, reference, await perTransaction(`ref-${round}-`, 'probe_rows.events'));
    }
    for (const [index, store] of stores.entries()) {
      const { label, groupCommit, env = {} } = VARIANTS[index]!;
      const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
      Object.assign(process.env, env);
      const prefix = `gc-${round}-${index}-`;
      const figure = await timed(pool, async (client, n) => {
        await store.append(`${prefix}${client}-${n}`, [{ type: 'BenchAppended', data, metadata: metadata(n) }], { expectedVersion: 'no_stream' });
      });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      print(`${round} ${label ?? JSON.stringify(groupCommit ?? true)}`, figure, await perTransaction(prefix, 'probe_appends.events'));
    }
  }
  for (const store of stores) await store.close();
} finally {
  await pool.end();
  await db.drop();
}
