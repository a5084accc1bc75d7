import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@hireloop/contracts';
import { createBaseApp } from './app';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

const INFO = 30;

function capture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

const apps: Array<ReturnType<typeof createBaseApp>> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The base app at `level`, with stand-ins for the board's frequent routes and a few others. */
async function appLoggingAt(level: string) {
  const log = capture();
  const app = createBaseApp({ logger: { level, stream: log.stream } });
  apps.push(app);
  app.get('/api/jobs', { config: { frequent: true } }, async () => []);
  app.get('/api/jobs/:jobId', { config: { frequent: true }, schema: { params: z.object({ jobId: z.string().max(10) }) } }, async (request) => {
    if (request.params.jobId !== 'job-1') throw new DomainError('not_found', 'Job not found');
    return { id: 'job-1' };
  });
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/assets/index-3f2a.js', async (_request, reply) => reply.type('text/javascript').send('export {}'));
  app.get('/api/broken', { config: { frequent: true } }, async () => {
    throw new Error('database unreachable');
  });
  app.post('/api/jobs', async () => ({ success: true }));
  await app.ready();
  const requestLines = () => log.lines.filter((line) => line.req !== undefined && line.level >= INFO);
  return { app, log, requestLines };
}

describe('the request log', () => {
  it('a burst of 1,000 successful reads of frequent routes writes no line at info', async () => {
    const { app, requestLines } = await appLoggingAt('info');
    for (let n = 0; n < 250; n++) {
      for (const url of ['/api/jobs?search=rust', '/api/jobs/job-1', '/healthz', '/assets/index-3f2a.js']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
    }
    expect(requestLines()).toEqual([]);
  });

  it('errors on frequent routes still log: 4xx at info, 5xx at error', async () => {
    const { app, requestLines } = await appLoggingAt('info');
    for (let n = 0; n < 100; n++) await app.inject({ method: 'GET', url: '/api/jobs' });
    expect((await app.inject({ method: 'GET', url: '/api/jobs/job-404' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/jobs/far-too-long-an-id' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/broken' })).statusCode).toBe(500);

    expect(requestLines().map((line) => [line.level, line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      [INFO, 'request completed', '/api/jobs/job-404', 404],
      [INFO, 'request completed', '/api/jobs/far-too-long-an-id', 400],
      [50, 'request completed', '/api/broken', 500],
    ]);
  });

  it('other requests log one line each at info, with method, URL and status', async () => {
    const { app, log } = await appLoggingAt('info');
    await app.inject({ method: 'POST', url: '/api/jobs', payload: {} });
    expect(log.lines.map((line) => [line.level, line.msg, line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      [INFO, 'request completed', 'POST', '/api/jobs', 200],
    ]);
  });

  it('at debug, frequent routes log too', async () => {
    const { app, log } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/api/jobs?search=rust' });
    expect(log.lines.map((line) => [line.msg, line.req?.url])).toEqual([
      ['incoming request', '/api/jobs?search=rust'],
      ['request completed', '/api/jobs?search=rust'],
    ]);
  });
});
