import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGa4WebAnalytics, ga4DataApiReports } from './ga4';

/**
 * Google's own Data API client (`@google-analytics/data`), as the adapter builds it, against a
 * stand-in for the Data API on loopback: the REST request it sends for each report and how the
 * adapter reads the client's answer. What this does not show: Google's servers accepting it,
 * and signing in with real credentials (ADR 034).
 */
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body: JSON.parse(body || '{}') });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const reportsOnLoopback = () => {
  const authClient = new OAuth2Client();
  authClient.setCredentials({ access_token: 'stand-in-access-token', expiry_date: Date.now() + 3_600_000 });
  return ga4DataApiReports({ timeoutMs: 5_000, clientOptions: { protocol: 'http', apiEndpoint: '127.0.0.1', port, authClient } });
};
const range = { startDate: '2026-11-20', endDate: '2026-11-26' };

describe('the GA4 adapter through the Data API client', () => {
  it('sends runReport to the property over REST with the bearer token, and reads the answer', async () => {
    const reports = reportsOnLoopback();
    const ga4 = createGa4WebAnalytics({ propertyId: '123456789', runReport: reports.runReport });
    try {
      received.length = 0;
      answer = {
        status: 200,
        body: { rows: [{ dimensionValues: [{ value: '20261126' }], metricValues: [{ value: '42' }, { value: '7' }, { value: '9' }] }], rowCount: 1 },
      };
      expect(await ga4.daily(range)).toEqual([{ date: '2026-11-26', pageViews: 42, activeUsers: 7, sessions: 9 }]);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ method: 'POST', authorization: 'Bearer stand-in-access-token' });
      expect(received[0]!.url.split('?')[0]).toBe('/v1beta/properties/123456789:runReport');
      expect(received[0]!.body).toEqual({
        dateRanges: [range],
        dimensions: [{ name: 'date' }],
        metrics: [{ name: 'screenPageViews' }, { name: 'activeUsers' }, { name: 'sessions' }],
        orderBys: [{ dimension: { dimensionName: 'date' } }],
      });

      answer = { status: 200, body: { rows: [{ dimensionValues: [{ value: 'google' }, { value: 'organic' }], metricValues: [{ value: '300' }] }] } };
      expect(await ga4.trafficSources(range, 10)).toEqual([{ source: 'google', medium: 'organic', sessions: 300 }]);
      expect(received[1]!.body).toMatchObject({ dimensions: [{ name: 'sessionSource' }, { name: 'sessionMedium' }], limit: '10' });

      answer = { status: 200, body: {} };
      expect(await ga4.overview(range)).toEqual({ pageViews: 0, activeUsers: 0, sessions: 0 });
    } finally {
      await reports.close();
    }
  });

  it('a refusal of the Data API is an error (the route answers 502), not data', async () => {
    const reports = reportsOnLoopback();
    try {
      answer = { status: 403, body: { error: { code: 403, message: 'User does not have sufficient permissions for this property.', status: 'PERMISSION_DENIED' } } };
      await expect(createGa4WebAnalytics({ propertyId: '1', runReport: reports.runReport }).overview(range)).rejects.toThrow(/permissions/);
    } finally {
      await reports.close();
    }
  });
});
