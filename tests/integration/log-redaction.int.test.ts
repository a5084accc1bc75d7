import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hireloop/platform/config';
import { buildApp } from '../../cli/src/app';
import { buildGateway } from '../../cli/src/gateway';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The application log, as the app writes it at info level, never holds the secrets that travel
 * in URLs: reset tokens, LinkedIn's code and state, the one-time sign-in code, bearer tokens.
 * The loggers here are plain `{ level, stream }` options: the app applies the rule itself.
 */
const TOKEN = 'rEsEtToKeN-6bX2fQ9kLmN3pR7sT1vW4yZ8aC0dE5gH';
const CODE = 'lInKeDiNcOdE-AQTx9f2kLm';
const STATE = 'oIdCsTaTe-Zk81mQ2pL0';
const AUTH = 'sIgNiNcOdE-w7Yp3Rt9Qa';
const BEARER = 'bEaReRtOkEn-Jh4Ks8Lm2N';
/** An invitation link's secret (43 base64url characters) and the password of a claim made with it (ADR 038). */
const INVITATION_SECRET = 'iNvItAtIoNsEcReT-0123456789abcdefghijklmnop';
const CLAIM_PASSWORD = 'cLaImPaSsWoRd-9876';
const SECRETS = [TOKEN, CODE, STATE, AUTH, BEARER, INVITATION_SECRET, CLAIM_PASSWORD];

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let db: TestDatabase;
let runtime: Runtime;
let spaDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let gateway: Awaited<ReturnType<typeof buildGateway>>;
const appLog = capture();
const gatewayLog = capture();

beforeAll(async () => {
  db = await createTestDatabase();
  spaDir = await mkdtemp(path.join(tmpdir(), 'hireloop-spa-'));
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><title>Hireloop</title><div id="root"></div>');
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL: 'http://hireloop.test' }));
  app = await buildApp(runtime, { spaDir, publicUrl: 'http://hireloop.test', logger: { level: 'info', stream: appLog.stream } });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildGateway({ queryUrl: appUrl, commandUrl: appUrl, spaDir: false, logger: { level: 'info', stream: gatewayLog.stream } });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await app?.close();
  await runtime?.close();
  await db?.drop();
  if (spaDir) await rm(spaDir, { recursive: true, force: true });
});

const requestUrls = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } }).flatMap((entry) => (entry.msg === 'request completed' && entry.req?.url ? [entry.req.url] : []));

describe('the application log', () => {
  it('shows the paths people open, without the reset token, the sign-in codes or the bearer token', async () => {
    const resetPage = await app.inject({ method: 'GET', url: `/reset-password/${TOKEN}` });
    expect(resetPage.statusCode).toBe(200);
    const callback = await app.inject({ method: 'GET', url: `/api/auth/linkedin/callback?code=${CODE}&state=${STATE}` });
    expect(callback.statusCode).toBe(302);
    const dashboard = await app.inject({ method: 'GET', url: `/dashboard?auth=${AUTH}` });
    expect(dashboard.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${BEARER}`, cookie: `session=${BEARER}` } });
    expect(me.statusCode).toBe(401);
    const claim = await app.inject({ method: 'POST', url: `/api/invitations/${'a'.repeat(32)}.${INVITATION_SECRET}/claim`, payload: { password: CLAIM_PASSWORD } });
    expect(claim.statusCode).toBe(404);

    const log = appLog.lines.join('\n');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
    expect(requestUrls(appLog.lines)).toEqual(
      expect.arrayContaining([
        '/reset-password/[REDACTED]',
        '/api/auth/linkedin/callback?code=[REDACTED]&state=[REDACTED]',
        '/dashboard?auth=[REDACTED]',
        '/api/auth/user',
        '/api/invitations/[REDACTED]',
      ]),
    );
  });

  it('the gateway logs the upstream it calls without the secrets of the request it forwards', async () => {
    const callback = await gateway.inject({ method: 'GET', url: `/api/auth/linkedin/callback?code=${CODE}&state=${STATE}` });
    expect(callback.statusCode).toBe(302);

    const log = gatewayLog.lines.join('\n');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
    expect(requestUrls(gatewayLog.lines)).toContain('/api/auth/linkedin/callback?code=[REDACTED]&state=[REDACTED]');
    expect(log).toContain('/api/auth/linkedin/callback?code=[REDACTED]&state=[REDACTED]"'); // the forwarded `source`, too
  });
});
