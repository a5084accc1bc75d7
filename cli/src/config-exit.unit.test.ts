import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the CLI with `env`; resolves with its exit code and output, or with code null if it is still running after `ms`. */
function run(args: string[], env: Record<string, string>, ms = 20_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', ...args], { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, output });
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Starts the CLI with `env` and resolves with its output once it contains `pattern` or the process exits (then ends it). */
function outputUntil(args: string[], env: Record<string, string>, pattern: RegExp, ms = 20_000): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', ...args], { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const finish = () => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(output);
    };
    const timer = setTimeout(finish, ms);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) finish();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', finish);
  });
}

describe('PUBLIC_URL in the services profile', () => {
  it('is asked for at start by a service started without it, whose links would point at itself', async () => {
    // (No database is needed to say it: it is said first. Port 1 refuses at once.)
    const output = await outputUntil(['serve', 'command-service'], { PORT: '3601', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PUBLIC_URL: '' }, /PUBLIC_URL is unset/);
    expect(output).toContain('PUBLIC_URL is unset: links in mails, the checkout and sign-in redirects will point at http://localhost:3601, this process.');
  }, 30_000);
});

describe('a bad setting at start', () => {
  it('stops `serve gateway` with a message naming GATEWAY_QUERY_URL, not a stack trace, instead of answering 500 to every request', async () => {
    const { code, output } = await run(['serve', 'gateway'], { GATEWAY_QUERY_URL: 'http://127.0.0.1:3602,127.0.0.1:3603', GATEWAY_COMMAND_URL: 'http://127.0.0.1:3601' });
    expect(code, output).toBe(1);
    expect(output).toContain('GATEWAY_QUERY_URL must be absolute http(s) URLs');
    expect(output).toContain('"127.0.0.1:3603"');
    expect(output).not.toMatch(/^\s+at /m);
  }, 30_000);
});

describe('a wrong read store at start (ADR 073)', () => {
  it('stops with a message naming READ_STORE, not a stack trace', async () => {
    const { code, output } = await run(['serve', 'query-service'], { READ_STORE: 'mongo', PUBLIC_URL: 'http://127.0.0.1:3000' });
    expect(code, output).toBe(1);
    expect(output).toContain('READ_STORE must be postgres or mongodb, not "mongo"');
    expect(output).not.toMatch(/^\s+at /m);
  }, 30_000);
});
