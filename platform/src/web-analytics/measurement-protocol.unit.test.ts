import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGa4PageViewSink, isGa4MeasurementId } from './measurement-protocol';

/** A stand-in for GA4's Measurement Protocol collect endpoint on loopback: it keeps what it was sent. */
let server: Server;
let collectUrl: string;
const received: Array<{ query: URLSearchParams; body: unknown }> = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      received.push({ query: url.searchParams, body: JSON.parse(body) });
      // GA4 answers 204 with no body to a valid hit.
      response.writeHead(url.pathname === '/mp/collect' ? 204 : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  collectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mp/collect`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const until = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('GA4 page views through the Measurement Protocol', () => {
  it('knows a measurement id by its format: G- and 10 letters or digits (spec part 1 §6)', () => {
    expect(isGa4MeasurementId('G-ABCDE12345')).toBe(true);
    for (const id of ['G-ABCDE1234', 'G-ABCDE123456', 'UA-12345-1', 'g-abcde12345', 'G-ABCDE1234!', '', undefined, null]) expect(isGa4MeasurementId(id), String(id)).toBe(false);
  });

  it('is not initialised without settings, with a bad id, or without the secret — and says so for the last two', () => {
    const warnings: string[] = [];
    const onWarning = (message: string) => warnings.push(message);
    expect(createGa4PageViewSink({ measurementId: undefined, apiSecret: undefined, publicUrl: 'https://hireloop.example', onWarning })).toBeNull();
    expect(warnings).toEqual([]);
    expect(createGa4PageViewSink({ measurementId: 'UA-12345-1', apiSecret: 'secret-1', publicUrl: 'https://hireloop.example', onWarning })).toBeNull();
    expect(createGa4PageViewSink({ measurementId: 'G-ABCDE12345', apiSecret: undefined, publicUrl: 'https://hireloop.example', onWarning })).toBeNull();
    expect(warnings).toHaveLength(2);
    expect(warnings.join(' ')).not.toContain('secret-1');
  });

  it('sends each page view as a page_view event with the route’s public address, a random client id, and the id and secret in the query', async () => {
    const sink = createGa4PageViewSink({ measurementId: 'G-ABCDE12345', apiSecret: 'mp-secret', publicUrl: 'https://hireloop.example/', collectUrl })!;
    sink.pageView('/job/$jobId');
    sink.pageView('/jobs');
    await until(() => received.length >= 2);
    expect(received.map((hit) => [hit.query.get('measurement_id'), hit.query.get('api_secret')])).toEqual([
      ['G-ABCDE12345', 'mp-secret'],
      ['G-ABCDE12345', 'mp-secret'],
    ]);
    const bodies = received.map((hit) => hit.body as { client_id: string; events: Array<{ name: string; params: { page_location: string } }> });
    expect(bodies.map((body) => body.events)).toEqual([
      [{ name: 'page_view', params: { page_location: 'https://hireloop.example/job/$jobId', engagement_time_msec: 1 } }],
      [{ name: 'page_view', params: { page_location: 'https://hireloop.example/jobs', engagement_time_msec: 1 } }],
    ]);
    expect(bodies[0]!.client_id).not.toBe(bodies[1]!.client_id);
  });

  it('a refusing endpoint is said once, not for every page view, and without the secret', async () => {
    let answered = 0;
    const warnings: Array<{ message: string; details?: Record<string, unknown> }> = [];
    const sink = createGa4PageViewSink({
      measurementId: 'G-ABCDE12345',
      apiSecret: 'mp-secret',
      publicUrl: 'https://hireloop.example',
      collectUrl: collectUrl.replace('/mp/collect', '/wrong'),
      fetch: async (...args) => {
        const response = await fetch(...args);
        answered++;
        return response;
      },
      onWarning: (message, details) => warnings.push({ message, details }),
    })!;
    sink.pageView('/jobs');
    await until(() => warnings.length > 0);
    sink.pageView('/jobs');
    // The second answer has come back, and what the sink does with it (a microtask) has run.
    await until(() => answered >= 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([{ message: 'GA4 page views are refused; will keep trying', details: { status: 404 } }]);
    expect(JSON.stringify(warnings)).not.toContain('mp-secret');
  });
});
