import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@hireloop/platform/config';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseDatabase, DataChoiceError, findRunningApps, recordRunningApp, type RunningApp } from './running-apps';

const app = (overrides: Partial<RunningApp> = {}): RunningApp => ({
  pid: 4242,
  dataDir: '/srv/hireloop-demo',
  database: 'embedded PostgreSQL, data in /srv/hireloop-demo',
  url: 'http://127.0.0.1:3001',
  ...overrides,
});

/** What a command run with `env` (and nothing else set) chooses while `running` apps run. */
const choose = (env: Record<string, string>, running: RunningApp[]) => chooseDatabase(loadConfig(env), env, running);

describe('which data a command uses', () => {
  it('with no app running and nothing set, the default .data, and it says so', () => {
    const { config, line } = choose({}, []);
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(line).toBe(`Data: the embedded PostgreSQL in ${path.resolve('.data')} (the default; no app is running from here; set DATA_DIR or DATABASE_URL for other data).`);
  });

  it('with nothing set, the data of the app running from this checkout, naming it', () => {
    const { config, line } = choose({}, [app()]);
    expect(config.dataDir).toBe('/srv/hireloop-demo');
    expect(line).toBe('Data: the embedded PostgreSQL in /srv/hireloop-demo, the data of the app at http://127.0.0.1:3001 (pid 4242); set DATA_DIR to use other data.');
  });

  it('links in the mails a command queues (seed) use PUBLIC_URL, else the running app’s real port, else PORT (ADR 063)', () => {
    expect(choose({}, [app()]).config.publicUrl).toBe('http://127.0.0.1:3001');
    expect(choose({ PUBLIC_URL: 'https://jobs.example.com' }, [app()]).config.publicUrl).toBe('https://jobs.example.com');
    expect(choose({ PORT: '3100' }, []).config.publicUrl).toBe('http://localhost:3100');
    expect(choose({}, []).config.publicUrl).toBe('http://localhost:3000');
  });

  it('DATA_DIR and DATABASE_URL win over the running app, and the line names them (never a password)', () => {
    expect(choose({ DATA_DIR: '/tmp/other' }, [app()])).toMatchObject({ config: { dataDir: '/tmp/other' }, line: 'Data: the embedded PostgreSQL in /tmp/other (DATA_DIR).' });
    const { line } = choose({ DATABASE_URL: 'postgres://hireloop:s3cret@db.internal:5432/jobs' }, [app()]);
    expect(line).toBe('Database: postgres://hireloop@db.internal:5432/jobs (DATABASE_URL).');
  });

  it('apps on different data, or an app on DATABASE_URL, stop the command with what to set', () => {
    const two = [app(), app({ pid: 4343, dataDir: '/srv/other', url: 'http://127.0.0.1:3002' })];
    expect(() => choose({}, two)).toThrow(DataChoiceError);
    expect(() => choose({}, two)).toThrow(
      'Which data should this command use? the app at http://127.0.0.1:3001 (pid 4242) uses DATA_DIR=/srv/hireloop-demo; the app at http://127.0.0.1:3002 (pid 4343) uses DATA_DIR=/srv/other. Set DATA_DIR (the embedded PostgreSQL\'s folder) or DATABASE_URL to choose.',
    );
    expect(() => choose({}, [app({ dataDir: null, database: 'postgres://postgres@db:5432/hireloop' })])).toThrow(/uses postgres:\/\/postgres@db:5432\/hireloop\. Set DATA_DIR/);
  });

  it('two processes on the same data (the app and its projections) are one choice', () => {
    const { config } = choose({}, [app(), app({ pid: 4343, url: null })]);
    expect(config.dataDir).toBe('/srv/hireloop-demo');
  });
});

describe('running apps', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hireloop-running-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a running app is found until it forgets itself', async () => {
    const forget = await recordRunningApp({ dataDir: '/srv/hireloop-demo', database: 'embedded', url: 'http://127.0.0.1:3001' }, dir);
    expect(await findRunningApps(dir)).toEqual([{ pid: process.pid, dataDir: '/srv/hireloop-demo', database: 'embedded', url: 'http://127.0.0.1:3001' }]);
    await forget();
    expect(await findRunningApps(dir)).toEqual([]);
  });

  it('an app whose process is gone is ignored and its file removed', async () => {
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(path.join(dir, `${ended}.json`), JSON.stringify(app({ pid: ended })));
    expect(await findRunningApps(dir)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});
