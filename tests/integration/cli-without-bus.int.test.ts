import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { createPostgresEventStore } from '@hireloop/platform/event-store';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * Issue 22: every CLI command connected to NATS, so reading the log or the projections failed
 * with a stack trace while NATS was away; and flags were not checked (`events --type JobPosted`
 * printed everything, `--from garbage` was a stack trace). NATS_URL points at a port nothing
 * listens on here: NATS is away.
 */
let db: TestDatabase;
let natsAway: string;
let jobPosted: string;

beforeAll(async () => {
  db = await createTestDatabase();
  natsAway = `nats://127.0.0.1:${await freePort()}`;
  const store = await createPostgresEventStore({ connectionString: db.url });
  const metadata = (eventId: string) => ({ eventId, occurredAt: '2026-01-05T09:00:00.000Z', actor: 'system' as const, correlationId: eventId, causationId: null, schemaVersion: 1 });
  try {
    await store.append('company-1', [{ type: 'CompanySignedUp', data: { companyId: 'company-1' }, metadata: metadata('00000000-0000-4000-8000-000000000001') }]);
    jobPosted = (await store.append('job-1', [{ type: 'JobPosted', data: { jobId: 'job-1' }, metadata: metadata('00000000-0000-4000-8000-000000000002') }])).position;
  } finally {
    await store.close();
  }
});

afterAll(async () => {
  await db?.drop();
});

async function hireloop(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, NATS_URL: natsAway, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const STACK_LINE = /\n\s+at /;

describe('the CLI while NATS is away', () => {
  it('prints the log, only the types asked for, without a bus', async () => {
    const all = await hireloop('events');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout.trim().split('\n').map((line) => JSON.parse(line).type)).toEqual(['CompanySignedUp', 'JobPosted']);

    const jobs = await hireloop('events', '--type', 'JobPosted');
    expect(jobs.code, jobs.stderr).toBe(0);
    expect(jobs.stdout.trim().split('\n').map((line) => JSON.parse(line).type)).toEqual(['JobPosted']);

    const after = await hireloop('events', '--from', jobPosted);
    expect(after).toMatchObject({ code: 0, stdout: '' });
  });

  // ADR 078. Each call starts a process: several of them outlast the default timeout on a busy machine.
  it('filters by stream category, time and correlation id, and counts on stderr', { timeout: 180_000 }, async () => {
    const companies = await hireloop('events', '--category', 'company');
    expect(companies.stdout.trim().split('\n').map((line) => JSON.parse(line).streamId)).toEqual(['company-1']);
    expect(companies.stderr).toContain('1 events written.');
    const none = await hireloop('events', '--since', '2026-01-06');
    expect(none).toMatchObject({ code: 0, stdout: '' });
    const byCorrelation = await hireloop('events', '--correlation', '00000000-0000-4000-8000-000000000002');
    expect(byCorrelation.stdout.trim().split('\n').map((line) => JSON.parse(line).type)).toEqual(['JobPosted']);
  });

  it('opens personal data only for a super admin named with --as', { timeout: 120_000 }, async () => {
    const unnamed = await hireloop('events', '--personal-data');
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('events: --personal-data needs --as EMAIL, the super admin who opens it');
    const nobody = await hireloop('events', '--personal-data', '--as', 'nobody@example.com');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('no account for nobody@example.com');
    expect(nobody.stdout).toBe('');
  });

  it('prints a stream’s state as of a moment', { timeout: 120_000 }, async () => {
    // This file's JobPosted is a stub its schema refuses: said plainly, as the command side would.
    const now = await hireloop('state', 'job-1');
    expect(now.code).toBe(1);
    expect(now.stderr).toContain('JobPosted in job-1 at version 0 does not match its schema');
    expect(now.stderr).not.toMatch(STACK_LINE);
    const before = await hireloop('state', 'job-1', '--at', '2026-01-01');
    expect(JSON.parse(before.stdout)).toMatchObject({ version: -1, events: [] });
    const missing = await hireloop('state', 'job-404');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No stream job-404 in the log');
  });

  it('shows the projections table without a bus, saying nobody is heard running them', async () => {
    const table = await hireloop('projections');
    expect(table.stderr).not.toMatch(STACK_LINE);
    expect(table.stdout).toMatch(/^PROJECTION\s+VERSION\s+STATUS/);
    expect(table.stdout).toContain('stale (never heard from)');
    // Nobody runs the read models here: not healthy.
    expect(table.code).toBe(1);
  });

  it('says what is missing, naming NATS_URL and without a stack trace, for a command that needs the bus', async () => {
    const seeded = await hireloop('seed');
    expect(seeded.code).toBe(1);
    expect(seeded.stderr).toContain(`NATS at ${natsAway} (NATS_URL) cannot be reached`);
    expect(seeded.stderr).not.toMatch(STACK_LINE);
  });
});

describe('CLI flags', () => {
  it.each([
    [['events', '--from', 'garbage'], 'events: --from must be a position'],
    [['events', '--kind', 'JobPosted'], 'events: unknown flag --kind'],
    [['events', '--type', 'job posted'], 'events: --type takes event type names'],
    [['events', '--from'], 'events: --from needs a value'],
    [['events', '--since', 'yesterday'], 'events: --since must be a date or time'],
    [['events', '--as', 'sam@example.com'], 'events: --as is for --personal-data'],
    [['state'], 'state takes 1 stream id'],
    [['state', 'job-1', '--at', 'soon'], 'state: --at must be a date or time'],
    [['mail', '--to'], 'mail: --to needs a value'],
    [['migrate', '--force'], 'migrate: unknown flag --force'],
    [['seed', '--fast'], 'seed: unknown flag --fast'],
    [['replay', 'job-board', 'users'], 'replay takes at most 1 projection name'],
    [['erase'], 'erase takes 1 email or user id'],
  ])('refuses %j with a usage error (exit 2) naming the problem', async (args, message) => {
    const refused = await hireloop(...args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(message);
    expect(refused.stderr).toContain('Usage: hireloop <command>');
    expect(refused.stderr).not.toMatch(STACK_LINE);
  });
});
