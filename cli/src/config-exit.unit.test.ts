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

describe('a bad setting at start', () => {
  it('stops `serve gateway` with a message naming GATEWAY_QUERY_URL, not a stack trace, instead of answering 500 to every request', async () => {
    const { code, output } = await run(['serve', 'gateway'], { GATEWAY_QUERY_URL: 'http://127.0.0.1:3602,127.0.0.1:3603', GATEWAY_COMMAND_URL: 'http://127.0.0.1:3601' });
    expect(code, output).toBe(1);
    expect(output).toContain('GATEWAY_QUERY_URL must be absolute http(s) URLs');
    expect(output).toContain('"127.0.0.1:3603"');
    expect(output).not.toMatch(/^\s+at /m);
  }, 30_000);
});
