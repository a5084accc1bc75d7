import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBaseApp, type BaseAppOptions } from './app';

/** The base every service is built on, with a few stand-in routes; some tests talk raw HTTP to it. */
const apps: Array<ReturnType<typeof createBaseApp>> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function baseApp(options: BaseAppOptions = {}) {
  const app = createBaseApp(options);
  apps.push(app);
  app.get('/api/things/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => ({ id: request.params.id }));
  // No schema at all: the guard still applies.
  app.post('/api/echo', async (request) => ({ received: request.body }));
  app.get('/api/feed', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ items: [] }));
  app.get('/api/secret', async (_request, reply) => reply.header('cache-control', 'no-store').send({ secret: true }));
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>Page</title>'));
  await app.ready();
  return app;
}

/** Sends bytes as they are (inject() cannot send what Node's HTTP parser refuses) and reads the answer. */
async function rawHttp(app: ReturnType<typeof createBaseApp>, request: string) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  const received = await new Promise<string>((resolve) => {
    let data = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => (data += chunk.toString()));
    // The server closes the connection after answering; it may do so before reading all we sent.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(data));
  });
  const [head = '', body = ''] = received.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) as unknown };
}

describe('errors found before any route runs', () => {
  it.each(['/api/things/%ED%A0%80', '/api/things/%E0%A4%A', '/api/things/%FF'])('answers %s, which does not decode to UTF-8, with a 400 in the product shape', async (url) => {
    const app = await baseApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'The address is not valid: a percent-encoded part of it is not UTF-8 text.' });
  });

  it('answers headers that are too large with a 431 in the product shape', async () => {
    const app = await baseApp();
    const answer = await rawHttp(app, `GET /api/things/1 HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.head).toContain('content-type: application/json');
    expect(answer.body).toEqual({ success: false, error: 'The request headers are too large.' });
  });

  it.each([
    ['a NUL byte in a header', 'GET /api/things/1 HTTP/1.1\r\nHost: localhost\r\nX-Name: a\u0000b\r\n\r\n'],
    ['a space in a header name', 'GET /api/things/1 HTTP/1.1\r\nHost: localhost\r\nBad Name: x\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
  ])('answers %s with a 400 in the product shape', async (_label, request) => {
    const app = await baseApp();
    const answer = await rawHttp(app, request);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: 'The request is not valid HTTP.' });
  });
});

describe('text that is not text', () => {
  it('refuses a NUL character or an unpaired surrogate on a route that declares no schema', async () => {
    const app = await baseApp();
    for (const payload of ['{"note":"a\\u0000b"}', '{"note":"\\uDC00"}']) {
      const response = await app.inject({ method: 'POST', url: '/api/echo', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: 'note contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).' });
    }
  });

  it('refuses them in path parameters and query values, and passes well-formed text through', async () => {
    const app = await baseApp();
    expect((await app.inject({ method: 'GET', url: '/api/things/%00' })).json().error).toBe('The address contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).');
    const inQuery = await app.inject({ method: 'GET', url: '/api/things/1?search=%00' });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().error).toBe('search contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).');
    expect((await app.inject({ method: 'GET', url: '/api/things/Zo%C3%AB%20%F0%9F%9A%80' })).json()).toEqual({ id: 'Zoë 🚀' });
  });
});

describe('security headers', () => {
  it('every answer carries a content security policy that allows scripts from the app itself only', async () => {
    const app = await baseApp();
    const page = await app.inject({ method: 'GET', url: '/page' });
    const policy = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('tells browsers to stay on https only when the app is reached over https', async () => {
    const overHttps = await baseApp({ publicUrl: 'https://hireloop.example' });
    expect((await overHttps.inject({ method: 'GET', url: '/page' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await baseApp({ publicUrl: 'http://localhost:3000' });
    const page = await overHttp.inject({ method: 'GET', url: '/page' });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('no answer to a signed-in API request may be stored, unless the route already forbids it', async () => {
    const app = await baseApp();
    const signedIn = { authorization: 'Bearer some-token' };
    const feed = await app.inject({ method: 'GET', url: '/api/feed', headers: signedIn });
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ method: 'GET', url: '/api/things/1', headers: signedIn })).headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ method: 'GET', url: '/api/things/%00', headers: signedIn })).headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ method: 'GET', url: '/api/secret', headers: signedIn })).headers['cache-control']).toBe('no-store');

    expect((await app.inject({ method: 'GET', url: '/api/feed' })).headers['cache-control']).toBe('public, max-age=300');
    expect((await app.inject({ method: 'GET', url: '/page', headers: signedIn })).headers['cache-control']).toBeUndefined();
  });
});
