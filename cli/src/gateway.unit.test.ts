import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { buildGateway } from './gateway';

/**
 * What the gateway sends on and answers, seen from an upstream HTTP server that records each
 * request it gets (the services' own behaviour is tested in tests/api/gateway.int.test.ts).
 */
let upstream: Server;
let upstreamUrl: string;
const received: Array<{ url: string; headers: IncomingHttpHeaders; body: Promise<Buffer> }> = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    received.push({ url: request.url ?? '', headers: request.headers, body: new Promise((resolve) => request.on('end', () => resolve(Buffer.concat(chunks)))) });
    // A replica that cannot answer now (its database away): 503 with Retry-After, as ADR 050 answers.
    if (request.url?.startsWith('/api/unavailable')) {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"success":false,"error":"Try again shortly."}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

const lastReceived = () => received.at(-1)!;

describe('what the gateway tells the services about the client (ADR 051)', () => {
  it('sends the socket\'s address as the only X-Forwarded-For when it trusts no hop, whatever the client wrote', async () => {
    const gateway = await buildGateway({ queryUrl: upstreamUrl, commandUrl: upstreamUrl, spaDir: false });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const response = await gateway.inject({
          method,
          url: '/api/jobs?search=x',
          remoteAddress: '203.0.113.7',
          headers: { 'x-forwarded-for': '198.51.100.1, 198.51.100.2', forwarded: 'for=198.51.100.3', 'x-real-ip': '198.51.100.4', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'hireloop.example' },
          ...(method === 'POST' ? { payload: '{}', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1', host: 'hireloop.example' } } : {}),
        });
        expect(response.statusCode).toBe(200);
        const { headers } = lastReceived();
        expect(headers['x-forwarded-for']).toBe('203.0.113.7');
        expect(headers['x-forwarded-proto']).toBe('http');
        expect(headers['x-forwarded-host']).toBe('hireloop.example');
        expect(headers.forwarded).toBeUndefined();
        expect(headers['x-real-ip']).toBeUndefined();
      }
    } finally {
      await gateway.close();
    }
  });

  it('takes the client\'s address from a load balancer it trusts, and only from it', async () => {
    const gateway = await buildGateway({ queryUrl: upstreamUrl, commandUrl: upstreamUrl, spaDir: false, trustProxy: ['10.0.0.1'] });
    try {
      await gateway.inject({ method: 'GET', url: '/api/jobs', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.8', 'x-forwarded-proto': 'https' } });
      expect(lastReceived().headers).toMatchObject({ 'x-forwarded-for': '203.0.113.8', 'x-forwarded-proto': 'https' });
      await gateway.inject({ method: 'GET', url: '/api/jobs', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '198.51.100.9', 'x-forwarded-proto': 'https' } });
      expect(lastReceived().headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' });
    } finally {
      await gateway.close();
    }
  });
});

describe('bodies', () => {
  it('passes a large upload through byte for byte', async () => {
    const gateway = await buildGateway({ queryUrl: upstreamUrl, commandUrl: upstreamUrl, spaDir: false });
    try {
      const upload = Buffer.alloc(3 * 1024 * 1024, 7);
      upload.write('%PDF-1.7', 0);
      const response = await gateway.inject({ method: 'POST', url: '/api/parse-resume', payload: upload, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
      expect(response.statusCode).toBe(200);
      expect((await lastReceived().body).equals(upload)).toBe(true);
    } finally {
      await gateway.close();
    }
  });
});

describe('the gateway\'s answers when a service cannot answer', () => {
  it('passes a replica\'s 503 on once, with its Retry-After, instead of asking it ten more times', async () => {
    const gateway = await buildGateway({ queryUrl: upstreamUrl, commandUrl: upstreamUrl, spaDir: false });
    try {
      const before = received.length;
      const response = await gateway.inject({ method: 'GET', url: '/api/unavailable' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(received.length - before).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it('answers 503 with Retry-After, not 500, when the command service or every query replica is unreachable', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const gateway = await buildGateway({ queryUrl: [nobody], commandUrl: nobody, spaDir: false });
    try {
      const write = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('1');
      expect(write.json().error).toBe('The command service is unreachable. Please try again shortly.');
      const read = await gateway.inject({ method: 'GET', url: '/api/jobs' });
      expect(read.statusCode).toBe(503);
      expect(read.json().error).toBe('The query service is unreachable. Please try again shortly.');
      const health = await gateway.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'down', ok: false, checks: { 'command-service': { status: 'down', error: 'unreachable' }, 'query-service': { status: 'down', error: 'unreachable', answered: 0, failures: 1 } } });
    } finally {
      await gateway.close();
    }
  });
});
