import { unlinkSync } from 'node:fs';
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '@hireloop/platform/config';

/**
 * What a running app (`hireloop start` or `serve …`) tells the commands run beside it, so that
 * `hireloop seed` uses the data of the app started with `DATA_DIR=… npm start` instead of `.data`.
 * One file per process, in this checkout's `node_modules/.cache/hireloop/running/`, removed when
 * the process ends (a file whose process is gone is ignored and removed).
 */
export interface RunningApp {
  pid: number;
  /** The embedded PostgreSQL's data folder, or null when the app uses DATABASE_URL. */
  dataDir: string | null;
  /** Where its database is, password removed. */
  database: string;
  url: string | null;
}

export const RUNNING_APPS_DIR = fileURLToPath(new URL('../../node_modules/.cache/hireloop/running', import.meta.url));

/** Records this process as a running app; the returned function (and the process's exit) forgets it. */
export async function recordRunningApp(app: Omit<RunningApp, 'pid'>, dir = RUNNING_APPS_DIR): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.json`);
  await writeFile(file, `${JSON.stringify({ pid: process.pid, ...app } satisfies RunningApp)}\n`);
  const forgetOnExit = () => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.once('exit', forgetOnExit);
  return async () => {
    process.removeListener('exit', forgetOnExit);
    await unlink(file).catch(() => undefined);
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The apps running from this checkout now. */
export async function findRunningApps(dir = RUNNING_APPS_DIR): Promise<RunningApp[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const apps: RunningApp[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const app = await readFile(file, 'utf8').then((text) => JSON.parse(text) as RunningApp, () => null);
    if (app && Number.isInteger(app.pid) && isAlive(app.pid)) apps.push(app);
    else if (app) await unlink(file).catch(() => undefined);
  }
  return apps;
}

/** A choice the command cannot make alone: the message says what to set. */
export class DataChoiceError extends Error {
  override name = 'DataChoiceError';
}

const describeApp = (app: RunningApp) => `${app.url ? `the app at ${app.url}` : 'the projections process'} (pid ${app.pid})`;

/**
 * Which database a command uses, and the line that says so. DATABASE_URL or DATA_DIR, when set,
 * decide; otherwise the data of the app running from this checkout, and `.data` when none runs.
 */
export function chooseDatabase(config: Config, env: NodeJS.ProcessEnv, running: RunningApp[]): { config: Config; line: string } {
  const chosen = chooseData(config, env, running);
  return { ...chosen, config: { ...chosen.config, publicUrl: linkBase(chosen.config, running) } };
}

/**
 * Where links in mails a command queues point (ADR 063): PUBLIC_URL, else the address of the one
 * app running from this checkout (its real port: `PORT=3100 npm start` then `hireloop seed` links
 * to 3100), else `http://localhost:PORT`. Never a request's Host header.
 */
export function linkBase(config: Config, running: RunningApp[]): string {
  if (config.PUBLIC_URL) return config.publicUrl;
  const urls = [...new Set(running.flatMap((app) => (app.url ? [app.url] : [])))];
  return urls.length === 1 ? urls[0]! : config.publicUrl;
}

function chooseData(config: Config, env: NodeJS.ProcessEnv, running: RunningApp[]): { config: Config; line: string } {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    url.password = '';
    return { config, line: `Database: ${url.toString()} (DATABASE_URL).` };
  }
  if (env.DATA_DIR?.trim()) return { config, line: `Data: the embedded PostgreSQL in ${config.dataDir} (DATA_DIR).` };
  const embedded = running.filter((app) => app.dataDir !== null);
  const dataDirs = [...new Set(embedded.map((app) => app.dataDir))];
  if (dataDirs.length === 1 && embedded.length === running.length) {
    const dataDir = dataDirs[0]!;
    return {
      config: { ...config, dataDir },
      line: `Data: the embedded PostgreSQL in ${dataDir}, the data of ${describeApp(embedded[0]!)}; set DATA_DIR to use other data.`,
    };
  }
  if (running.length > 0) {
    const list = running.map((app) => `${describeApp(app)} uses ${app.dataDir ? `DATA_DIR=${app.dataDir}` : app.database}`).join('; ');
    throw new DataChoiceError(
      `Which data should this command use? ${list}. Set DATA_DIR (the embedded PostgreSQL's folder) or DATABASE_URL to choose.`,
    );
  }
  return { config, line: `Data: the embedded PostgreSQL in ${config.dataDir} (the default; no app is running from here; set DATA_DIR or DATABASE_URL for other data).` };
}
