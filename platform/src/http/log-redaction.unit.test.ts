import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretName, loggerOptions, redactText, redactUrl, withLogRedaction } from './log-redaction';

const R = REDACTED;

describe('redactUrl', () => {
  it.each([
    // The reset link, as mailed and as mail clients and scanners mangle it.
    ['/reset-password/S3CR3T', `/reset-password/${R}`],
    ['/reset-password/S3CR3T/', `/reset-password/${R}`],
    ['/reset-password/S3CR3T/more/S3CR3T', `/reset-password/${R}`],
    ['/reset-password/S3CR3T?utm_source=mail', `/reset-password/${R}?utm_source=mail`],
    ['/Reset-Password/S3CR3T', `/Reset-Password/${R}`],
    ['//reset-password/S3CR3T', `//reset-password/${R}`],
    ['/reset-password%2FS3CR3T', `/reset-password/${R}`],
    ['/reset-password%252FS3CR3T', `/reset-password/${R}`],
    ['/reset%2Dpassword/S3CR3T', `/reset-password/${R}`],
    ['/reset-password\\S3CR3T', `/reset-password/${R}`],
    ['https://hireloop.example/reset-password/S3CR3T', `https://hireloop.example/reset-password/${R}`],
    // The invitation link and its API (ADR 031); the company's list of requests carries no token.
    ['/invitation/S3CR3T', `/invitation/${R}`],
    ['https://hireloop.example/invitation/S3CR3T?ref=mail', `https://hireloop.example/invitation/${R}?ref=mail`],
    ['/api/invitations/S3CR3T', `/api/invitations/${R}`],
    ['/api/invitations/S3CR3T/reveal', `/api/invitations/${R}`],
    ['/api/invitations/S3CR3T/availability', `/api/invitations/${R}`],
    ['/api/invitations/S3CR3T/claim', `/api/invitations/${R}`],
    ['/api/job-invitations', '/api/job-invitations'],
    // LinkedIn's callback and the one-time sign-in code.
    ['/api/auth/linkedin/callback?code=S3CR3T&state=S3CR3T', `/api/auth/linkedin/callback?code=${R}&state=${R}`],
    ['/api/auth/linkedin/callback?state=S3CR3T&code=S3CR3T&iss=https%3A%2F%2Fwww.linkedin.com', `/api/auth/linkedin/callback?state=${R}&code=${R}&iss=https%3A%2F%2Fwww.linkedin.com`],
    ['/dashboard?auth=S3CR3T', `/dashboard?auth=${R}`],
    ['/dashboard?AUTH=S3CR3T', `/dashboard?AUTH=${R}`],
    ['/dashboard?%61uth=S3CR3T', `/dashboard?%61uth=${R}`],
    ['/dashboard?auth=S3CR3T#section', `/dashboard?auth=${R}#${R}`],
    ['/dashboard?x=1;auth=S3CR3T', `/dashboard?x=1;auth=${R}`],
    // Other names that carry secrets elsewhere.
    ['/cb?id_token=S3CR3T&access_token=S3CR3T&refresh_token=S3CR3T', `/cb?id_token=${R}&access_token=${R}&refresh_token=${R}`],
    ['/cb?session_state=S3CR3T&nonce=S3CR3T&authCode=S3CR3T', `/cb?session_state=${R}&nonce=${R}&authCode=${R}`],
    ['/cb?client_secret=S3CR3T&api_key=S3CR3T&key=S3CR3T', `/cb?client_secret=${R}&api_key=${R}&key=${R}`],
    // The AI assistant's connect page (ADR 043).
    ['/mysalt-callback?user_token=S3CR3T&api_key=S3CR3T', `/mysalt-callback?user_token=${R}&api_key=${R}`],
    ['/cb?password=S3CR3T&newPassword=S3CR3T&token[]=S3CR3T', `/cb?password=${R}&newPassword=${R}&token[]=${R}`],
    ['/file?X-Amz-Signature=S3CR3T&X-Amz-Credential=S3CR3T&sig=S3CR3T', `/file?X-Amz-Signature=${R}&X-Amz-Credential=${R}&sig=${R}`],
    ['/cb#id_token=S3CR3T', `/cb#${R}`],
    // The owner's grant on a profile picture's address (ADR 046).
    ['/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c?grant=1800000000.S3CR3T', `/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c?grant=${R}`],
    // A URL inside a parameter is redacted too.
    ['/go?next=%2Fdashboard%3Fauth%3DS3CR3T', `/go?next=${encodeURIComponent(`/dashboard?auth=${R}`)}`],
    ['/go?redirect_uri=https%3A%2F%2Fa.example%2Freset-password%2FS3CR3T', `/go?redirect_uri=${encodeURIComponent(`https://a.example/reset-password/${R}`)}`],
    // Credentials in an absolute URL.
    ['postgres://postgres:S3CR3T@127.0.0.1:5432/hireloop', `postgres://${R}@127.0.0.1:5432/hireloop`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain('S3CR3T');
  });

  it.each([
    '/',
    '/reset-password',
    '/reset-password/',
    '/api/auth/reset-password',
    '/jobs?search=react%20native&location=Berlin&type=Full-time&status=open&page=2&pageSize=20',
    '/?error=auth_failed',
    '/job/5b7c1e0c-6a53-4bb2-9d4a-3f0f4f6f0a11',
    '/api/jobs?mine=true&status=closed',
    '/api/jobs?keyword=go',
    '/search?q=%E2%9C%93&bad=%E0%A4%A',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('isSecretName', () => {
  it.each(['code', 'state', 'nonce', 'auth', 'authCode', 'auth_code', 'token', 'id_token', 'ACCESS-TOKEN', 'secret', 'password', 'signature', 'session_state', 'api_key', 'apiKey', 'oauth_state'])(
    '%s holds a secret',
    (name) => expect(isSecretName(name)).toBe(true),
  );
  it.each(['search', 'location', 'type', 'status', 'page', 'pageSize', 'mine', 'error', 'keyword', 'utm_source', 'iss'])('%s does not', (name) =>
    expect(isSecretName(name)).toBe(false),
  );
});

describe('redactText', () => {
  it.each([
    ['Route GET:/reset-password/S3CR3T not found', `Route GET:/reset-password/${R} not found`],
    ['Reply was already sent, did you forget to "return reply" in the "/dashboard?auth=S3CR3T" (GET) route?', `Reply was already sent, did you forget to "return reply" in the "/dashboard?auth=${R}" (GET) route?`],
    ['fetch failed: https://idp.example/token?code=S3CR3T&state=S3CR3T', `fetch failed: https://idp.example/token?code=${R}&state=${R}`],
    ['callback parameters code=S3CR3T&state=S3CR3T', `callback parameters code=${R}&state=${R}`],
    [`an assistant sent hlk_${'A1b2-_'.repeat(7)}x by mistake`, `an assistant sent ${R} by mistake`],
    ['Hireloop is running at http://localhost:3000 (embedded PostgreSQL, data in .data; bus: in-process)', 'Hireloop is running at http://localhost:3000 (embedded PostgreSQL, data in .data; bus: in-process)'],
  ])('%s', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
});

/** A fastify logger writing JSON lines into an array. */
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

describe('the redacting logger', () => {
  it('keeps secrets out of request lines, messages, fields and errors, and never logs headers', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: withLogRedaction({ level: 'trace', stream }) });
    app.get('/dashboard', async () => 'ok');
    await app.inject({ method: 'GET', url: '/dashboard?auth=AUTH-SECRET', headers: { authorization: 'Bearer BEARER-SECRET', cookie: 'sid=COOKIE-SECRET' } });
    app.log.info('Route GET:/reset-password/TOKEN-SECRET not found');
    app.log.warn('%s failed', '/api/auth/linkedin/callback?code=CODE-SECRET');
    app.log.info({ source: 'http://command:3000/api/auth/linkedin/callback?code=CODE-SECRET&state=STATE-SECRET', url: '/reset-password/TOKEN-SECRET' }, 'fetching');
    app.log.info({ body: { password: 'PASSWORD-SECRET', newPassword: 'PASSWORD-SECRET' }, token: 'TOKEN-SECRET' }, 'fields');
    const cause = Object.assign(new Error('token endpoint said no for code=CODE-SECRET'), { authorization: 'Bearer BEARER-SECRET', status: 400 });
    app.log.error({ err: new Error('callback /api/auth/linkedin/callback?state=STATE-SECRET failed', { cause }) }, 'LinkedIn sign-in failed');
    await app.close();

    const log = lines.join('\n');
    for (const secret of ['AUTH-SECRET', 'BEARER-SECRET', 'COOKIE-SECRET', 'TOKEN-SECRET', 'CODE-SECRET', 'STATE-SECRET', 'PASSWORD-SECRET']) {
      expect(log).not.toContain(secret);
    }
    const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
    expect(incoming.req).toEqual({ method: 'GET', url: `/dashboard?auth=${R}`, remoteAddress: '127.0.0.1' });
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'LinkedIn sign-in failed');
    expect(failure.err).toMatchObject({ type: 'Error', message: `callback /api/auth/linkedin/callback?state=${R} failed`, cause: { message: `token endpoint said no for code=${R}`, authorization: R, status: 400 } });
  });

  it('applies to any logger option: true, a level, or one with its own redact paths and hooks', () => {
    expect(withLogRedaction(false)).toBe(false);
    expect(withLogRedaction(undefined)).toBeUndefined();
    expect(loggerOptions('silent')).toBe(false);
    for (const options of [withLogRedaction(true), loggerOptions('info')]) {
      expect(options).toMatchObject({ serializers: { req: expect.any(Function), err: expect.any(Function) }, redact: { censor: R }, hooks: { logMethod: expect.any(Function) } });
    }
    const own = withLogRedaction({ level: 'info', redact: ['user.email'] });
    const twice = withLogRedaction(own);
    expect(twice).toMatchObject({ level: 'info', redact: { paths: expect.arrayContaining(['user.email', 'req.headers.authorization']) } });
    expect(typeof twice === 'object' && twice.hooks?.logMethod).toBe(typeof own === 'object' && own.hooks?.logMethod);
  });
});
