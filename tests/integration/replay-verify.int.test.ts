import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { projectionHealth } from '@hireloop/projections/health';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { ProjectionRunner } from '@hireloop/projections/runner';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { buildApp } from '../../cli/src/app';
import { syntheticJob } from '../../cli/src/demo-jobs';
import { runImport } from '../../cli/src/import';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Issue 27: `hireloop replay job-board --verify` finds a planted difference (and none on a clean
 * board), and a blue/green replay switches while board searches run without a failed query.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const JOBS = 300;

let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let feeds: string;

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

/** `hireloop replay job-board --verify`, as an operator runs it: its exit code and output. */
async function verifyCli(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'replay', 'job-board', '--verify', '--limit', '5'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, NATS_URL: '', LOG_LEVEL: 'warn' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const caughtUp = () =>
  vi.waitFor(
    async () => {
      const [health] = await projectionHealth({ eventStore: runtime.eventStore, readStore: runtime.readStore, projections: [jobBoardProjection] });
      expect(health?.caughtUp).toBe(true);
    },
    { timeout: 60_000, interval: 100 },
  );

beforeAll(async () => {
  db = await createTestDatabase('hl_replay_verify');
  feeds = await mkdtemp(path.join(tmpdir(), 'hireloop-verify-'));
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, NATS_URL: '' }));
  app = await buildApp(runtime, { spaDir: false, commands: false, projectionDefinitions: [jobBoardProjection] });
  await app.ready();
  const [summary] = await runImport(runtime, [await feed('verify', JOBS)]);
  expect(summary).toMatchObject({ ok: true, counts: { imported: JOBS } });
  await caughtUp();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await db?.drop();
  if (feeds) await rm(feeds, { recursive: true, force: true });
});

describe('hireloop replay --verify and the blue/green switch', () => {
  it('finds no difference on a clean board, then each planted one (exit code 1)', { timeout: 120_000 }, async () => {
    const clean = await verifyCli();
    expect(clean.stdout).toMatch(/^job-board: no difference at \d{20}\.\d{20} \([\d,]+ documents compared/);
    expect(clean.code).toBe(0);

    const jobs = physicalCollection(jobBoardProjection, 'jobs');
    const ids = (await runtime.readStore.collection(jobs).find({}, { sort: { _id: 1 }, limit: 3 })).map((doc) => doc._id);
    await runtime.readStore.transaction(async (tx) => {
      const edited = (await tx.collection(jobs).get(ids[0]!))!;
      await tx.collection(jobs).put({ ...edited, title: 'Planted title' });
      await tx.collection(jobs).delete(ids[1]!);
      await tx.collection(jobs).put({ ...(await tx.collection(jobs).get(ids[2]!))!, _id: 'planted-job', shareToken: 'planted-share-token' });
    });
    const planted = await verifyCli();
    expect(planted.code).toBe(1);
    expect(planted.stdout).toMatch(/job-board: 3 differences .*missing 1, extra 1, different 1/);
    expect(planted.stdout).toContain(`missing   jobs/${ids[1]}`);
    expect(planted.stdout).toContain('extra     jobs/planted-job');
    expect(planted.stdout).toMatch(new RegExp(`different jobs/${ids[0]}: .*title`));
    // Values stay out of the output: a read model may hold personal data.
    expect(planted.stdout).not.toContain('Planted title');
    // Progress, and nothing switched: the planted edit is still in the read model in use.
    expect((await runtime.readStore.collection(jobs).get(ids[0]!))?.title).toBe('Planted title');
  });

  it('a blue/green replay switches while board searches run, with no failed query, and repairs the board', { timeout: 120_000 }, async () => {
    const live = checkpointName(jobBoardProjection);
    const before = (await runtime.readStore.getCheckpointState(live))?.generation ?? 0;
    const answers: Array<{ status: number; total: string | undefined }> = [];
    let rebuilding = true;
    const searches = (async () => {
      // Searches before, during and after the switch, 4 at a time.
      while (rebuilding || answers.length < 50) {
        const batch = await Promise.all(
          ['/api/jobs', '/api/jobs?search=engineer', '/api/jobs?page=2', '/api/jobs?type=full'].map((url) => app.inject({ method: 'GET', url })),
        );
        for (const response of batch) answers.push({ status: response.statusCode, total: response.headers['x-total-count'] as string | undefined });
        // Answers from the in-memory index resolve without I/O: let the rebuild's I/O run between rounds.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const runner = new ProjectionRunner({ eventStore: runtime.eventStore, readStore: runtime.readStore, bus: runtime.bus, projection: jobBoardProjection });
    const result = await runner.rebuild().finally(() => {
      rebuilding = false;
    });
    await searches;
    expect(result.generation).toBe(before + 1);
    expect(answers.length).toBeGreaterThanOrEqual(50);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // The whole board answers throughout, each job once (the planted extra may show before the switch).
    const totals = answers.filter((_, index) => index % 4 === 0).map((answer) => Number(answer.total));
    expect(totals.every((total) => total >= JOBS - 1 && total <= JOBS + 1)).toBe(true);
    expect(totals.at(-1)).toBe(JOBS);

    // The rebuild replaced the planted board: it equals a rebuild again.
    const repaired = await verifyCli();
    expect(repaired.stdout).toMatch(/job-board: no difference/);
    expect(repaired.code).toBe(0);
  });
});
