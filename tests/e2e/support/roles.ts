import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@hireloop/contracts';
import type { AppProcess } from './app-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `hireloop grant-role EMAIL ROLE` against the running app's embedded PostgreSQL, as an operator runs it. */
export async function grantRole(app: AppProcess, email: string, role: Role): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'grant-role', email, role], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '', NATS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`grant-role ${email} ${role} exited with ${code}:\n${output}`);
}

/** Waits until the account reads `role` (a projection applies the grant; the deadline only bounds a broken test). */
export async function roleIs(app: AppProcess, token: string, role: Role): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${app.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    if (((await response.json()) as { role?: Role }).role === role) return;
    if (Date.now() > deadline) throw new Error(`the account did not become ${role}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
