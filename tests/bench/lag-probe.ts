/**
 * A probe of the lag section's costs (ADR 099), for a loaded machine where rates mean little:
 * the app as the bench builds it, PROBE_COMPANIES companies on the Enterprise plan, then
 * PROBE_POSTS job posts through `inject` with PROBE_CLIENTS in flight. It prints the CPU per post
 * of this process and of the database's server processes, the statements sent per post (by their
 * first words), the projection batches and the lag. Not part of `npm run bench`.
 *
 * node --import tsx tests/bench/lag-probe.ts
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import type { EventStore } from '@hireloop/platform/event-store';
import { loadConfig } from '@hireloop/platform/config';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { advancedSubject, type ProjectionAdvanced } from '@hireloop/projections/runner';
import { checkpointName } from '@hireloop/projections/shared/projection';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { allProjections } from '@hireloop/projections/registry';
import { buildApp } from '../../cli/src/app';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { createRuntime } from '../../cli/src/runtime';
import { createTestDatabase } from '../support/postgres';
import { backendCpu, backendCpuSince } from './backend-cpu';

const COMPANIES = Number(process.env.PROBE_COMPANIES ?? 24);
const POSTS = Number(process.env.PROBE_POSTS ?? 480);
const CLIENTS = Number(process.env.PROBE_CLIENTS ?? 16);
/** A file to write a CPU profile of the posting phase only (sign-ups and start-up left out), for DevTools or `speedscope`. */
const PROFILE = process.env.PROBE_CPU_PROFILE;
/** `off`: no projections in the app, so the CPU per post is the command side's alone (no lag is measured). */
const PROJECTIONS = process.env.PROBE_PROJECTIONS !== 'off';
/**
 * Batch sizes (`PROBE_REPLAY=10,50,200`): after the posts, every read model is applied to them
 * again, into fresh collections, batch after batch of that many events as the daemon applies
 * them (`applyBatchTogether`), each size its own replay: the projections' CPU per post by batch size.
 */
const REPLAY = (process.env.PROBE_REPLAY ?? '').split(',').filter(Boolean).map(Number);

const statements = new Map<string, number>();
let counting = false;
const originalQuery = pg.Client.prototype.query;
// Counts every statement sent while posting, by its first words.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
    // Only the start of the text is looked at: a batch's write statement runs to kilobytes.
    const key = text.slice(0, 140).replace(/\s+/g, ' ').trim().slice(0, 70);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const percentile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

const db = await createTestDatabase('hl_probe');
const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
const sampler = new pg.Pool({ connectionString: db.url, max: 1 });
try {
  const appendedAt = new Map<string, number>();
  const inner = runtime.eventStore;
  const posted = (events: readonly { type: string }[]) => events.some((event) => event.type === 'JobPosted');
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
  let batches = 0;
  await runtime.bus.subscribe<ProjectionAdvanced>(advancedSubject(jobBoardProjection.name), ({ data }) => {
    const now = performance.now();
    let any = false;
    for (const [position, at] of appendedAt) {
      if (position <= data.position) {
        lags.push(now - at);
        appendedAt.delete(position);
        any = true;
      }
    }
    if (any) batches++;
  });
  const app = await buildApp({ ...runtime, eventStore: timed }, { spaDir: false, logger: false, trustProxy: 1, projections: PROJECTIONS });
  try {
    const writers: Array<Record<string, string>> = [];
    const signUp = async (i: number) => {
      const address = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/company/signup',
        headers: address,
        payload: { companyName: `Probe Company ${i}`, contactName: 'Probe', email: `probe${i}@probe.example`, password: 'probe-password' },
      });
      if (response.statusCode !== 201) throw new Error(`sign-up ${i}: ${response.statusCode} ${response.body}`);
      const authorization = `Bearer ${response.json<{ token: string }>().token}`;
      const created = await app.inject({ method: 'POST', url: '/api/subscription/create', headers: { ...address, authorization }, payload: { planId: 'enterprise' } });
      if (created.statusCode !== 200) throw new Error(`plan ${i}: ${created.statusCode} ${created.body}`);
      const checkoutPath = new URL(created.json<{ checkoutUrl: string }>().checkoutUrl, 'http://localhost').pathname;
      const confirmed = await app.inject({ method: 'POST', url: `${checkoutPath}/confirm`, payload: '', headers: { ...address, 'content-type': 'application/x-www-form-urlencoded' } });
      if (confirmed.statusCode !== 303) throw new Error(`checkout ${i}: ${confirmed.statusCode} ${confirmed.body}`);
      writers[i] = { ...address, authorization };
    };
    for (let i = 0; i < COMPANIES; i += 8) await Promise.all(Array.from({ length: Math.min(8, COMPANIES - i) }, (_, k) => signUp(i + k)));
    const signedUpAt = await inner.headPosition();
    while (PROJECTIONS) {
      const checkpoints = await Promise.all(allProjections.map((projection) => runtime.readStore.getCheckpoint(checkpointName(projection))));
      if (checkpoints.every((checkpoint) => checkpoint !== null && checkpoint >= signedUpAt)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const bodies = Array.from({ length: 16 }, (_, i) => {
      const { title, location, salary, type, remote, description, skills } = syntheticJob(i);
      return { title, location, salary, type, remote, description, skills };
    });
    const postTimes: number[] = [];
    let next = 0;
    let errors = 0;
    counting = true;
    const profiler = PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
    }
    const cpuBefore = process.cpuUsage();
    const backendBefore = await backendCpu(sampler);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (;;) {
          const n = next++;
          if (n >= POSTS) return;
          const t0 = performance.now();
          const response = await app.inject({ method: 'POST', url: '/api/jobs', headers: writers[n % COMPANIES]!, payload: bodies[n % bodies.length]! });
          postTimes.push(performance.now() - t0);
          if (response.statusCode !== 201) {
            errors++;
            if (errors < 3) process.stderr.write(`post: ${response.statusCode} ${response.body}\n`);
          }
        }
      }),
    );
    const postSeconds = (performance.now() - started) / 1000;
    const deadline = performance.now() + 60_000;
    while (PROJECTIONS && appendedAt.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const cpu = process.cpuUsage(cpuBefore);
    const backend = backendCpuSince(backendBefore, await backendCpu(sampler));
    counting = false;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const per = (micros: number) => (micros / POSTS).toFixed(0);
    console.log(`load ${loadavg().map((v) => v.toFixed(1)).join(' ')}; ${POSTS} posts, ${CLIENTS} clients, ${COMPANIES} companies, ${errors} errors`);
    console.log(`posts/s ${(POSTS / postSeconds).toFixed(1)}; POST p50 ${percentile(postTimes, 0.5).toFixed(1)} p99 ${percentile(postTimes, 0.99).toFixed(1)} ms`);
    console.log(`lag p50 ${percentile(lags, 0.5).toFixed(1)} p99 ${percentile(lags, 0.99).toFixed(1)} ms; ${appendedAt.size} not projected; job-board batches with posts: ${batches}`);
    console.log(`CPU per post: node ${per(cpu.user + cpu.system)} µs (user ${per(cpu.user)}), PostgreSQL backends ${backend === null ? '?' : per(backend)} µs`);
    const total = [...statements.values()].reduce((a, b) => a + b, 0);
    console.log(`statements per post: ${(total / POSTS).toFixed(2)}`);
    for (const [text, count] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${(count / POSTS).toFixed(2).padStart(7)}  ${count.toString().padStart(6)}  ${text}`);
    for (const [round, batchSize] of REPLAY.entries()) {
      // Other versions: other collections and checkpoints, empty, for each replay.
      const runners = allProjections.map(
        (projection) => new ProjectionRunner({ eventStore: runtime.eventStore, readStore: runtime.readStore, bus: runtime.bus, projection: { ...projection, version: 1000 + round * 100 + projection.version } }),
      );
      for (const runner of runners) await runner.ensureCollections();
      const eventTypes = [...new Set(allProjections.flatMap((projection) => projection.eventTypes))];
      let position = signedUpAt;
      let events = 0;
      let batches = 0;
      const replayCpu = process.cpuUsage();
      const replayBackend = await backendCpu(sampler);
      for (;;) {
        const read = await runtime.eventStore.readAll(position, { batchSize, eventTypes });
        if (read.events.length === 0) break;
        await ProjectionRunner.applyBatchTogether(runtime.readStore, runners, read.events, read.nextPosition);
        position = read.nextPosition;
        events += read.events.length;
        batches++;
      }
      const used = process.cpuUsage(replayCpu);
      const backendUsed = backendCpuSince(replayBackend, await backendCpu(sampler));
      console.log(
        `replay, batches of ${batchSize} events: ${batches} batches, ${events} events; CPU per post: node ${per(used.user + used.system)} µs, PostgreSQL backends ${backendUsed === null ? '?' : per(backendUsed)} µs`,
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await sampler.end();
  await runtime.close();
  await db.drop();
}
