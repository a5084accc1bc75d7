import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { START, type Position } from '@hireloop/platform/event-store';
import { projectionHealth } from '@hireloop/projections/health';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { buildApp } from '../../cli/src/app';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { runImport } from '../../cli/src/import';
import { projectionsTable } from '../../cli/src/projections';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Issue 22, the Critical defect: `hireloop replay job-board` while the app's projections run and
 * an import writes. The replay (another process, as an operator runs it) must leave the board
 * with every imported job exactly once, and `hireloop projections` / `/healthz` may say "caught
 * up" only when the board holds everything in the log.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const JOBS_BEFORE = 2000;
const JOBS_PER_FEED = 250;

let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let feeds: string;

/** A Hireloop feed of `count` jobs with ids `<prefix>-<n>`. */
async function feed(prefix: string, count: number): Promise<string> {
  const jobs = Array.from({ length: count }, (_, n) => {
    const job = syntheticJob(n);
    return {
      externalId: `${prefix}-${n}`,
      title: job.title,
      company: job.company,
      location: job.location,
      description: job.description,
      salary: job.salary,
      type: job.type,
      remote: job.remote,
      skills: job.skills,
      url: `https://jobs.example/${prefix}/${n}`,
    };
  });
  const file = path.join(feeds, `${prefix}.json`);
  await writeFile(file, JSON.stringify({ source: 'bairdtech', jobs }));
  return file;
}

/** The jobs the log says are open: posted or imported, not closed (or reopened since). */
async function openJobsInLog(): Promise<Set<string>> {
  const open = new Set<string>();
  let position: Position = START;
  for (;;) {
    const { events, nextPosition } = await runtime.eventStore.readAll(position, { batchSize: 5000, eventTypes: ['JobPosted', 'JobImported', 'JobClosed', 'JobReopened'] });
    if (events.length === 0) return open;
    for (const event of events) {
      const jobId = event.streamId.replace(/^job-/, '');
      if (event.type === 'JobClosed') open.delete(jobId);
      else open.add(jobId);
    }
    position = nextPosition;
  }
}

/** The open jobs on the board, one entry per document. */
async function openJobsOnBoard(): Promise<string[]> {
  const docs = await runtime.readStore.collection(physicalCollection(jobBoardProjection, 'jobs')).find({ closedReason: null });
  return docs.map((doc) => doc._id);
}

beforeAll(async () => {
  db = await createTestDatabase('hl_replay_live');
  feeds = await mkdtemp(path.join(tmpdir(), 'hireloop-replay-'));
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, NATS_URL: '' }));
  app = await buildApp(runtime, { spaDir: false, commands: false, queries: false, projectionDefinitions: [jobBoardProjection] });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
  if (feeds) await rm(feeds, { recursive: true, force: true });
});

describe('hireloop replay on a live system', () => {
  it('replaying the board while the projections run and an import writes leaves every job on it exactly once', { timeout: 300_000 }, async () => {
    const [first] = await runImport(runtime, [await feed('before', JOBS_BEFORE)]);
    expect(first).toMatchObject({ ok: true, counts: { imported: JOBS_BEFORE } });

    // The replay, as an operator runs it, in its own process …
    let replayDone = false;
    const replay = promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'replay', 'job-board'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, NATS_URL: '', LOG_LEVEL: 'warn' },
    }).finally(() => {
      replayDone = true;
    });
    // … while an import writes, from before it starts until after it ends. Each next run waits
    // until the live board has taken in the last one: an import that writes faster than a board
    // is built (a batch is one statement since ADR 094) would leave the replay chasing the log's
    // end for minutes.
    let imported = 0;
    for (let run = 0; !replayDone || run < 2; run++) {
      const [summary] = await runImport(runtime, [await feed(`during-${run}`, JOBS_PER_FEED)]);
      expect(summary?.ok).toBe(true);
      imported += summary!.counts.imported;
      await vi.waitFor(
        async () => {
          const [health] = await projectionHealth({ eventStore: runtime.eventStore, readStore: runtime.readStore, projections: [jobBoardProjection] });
          expect(health?.caughtUp).toBe(true);
        },
        { timeout: 60_000, interval: 50 },
      );
    }
    const { stderr } = await replay;
    expect(stderr).toMatch(/job-board: rebuilt/);

    // Readers see the log up to the oldest transaction still open on the server (another test
    // file's, say): wait until every imported job can be read.
    let expected = new Set<string>();
    await vi.waitFor(
      async () => {
        expected = await openJobsInLog();
        expect(expected.size).toBe(JOBS_BEFORE + imported);
      },
      { timeout: 60_000, interval: 100 },
    );
    // "Caught up" is said only of a board that holds the whole log …
    await vi.waitFor(
      async () => {
        const [health] = await projectionHealth({ eventStore: runtime.eventStore, readStore: runtime.readStore, projections: [jobBoardProjection] });
        expect(health?.caughtUp).toBe(true);
      },
      { timeout: 60_000, interval: 100 },
    );
    const { rows } = await projectionsTable(runtime, [jobBoardProjection], new Date());
    expect(rows[0]).toMatchObject({ name: 'job-board', caughtUp: true });
    // … and it holds every open job of the log, each once.
    const board = await openJobsOnBoard();
    expect({ onBoard: board.length, distinct: new Set(board).size }).toEqual({ onBoard: expected.size, distinct: expected.size });
    expect([...expected].filter((id) => !board.includes(id))).toEqual([]);
    expect(await runtime.readStore.getCheckpoint(checkpointName(jobBoardProjection))).toBe(rows[0]?.checkpoint);
  });
});
