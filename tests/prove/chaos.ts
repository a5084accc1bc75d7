/**
 * `npm run prove`, chaos (issue 27), in three scenes:
 *
 * 1. The services profile (command service, projections, two query replicas) on the machine's
 *    PostgreSQL and NATS: the projections process is killed with SIGKILL `kills` times while
 *    companies and candidates write (sign-ups, job posts, edits, applications, profile edits);
 *    then every read model is compared, document by document, with a rebuild from zero
 *    (`verifyReadModel`, ADR 087): 0 missing, 0 extra, 0 different (a document applied twice
 *    differs from its rebuild).
 * 2. The same profile on a PostgreSQL cluster and a NATS server of its own: PostgreSQL is stopped
 *    (immediate: a crash as clients see it) and started again, then NATS is killed and started
 *    again, all under writes and reads. Every write answers its success or 503 with Retry-After,
 *    none hangs (every client gives up after 15 s and that counts as a hang), no process dies,
 *    each is healthy again by itself, and every acknowledged write is read back on both replicas.
 * 3. The embedded default (`start`, one process) on a PostgreSQL of its own: the same outage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { maxPosition, START } from '@hireloop/platform/event-store';
import { allProjections } from '@hireloop/projections/registry';
import { verifyReadModel } from '@hireloop/projections/verify';
import { createRuntime } from '../../cli/src/runtime';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { createTestDatabase } from '../support/postgres';
import { startService, stopAllServices, type ServiceProcess } from '../support/service-processes';
import type { ProvePart, ProveRow } from './part';
import { call, candidate, companyOnPlan, fixed, rowsOf, type Answer, type Candidate, type Company } from './support';

/**
 * A process starts slowly on a busy machine (migrations, catching up): the prove waits for its
 * /healthz this long. The processes run the CLI compiled once (`bundled`): under tsx, loading the
 * code was 15–20 s of each projections restart at load 20 (ADR 096).
 */
const START_OPTIONS = { timeoutMs: 180_000, bundled: true };

/** `PROVE_KILLS` overrides the number of projections kills (50; 3 in the short version), to iterate on a smaller run. */
const killsWanted = (short: boolean) => {
  const wanted = Number(process.env.PROVE_KILLS);
  return process.env.PROVE_KILLS && Number.isInteger(wanted) && wanted > 0 ? wanted : short ? 3 : 50;
};
/** The kills stop once they have taken this long (the whole prove must stay under 30 minutes); fewer kills than asked fail the row. */
const KILL_BUDGET_MS = 12 * 60_000;

// ---------------------------------------------------------------------------------------------
// The mixed write load

interface Outcome {
  kind: 'sign-up' | 'post' | 'edit' | 'apply' | 'profile';
  phase: string;
  answer: Answer;
}

interface JobWritten {
  id: string;
  /** The title of the last acknowledged post or edit, and the titles tried after it without an answer (may have landed). */
  title: string;
  maybe: Set<string>;
}

/** Each account writes this many times at most (the posting and profile-write limits are 30 an hour each). */
const WRITES_PER_ACCOUNT = 20;

/**
 * `workers` clients, each as a company and a candidate of its own (new ones once they have
 * written their share, so no rate limit is reached): post a job, edit it, the candidate applies
 * to it and edits their profile; again. After a refused write a client waits 200 ms (the outage
 * would otherwise turn into a busy loop on two cores).
 */
function mixedWrites(base: string, workers: number, phaseOf: () => string) {
  const outcomes: Outcome[] = [];
  const jobs = new Map<string, JobWritten>();
  let position = START;
  let writing = true;
  let sequence = 0;
  const record = (kind: Outcome['kind'], answer: Answer) => {
    outcomes.push({ kind, phase: phaseOf(), answer });
    const written = answer.headers?.get(POSITION_HEADER);
    if (written && answer.status < 300) position = maxPosition(position, written);
    return answer;
  };
  const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 200));

  const worker = async (w: number) => {
    let company: Company | null = null;
    let companyWrites = 0;
    let person: Candidate | null = null;
    let personWrites = 0;
    while (writing) {
      const n = ++sequence;
      try {
        if (!company || companyWrites >= WRITES_PER_ACCOUNT) {
          company = null;
          company = await companyOnPlan(base, `Chaos Firm ${w}-${n}-${randomBytes(2).toString('hex')}`);
          companyWrites = 0;
          record('sign-up', { status: 201, timedOut: false, headers: null, body: '', ms: 0 });
        }
        if (!person || personWrites >= WRITES_PER_ACCOUNT) {
          person = null;
          const next = await candidate(base, `Chaos Person ${w}-${n}-${randomBytes(2).toString('hex')}`);
          const profile = record('profile', await call(base, '/api/profile', { token: next.token, from: next.from, body: { jobTitle: 'Site Reliability Engineer', skills: ['Go', 'PostgreSQL'], experience: '3-5 years', location: 'Oslo, Norway', isActivelyLooking: true, isPublic: true } }));
          if (!ok(profile)) throw new Error(`profile: ${profile.status}`);
          person = next;
          personWrites = 0;
        }
      } catch (error) {
        // An account could not be made (the outage): counted as a refused sign-up, tried again.
        const status = /: (\d{3})\b/.exec(String(error))?.[1];
        record('sign-up', { status: status ? Number(status) : 0, timedOut: false, headers: null, body: String(error), ms: 0 });
        await pause();
        continue;
      }
      const title = `Chaos Engineer ${n}`;
      const posted = record('post', await call(base, '/api/jobs', { token: company.token, from: company.from, body: { title, location: 'Oslo, Norway', description: 'Keep the lights on under load.' } }));
      companyWrites++;
      if (!ok(posted)) {
        await pause();
        continue;
      }
      const jobId = (JSON.parse(posted.body) as { job: { id: string } }).job.id;
      const job: JobWritten = { id: jobId, title, maybe: new Set() };
      jobs.set(jobId, job);
      const edited = `${title} (edited)`;
      const edit = record('edit', await call(base, `/api/jobs/${jobId}`, { method: 'PUT', token: company.token, from: company.from, body: { title: edited, location: 'Bergen, Norway', description: 'Keep the lights on, edited.' } }));
      companyWrites++;
      if (ok(edit)) job.title = edited;
      else job.maybe.add(edited);
      const applied = record('apply', await call(base, `/api/jobs/${jobId}/apply`, { token: person.token, from: person.from, body: {} }));
      personWrites++;
      const profile = record('profile', await call(base, '/api/profile', { method: 'PUT', token: person.token, from: person.from, body: { jobTitle: `Site Reliability Engineer ${n}`, skills: ['Go', 'PostgreSQL', 'NATS'], experience: '3-5 years', location: 'Oslo, Norway', isActivelyLooking: true, isPublic: true } }));
      personWrites++;
      if (!ok(applied) || !ok(profile) || !ok(edit)) await pause();
    }
  };
  const running = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    outcomes,
    jobs,
    position: () => position,
    acknowledged: (phase?: string) => outcomes.filter((o) => ok(o.answer) && (phase === undefined || o.phase === phase)).length,
    tried: (phase: string) => outcomes.filter((o) => o.phase === phase).length,
    async stop() {
      writing = false;
      await running;
    },
  };
}

/** Board reads on the query processes, round robin, until stopped. */
function reads(bases: readonly string[], workers: number, phaseOf: () => string, position: () => string) {
  const answers: Array<{ phase: string; answer: Answer }> = [];
  let reading = true;
  const paths = ['/api/jobs?search=engineer', '/api/jobs?search=chaos&location=oslo', '/api/jobs?page=2'];
  const running = Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let n = 0; reading; n++) {
        const phase = phaseOf();
        const answer = await call(bases[(w + n) % bases.length]!, paths[n % paths.length]!, { headers: { [MIN_POSITION_HEADER]: position() } });
        answers.push({ phase, answer });
        if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
  return {
    answers,
    async stop() {
      reading = false;
      await running;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Processes and their health

interface Health {
  status?: string;
  checks?: { database?: { ok: boolean }; nats?: { configured: boolean; ok: boolean; state?: string } };
  projections?: Array<{ name: string; caughtUp: boolean; status: string; checkpoint?: string | null; head?: string; lastError?: string | null }>;
}

const health = async (service: ServiceProcess): Promise<{ code: number; body: Health } | null> => {
  try {
    const response = await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return { code: response.status, body: (await response.json()) as Health };
  } catch {
    return null;
  }
};

const isHealthy = async (service: ServiceProcess, nats: boolean) => {
  const answer = await health(service);
  return answer?.code === 200 && answer.body.status === 'ok' && answer.body.checks?.database?.ok === true && (!nats || answer.body.checks?.nats?.state === 'connected');
};

/**
 * Waits until every read model has caught up, as long as they keep moving: fails when the lowest
 * checkpoint of those behind has not moved for `stallMs` (stuck, not slow: on a busy machine a
 * backlog of thousands of events takes minutes), or after `timeoutMs` in all.
 */
async function caughtUpWhileMoving(projections: ServiceProcess, processes: readonly ServiceProcess[], log: (line: string) => void, stallMs = 90_000, timeoutMs = 600_000): Promise<number> {
  const started = Date.now();
  let lowest = '';
  let movedAt = Date.now();
  let saidAt = Date.now();
  let last: Health | null = null;
  for (;;) {
    const answer = await health(projections);
    if (answer) {
      last = answer.body;
      const behind = (answer.body.projections ?? []).filter((projection) => !(projection.caughtUp && projection.status === 'running'));
      if ((answer.body.projections ?? []).length > 0 && behind.length === 0) return Date.now() - started;
      const now = behind.map((projection) => projection.checkpoint ?? '').sort()[0] ?? '';
      if (now !== lowest) {
        lowest = now;
        movedAt = Date.now();
      }
      // Said every 15 s: a long catch-up is seen moving (or not) while it runs, not only when it gives up.
      if (Date.now() - saidAt > 15_000) {
        saidAt = Date.now();
        log(`chaos: catching up for ${Math.round((Date.now() - started) / 1000)} s: ${behind.length} read models behind, the lowest at ${lowest || 'the start'} of ${behind[0]?.head ?? '?'} (last moved ${Math.round((Date.now() - movedAt) / 1000)} s ago)`);
      }
    }
    if (Date.now() - movedAt > stallMs || Date.now() - started > timeoutMs) {
      const behind = (last?.projections ?? []).filter((projection) => !(projection.caughtUp && projection.status === 'running'));
      const outputs = processes.map((service) => `--- ${service.kind} (${service.pid}):\n${service.output().slice(-1500)}`).join('\n');
      throw new Error(`the read models did not catch up (${Date.now() - movedAt > stallMs ? `no checkpoint moved for ${stallMs / 1000} s` : `not within ${timeoutMs / 1000} s`}): ${behind.map((projection) => `${projection.name} ${projection.status} at ${projection.checkpoint} of ${projection.head}${projection.lastError ? ` (${projection.lastError})` : ''}`).join('; ')}\n${outputs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const alive = (service: ServiceProcess) => {
  let exited = false;
  void service.exited.then(() => (exited = true));
  return () => !exited;
};

/** Polls an observable state; on time out throws with the processes' output (what went wrong). */
async function until(check: () => Promise<boolean> | boolean, what: string, processes: readonly ServiceProcess[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      const outputs = processes.map((service) => `--- ${service.kind} (${service.pid}):\n${service.output().slice(-2000)}`).join('\n');
      throw new Error(`${what}: not within ${timeoutMs} ms\n${outputs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A NATS server of the part's own (JetStream on), killed and started again on the same port and store. */
async function ownNats() {
  const binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
  if (!existsSync(binary)) throw new Error(`No nats-server at ${binary}: install it or set NATS_SERVER_BIN`);
  const storeDir = await mkdtemp(path.join(tmpdir(), 'hireloop-prove-nats-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server is ready')) resolve();
      };
      started.stdout.on('data', onData);
      started.stderr.on('data', onData);
      started.once('exit', (code) => reject(new Error(`nats-server exited (${code}):\n${output}`)));
    });
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    kill,
    async destroy() {
      await kill();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

/** Every acknowledged job, read on each query process at the last acknowledged position: those not there, or not as last written. */
async function lostJobs(bases: readonly string[], jobs: ReadonlyMap<string, JobWritten>, position: string): Promise<string[]> {
  const lost: string[] = [];
  const all = [...jobs.values()];
  for (const base of bases) {
    for (let i = 0; i < all.length; i += 16) {
      await Promise.all(
        all.slice(i, i + 16).map(async (job) => {
          const answer = await call(base, `/api/jobs/${job.id}`, { headers: { [MIN_POSITION_HEADER]: position } });
          const title = answer.status === 200 ? ((JSON.parse(answer.body) as { title?: string; job?: { title?: string } }).title ?? (JSON.parse(answer.body) as { job?: { title?: string } }).job?.title) : undefined;
          if (answer.status !== 200 || (title !== job.title && !job.maybe.has(title ?? ''))) lost.push(`${job.id} on ${base}: ${answer.status} ${title ?? answer.body.slice(0, 80)}`);
        }),
      );
    }
  }
  return lost;
}

const summarise = (answers: readonly Answer[]) => {
  const ok = answers.filter((answer) => answer.status >= 200 && answer.status < 300).length;
  const unavailable = answers.filter((answer) => answer.status === 503 && /^\d+$/.test(answer.headers?.get('retry-after') ?? '')).length;
  const hangs = answers.filter((answer) => answer.status === 0).length;
  const other = answers.length - ok - unavailable - hangs;
  const sample = answers.find((answer) => answer.status !== 0 && !(answer.status >= 200 && answer.status < 300) && !(answer.status === 503 && /^\d+$/.test(answer.headers?.get('retry-after') ?? '')));
  return { ok, unavailable, hangs, other, text: `${answers.length} answers: ${ok} 2xx, ${unavailable} 503 with Retry-After, ${other} other${sample ? ` (e.g. ${sample.status} ${sample.body.slice(0, 80)})` : ''}, ${hangs} hangs` };
};

// ---------------------------------------------------------------------------------------------
// Scene 1: kill -9 the projections process under writes, then verify every read model

const medianRestart = <T extends { ms: number }>(restarts: readonly T[]): T | undefined => [...restarts].sort((a, b) => a.ms - b.ms)[Math.floor(restarts.length / 2)];

async function projectionKills(short: boolean, log: (line: string) => void, add: (check: string, measured: string, expected: string, pass: boolean) => void) {
  const kills = killsWanted(short);
  const db = await createTestDatabase('hl_prove_chaos');
  const prefix = `prove${randomBytes(4).toString('hex')}`;
  try {
    const env = { DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, TRUST_PROXY: '127.0.0.1', READ_YOUR_WRITES_TIMEOUT_MS: '10000' };
    const commands = await startService('command-service', env, START_OPTIONS);
    const [first, ...queries] = await Promise.all([startService('projections', env, START_OPTIONS), startService('query-service', env, START_OPTIONS), startService('query-service', env, START_OPTIONS)]);
    let projections = first!;
    const processes = () => [commands, projections, ...queries];
    const writes = mixedWrites(commands.url, short ? 2 : 3, () => 'kills');
    const board = reads(queries.map((query) => query.url), 1, () => 'kills', writes.position);
    // The kill moments: seeded, spread from at once after start to 1.5 s into its work.
    let seed = 27;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const restarts: Array<{ ms: number; split: string }> = [];
    let killed = 0;
    try {
      await until(() => writes.acknowledged() >= 10, 'ten writes acknowledged before the first kill', processes());
      const killsStarted = Date.now();
      for (let k = 0; k < kills && Date.now() - killsStarted < KILL_BUDGET_MS; k++) {
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 1500)));
        const exit = await projections.stop('SIGKILL');
        if (exit.signal === 'SIGKILL') killed++;
        const started = performance.now();
        projections = await startService('projections', env, START_OPTIONS);
        // The process's own account of its start (cli/src/main.ts): where a slow restart spent its time.
        restarts.push({ ms: performance.now() - started, split: /Started in [^\n]*/.exec(projections.output())?.[0] ?? 'no start-up line' });
        if ((k + 1) % 10 === 0 || k === 0) log(`chaos: ${k + 1}/${kills} kills, ${writes.acknowledged()} writes acknowledged; restart p50 ${fixed(medianRestart(restarts)?.ms ?? NaN)} ms (${medianRestart(restarts)?.split}); load ${loadavg()[0]!.toFixed(1)}`);
      }
    } finally {
      await writes.stop();
      await board.stop();
    }
    const catchUpMs = await caughtUpWhileMoving(projections, processes(), log);
    const acknowledged = writes.acknowledged();
    const refused = summarise(writes.outcomes.map((o) => o.answer));
    const lost = await lostJobs(queries.map((query) => query.url), writes.jobs, writes.position());

    // Every read model against a rebuild from zero, at the live checkpoint.
    log(`chaos: caught up ${fixed(catchUpMs / 1000, 1)} s after the last kill; verifying ${allProjections.length} read models`);
    const verifyStarted = performance.now();
    const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, NATS_URL: '' }));
    let missing = 0;
    let extra = 0;
    let different = 0;
    let events = 0;
    const examples: string[] = [];
    try {
      for (const projection of allProjections) {
        const result = await verifyReadModel({ eventStore: runtime.eventStore, readStore: runtime.readStore, projection, limit: 3 });
        missing += result.counts.missing;
        extra += result.counts.extra;
        different += result.counts.different;
        events = Math.max(events, result.events);
        for (const difference of [...result.missing, ...result.extra, ...result.different].slice(0, 1)) examples.push(`${projection.name}/${difference.collection}/${difference.id}${difference.fields ? ` (${difference.fields.join(', ')})` : ''}`);
      }
    } finally {
      await runtime.close();
    }
    const verifyMs = performance.now() - verifyStarted;
    add(
      `kill -9 the projections process ${kills} times under mixed writes (services profile), then every read model against a rebuild from zero`,
      `${killed} kills${killed < kills ? ` (the ${KILL_BUDGET_MS / 60_000}-minute budget ran out)` : ''} (restart to /healthz p50 ${fixed(medianRestart(restarts)?.ms ?? NaN)} ms, max ${fixed(Math.max(...restarts.map((restart) => restart.ms)))} ms; the median's: ${medianRestart(restarts)?.split}); caught up ${fixed(catchUpMs / 1000, 1)} s after the last kill, verified in ${fixed(verifyMs / 1000, 1)} s; load ${loadavg().map((value) => value.toFixed(1)).join(' ')}; ${acknowledged} writes acknowledged (${refused.other} refused otherwise); ${allProjections.length} read models, up to ${events} events each: ${missing} missing, ${extra} extra, ${different} different${examples.length ? ` (${examples.slice(0, 3).join('; ')})` : ''}`,
      `${kills} kills; 0 missing, 0 extra, 0 different (applied twice)`,
      killed === kills && missing === 0 && extra === 0 && different === 0 && acknowledged > 0,
    );
    const boardReads = summarise(board.answers.map(({ answer }) => answer));
    add(
      'the query replicas while the projections die and after',
      `board reads during the kills: ${boardReads.text}; ${writes.jobs.size} acknowledged jobs read back on both replicas: ${lost.length} lost${lost.length ? ` (${lost.slice(0, 2).join('; ')})` : ''}`,
      'every read 200 (or 503 with Retry-After), 0 hangs, 0 lost',
      boardReads.hangs === 0 && boardReads.other === 0 && lost.length === 0,
    );
  } finally {
    await stopAllServices();
    await deleteTestStream(`${prefix.toUpperCase()}_WORK`).catch(() => undefined);
    await db.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes 2 and 3: PostgreSQL and NATS stopped under load

async function outages(profile: 'services' | 'embedded', short: boolean, log: (line: string) => void, add: (check: string, measured: string, expected: string, pass: boolean) => void) {
  const database: OwnPostgres = await startOwnPostgres();
  const nats = profile === 'services' ? await ownNats() : null;
  const prefix = `prove${randomBytes(4).toString('hex')}`;
  const label = profile === 'services' ? 'services profile' : 'embedded default (start)';
  try {
    const env = { DATABASE_URL: database.url, NATS_URL: nats?.url ?? '', NATS_PREFIX: prefix, TRUST_PROXY: '127.0.0.1', READ_YOUR_WRITES_TIMEOUT_MS: '5000' };
    let processes: ServiceProcess[];
    let writeBase: string;
    let queryBases: string[];
    let projections: ServiceProcess;
    if (profile === 'services') {
      const commands = await startService('command-service', env, START_OPTIONS);
      const started = await Promise.all([startService('projections', env, START_OPTIONS), startService('query-service', env, START_OPTIONS), startService('query-service', env, START_OPTIONS)]);
      projections = started[0]!;
      processes = [commands, ...started];
      writeBase = commands.url;
      queryBases = started.slice(1).map((query) => query.url);
    } else {
      const app = await startService('start', env, START_OPTIONS);
      processes = [app];
      projections = app;
      writeBase = app.url;
      queryBases = [app.url];
    }
    const living = processes.map((service) => [service, alive(service)] as const);
    let phase = 'before';
    const writes = mixedWrites(writeBase, 2, () => phase);
    const board = reads(queryBases, 2, () => phase, writes.position);
    const healthDuring: Array<{ phase: string; answers: Array<{ code: number; body: Health } | null> }> = [];
    const enough = short ? 6 : 12;
    try {
      await until(() => writes.acknowledged('before') >= enough, `${enough} writes before the outage`, processes);

      // PostgreSQL: an immediate stop (connections cut, no checkpoint), then started again.
      await database.stop({ mode: 'immediate' });
      phase = 'database down';
      log(`chaos: ${label}: PostgreSQL stopped (immediate)`);
      await until(() => writes.tried('database down') >= enough, `${enough} writes tried while PostgreSQL is down`, processes);
      healthDuring.push({ phase, answers: await Promise.all(processes.map(health)) });
      await database.start();
      phase = 'database back';
      await until(() => writes.acknowledged('database back') >= enough, `${enough} writes acknowledged after PostgreSQL is back`, processes);

      if (nats) {
        await nats.kill();
        phase = 'nats down';
        log(`chaos: ${label}: NATS killed`);
        await until(() => writes.tried('nats down') >= enough, `${enough} writes tried while NATS is down`, processes);
        healthDuring.push({ phase, answers: await Promise.all(processes.map(health)) });
        await nats.start();
        phase = 'nats back';
        await until(async () => (await Promise.all(processes.map((service) => isHealthy(service, true)))).every(Boolean), 'every process connected to NATS again', processes);
        await until(() => writes.acknowledged('nats back') >= enough, `${enough} writes acknowledged after NATS is back`, processes);
      }
    } finally {
      await writes.stop();
      await board.stop();
    }

    const recovered = await (async () => {
      try {
        for (const service of processes) await until(() => isHealthy(service, nats !== null), `${service.kind} healthy again`, processes, 60_000);
        await caughtUpWhileMoving(projections, processes, log);
        return true;
      } catch (error) {
        log(`chaos: ${label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return false;
      }
    })();
    const died = living.filter(([, isAlive]) => !isAlive()).map(([service]) => service.kind);
    const lost = await lostJobs(queryBases, writes.jobs, writes.position());

    const during = (name: string) => summarise(writes.outcomes.filter((o) => o.phase === name && o.kind !== 'sign-up').map((o) => o.answer));
    const readsDuring = (name: string) => summarise(board.answers.filter((o) => o.phase === name).map((o) => o.answer));
    const healthText = (name: string) => {
      const answers = healthDuring.find((h) => h.phase === name)?.answers ?? [];
      return answers.map((answer) => (answer ? `${answer.code} ${answer.body.status}` : 'no answer')).join(', ');
    };
    const pgWrites = during('database down');
    const pgReads = readsDuring('database down');
    const pgHealth = healthDuring.find((h) => h.phase === 'database down')?.answers ?? [];
    add(
      `PostgreSQL stopped (immediate) under writes and reads, ${label}`,
      `writes meanwhile: ${pgWrites.text}; reads: ${pgReads.text}; /healthz: ${healthText('database down')}`,
      'writes and reads: success or 503 with Retry-After, 0 other, 0 hangs; /healthz 503 on every process',
      pgWrites.other === 0 && pgWrites.hangs === 0 && pgWrites.unavailable > 0 && pgReads.other === 0 && pgReads.hangs === 0 && pgHealth.length > 0 && pgHealth.every((answer) => answer?.code === 503),
    );
    if (nats) {
      const natsWrites = during('nats down');
      const natsReads = readsDuring('nats down');
      const natsHealth = healthDuring.find((h) => h.phase === 'nats down')?.answers ?? [];
      add(
        `NATS killed (SIGKILL) under writes and reads, ${label}`,
        `writes meanwhile: ${natsWrites.text}; reads: ${natsReads.text}; /healthz: ${healthText('nats down')}`,
        'writes and reads: success or 503 with Retry-After, 0 other, 0 hangs; /healthz answers on every process',
        natsWrites.other === 0 && natsWrites.hangs === 0 && natsReads.other === 0 && natsReads.hangs === 0 && natsHealth.every((answer) => answer !== null),
      );
    }
    const everything = summarise([...writes.outcomes.map((o) => o.answer), ...board.answers.map((o) => o.answer)]);
    add(
      `after the outage${nats ? 's' : ''}, ${label}: recovery by itself, acknowledged writes`,
      `${processes.length - died.length}/${processes.length} processes alive, never restarted${died.length ? ` (died: ${died.join(', ')})` : ''}; every /healthz ok and the projections caught up: ${recovered ? 'yes' : 'no'}; ${writes.acknowledged()} writes acknowledged, ${writes.jobs.size} jobs read back on ${queryBases.length} quer${queryBases.length === 1 ? 'y process' : 'y replicas'}: ${lost.length} lost${lost.length ? ` (${lost.slice(0, 2).join('; ')})` : ''}; the whole run: ${everything.hangs} hangs`,
      'all alive, all healthy, 0 lost, 0 hangs',
      died.length === 0 && recovered && lost.length === 0 && everything.hangs === 0,
    );
  } finally {
    await stopAllServices();
    if (nats) await deleteTestStream(`${prefix.toUpperCase()}_WORK`).catch(() => undefined);
    await nats?.destroy();
    await database.destroy();
  }
}

export const chaosPart: ProvePart = {
  name: 'chaos',
  async run({ short, log }): Promise<ProveRow[]> {
    const { rows, add } = rowsOf('chaos');
    for (const scene of [() => projectionKills(short, log, add), () => outages('services', short, log, add), () => outages('embedded', short, log, add)]) {
      try {
        await scene();
      } catch (error) {
        add('a scene ran to its end', `threw: ${error instanceof Error ? error.message.slice(0, 400) : String(error)}`, 'no error', false);
        log(`chaos: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
    return rows;
  },
};


