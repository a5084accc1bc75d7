import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createGa4WebAnalytics, type Ga4ReportRequest, type Ga4ReportResponse } from './ga4';
import { createWebAnalytics, WebAnalyticsNotConfiguredError } from './index';

/**
 * The GA4 adapter against a stand-in for the Data API's `runReport`: what it asks for and how it
 * reads the answers. The real client is never called here (no credentials, no network): see ADR 034.
 */
const range = { startDate: '2026-10-28', endDate: '2026-11-26' };

function fakeDataApi(answers: Record<string, Ga4ReportResponse | Error>) {
  const requests: Ga4ReportRequest[] = [];
  const runReport = async (request: Ga4ReportRequest): Promise<Ga4ReportResponse> => {
    requests.push(request);
    const key = request.dimensions?.map((d) => d.name).join(',') || 'overview';
    const answer = answers[key];
    if (answer instanceof Error) throw answer;
    return answer ?? {};
  };
  return { requests, runReport };
}

const row = (dimensions: string[], metrics: string[]) => ({ dimensionValues: dimensions.map((value) => ({ value })), metricValues: metrics.map((value) => ({ value })) });

describe('the GA4 Data API adapter', () => {
  it('asks for the spec’s four reports of the property over the range, and reads them in the spec’s shapes', async () => {
    const api = fakeDataApi({
      overview: { rows: [row([], ['1200', '300', '450'])] },
      'pageTitle,pagePath': { rows: [row(['Jobs', '/jobs'], ['800']), row(['Home', '/'], ['400'])] },
      date: { rows: [row(['20261125'], ['40', '10', '15']), row(['20261126'], ['42', '11', '16'])] },
      'sessionSource,sessionMedium': { rows: [row(['google', 'organic'], ['300']), row(['(direct)', '(none)'], ['150'])] },
    });
    const ga4 = createGa4WebAnalytics({ propertyId: '123456789', runReport: api.runReport });

    expect(await ga4.overview(range)).toEqual({ pageViews: 1200, activeUsers: 300, sessions: 450 });
    expect(await ga4.topPages(range, 10)).toEqual([
      { pageTitle: 'Jobs', pagePath: '/jobs', pageViews: 800 },
      { pageTitle: 'Home', pagePath: '/', pageViews: 400 },
    ]);
    expect(await ga4.daily(range)).toEqual([
      { date: '2026-11-25', pageViews: 40, activeUsers: 10, sessions: 15 },
      { date: '2026-11-26', pageViews: 42, activeUsers: 11, sessions: 16 },
    ]);
    expect(await ga4.trafficSources(range, 10)).toEqual([
      { source: 'google', medium: 'organic', sessions: 300 },
      { source: '(direct)', medium: '(none)', sessions: 150 },
    ]);

    expect(api.requests).toEqual([
      { property: 'properties/123456789', dateRanges: [range], metrics: [{ name: 'screenPageViews' }, { name: 'activeUsers' }, { name: 'sessions' }] },
      {
        property: 'properties/123456789',
        dateRanges: [range],
        dimensions: [{ name: 'pageTitle' }, { name: 'pagePath' }],
        metrics: [{ name: 'screenPageViews' }],
        orderBys: [{ metric: { metricName: 'screenPageViews' }, desc: true }],
        limit: 10,
      },
      {
        property: 'properties/123456789',
        dateRanges: [range],
        dimensions: [{ name: 'date' }],
        metrics: [{ name: 'screenPageViews' }, { name: 'activeUsers' }, { name: 'sessions' }],
        orderBys: [{ dimension: { dimensionName: 'date' } }],
      },
      {
        property: 'properties/123456789',
        dateRanges: [range],
        dimensions: [{ name: 'sessionSource' }, { name: 'sessionMedium' }],
        metrics: [{ name: 'sessions' }],
        orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
        limit: 10,
      },
    ]);
  });

  it('a property without data answers zeros and empty lists', async () => {
    const ga4 = createGa4WebAnalytics({ propertyId: '1', runReport: fakeDataApi({}).runReport });
    expect(await ga4.overview(range)).toEqual({ pageViews: 0, activeUsers: 0, sessions: 0 });
    expect(await ga4.topPages(range, 10)).toEqual([]);
    expect(await ga4.daily(range)).toEqual([]);
    expect(await ga4.trafficSources(range, 10)).toEqual([]);
  });

  it('reuses an answer for five minutes, and never a failure', async () => {
    let now = 0;
    const failing = fakeDataApi({ overview: new Error('quota exhausted') });
    const ga4 = createGa4WebAnalytics({ propertyId: '1', runReport: failing.runReport, now: () => now });
    await expect(ga4.overview(range)).rejects.toThrow('quota exhausted');
    await expect(ga4.overview(range)).rejects.toThrow('quota exhausted');
    expect(failing.requests).toHaveLength(2);

    const api = fakeDataApi({ overview: { rows: [row([], ['1', '1', '1'])] } });
    const cached = createGa4WebAnalytics({ propertyId: '1', runReport: api.runReport, now: () => now });
    await cached.overview(range);
    now += 4 * 60_000;
    await cached.overview(range);
    expect(api.requests).toHaveLength(1);
    await cached.overview({ ...range, startDate: '2026-11-20' });
    expect(api.requests).toHaveLength(2);
    now += 2 * 60_000;
    await cached.overview(range);
    expect(api.requests).toHaveLength(3);
  });
});

describe('choosing the web analytics adapter', () => {
  it("without GA4_PROPERTY_ID every report is 'GA4 not configured'", async () => {
    const adapter = createWebAnalytics(loadConfig({}));
    expect(adapter.kind).toBe('not_configured');
    await expect(adapter.overview(range)).rejects.toBeInstanceOf(WebAnalyticsNotConfiguredError);
    await expect(adapter.trafficSources(range, 10)).rejects.toThrow('GA4 not configured');
  });

  it('with GA4_PROPERTY_ID the GA4 adapter (not called here: no credentials in tests)', async () => {
    const adapter = createWebAnalytics(loadConfig({ GA4_PROPERTY_ID: '123456789' }));
    expect(adapter.kind).toBe('ga4');
    await adapter.close?.();
  });

  it('refuses a property id that is not a number, and a credentials file without a property', () => {
    expect(() => loadConfig({ GA4_PROPERTY_ID: 'G-ABC123' })).toThrow(/GA4_PROPERTY_ID must be the numeric id of a GA4 property/);
    expect(() => loadConfig({ GA4_CREDENTIALS_FILE: '/etc/ga4.json' })).toThrow(/GA4_CREDENTIALS_FILE needs GA4_PROPERTY_ID/);
  });
});
