import type { Ga4DailyEntry, Ga4Overview, Ga4TopPage, Ga4TrafficSource } from '@hireloop/contracts';
import type { WebAnalyticsPort, WebAnalyticsRange } from './types';

/**
 * The GA4 Data API adapter (ADR 034): four `runReport` calls of Google's maintained client
 * (`@google-analytics/data`, loaded only when GA4 is configured), answers kept for a few minutes
 * so an admin opening the tab does not spend the property's quota each time.
 *
 * Dates are the property's own days (GA4 reports in the property's time zone), not UTC.
 */

/** The part of a `runReport` request this adapter sends (a subset of the client's `IRunReportRequest`). */
export interface Ga4ReportRequest {
  property: string;
  dateRanges: Array<{ startDate: string; endDate: string }>;
  dimensions?: Array<{ name: string }>;
  metrics: Array<{ name: string }>;
  orderBys?: Array<{ metric?: { metricName: string }; dimension?: { dimensionName: string }; desc?: boolean }>;
  limit?: number;
}

/** The part of a `runReport` response it reads. */
export interface Ga4ReportResponse {
  rows?: Array<{ dimensionValues?: Array<{ value?: string | null }> | null; metricValues?: Array<{ value?: string | null }> | null }> | null;
}

export type Ga4RunReport = (request: Ga4ReportRequest) => Promise<Ga4ReportResponse>;

export interface Ga4Options {
  /** The GA4 property's numeric id. */
  propertyId: string;
  /** Sends one report (default: the Data API client, created on first use). */
  runReport: Ga4RunReport;
  /** How long an answer is reused (default 5 minutes). */
  cacheMs?: number;
  now?: () => number;
}

const count = (value: string | null | undefined) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};
const text = (value: string | null | undefined) => value ?? '';
/** GA4's `date` dimension is YYYYMMDD. */
const isoDate = (value: string | null | undefined) => {
  const digits = text(value);
  return /^\d{8}$/.test(digits) ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}` : digits;
};

export function createGa4WebAnalytics(options: Ga4Options): WebAnalyticsPort {
  const property = `properties/${options.propertyId}`;
  const cacheMs = options.cacheMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

  const report = <T>(key: string, request: Omit<Ga4ReportRequest, 'property'>, read: (response: Ga4ReportResponse) => T): Promise<T> => {
    const cached = cache.get(key);
    if (cached && now() - cached.at < cacheMs) return cached.answer as Promise<T>;
    const answer = options.runReport({ property, ...request }).then(read);
    cache.set(key, { at: now(), answer });
    // A failure is not kept: the next request asks again.
    answer.catch(() => {
      if (cache.get(key)?.answer === answer) cache.delete(key);
    });
    return answer;
  };
  const dateRanges = (range: WebAnalyticsRange) => [{ startDate: range.startDate, endDate: range.endDate }];
  const keyOf = (name: string, range: WebAnalyticsRange, limit = 0) => `${name}:${range.startDate}:${range.endDate}:${limit}`;

  return {
    kind: 'ga4',
    overview: (range) =>
      report(
        keyOf('overview', range),
        { dateRanges: dateRanges(range), metrics: [{ name: 'screenPageViews' }, { name: 'activeUsers' }, { name: 'sessions' }] },
        (response): Ga4Overview => {
          const values = response.rows?.[0]?.metricValues ?? [];
          return { pageViews: count(values[0]?.value), activeUsers: count(values[1]?.value), sessions: count(values[2]?.value) };
        },
      ),
    topPages: (range, limit) =>
      report(
        keyOf('top-pages', range, limit),
        {
          dateRanges: dateRanges(range),
          dimensions: [{ name: 'pageTitle' }, { name: 'pagePath' }],
          metrics: [{ name: 'screenPageViews' }],
          orderBys: [{ metric: { metricName: 'screenPageViews' }, desc: true }],
          limit,
        },
        (response): Ga4TopPage[] =>
          (response.rows ?? []).map((row) => ({
            pageTitle: text(row.dimensionValues?.[0]?.value),
            pagePath: text(row.dimensionValues?.[1]?.value),
            pageViews: count(row.metricValues?.[0]?.value),
          })),
      ),
    daily: (range) =>
      report(
        keyOf('daily', range),
        {
          dateRanges: dateRanges(range),
          dimensions: [{ name: 'date' }],
          metrics: [{ name: 'screenPageViews' }, { name: 'activeUsers' }, { name: 'sessions' }],
          orderBys: [{ dimension: { dimensionName: 'date' } }],
        },
        (response): Ga4DailyEntry[] =>
          (response.rows ?? []).map((row) => ({
            date: isoDate(row.dimensionValues?.[0]?.value),
            pageViews: count(row.metricValues?.[0]?.value),
            activeUsers: count(row.metricValues?.[1]?.value),
            sessions: count(row.metricValues?.[2]?.value),
          })),
      ),
    trafficSources: (range, limit) =>
      report(
        keyOf('traffic-sources', range, limit),
        {
          dateRanges: dateRanges(range),
          dimensions: [{ name: 'sessionSource' }, { name: 'sessionMedium' }],
          metrics: [{ name: 'sessions' }],
          orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
          limit,
        },
        (response): Ga4TrafficSource[] =>
          (response.rows ?? []).map((row) => ({
            source: text(row.dimensionValues?.[0]?.value),
            medium: text(row.dimensionValues?.[1]?.value),
            sessions: count(row.metricValues?.[0]?.value),
          })),
      ),
  };
}

export interface Ga4DataApiOptions {
  /** A service account's JSON key file; unset: Google's Application Default Credentials. */
  credentialsFile?: string;
  timeoutMs?: number;
  /**
   * More options for the client's constructor: tests point it at a stand-in server on loopback
   * (`protocol`, `apiEndpoint`, `port`) with a ready access token (`authClient`).
   */
  clientOptions?: Record<string, unknown>;
}

/**
 * `runReport` through Google's Data API client, created on first use (so a process that never
 * shows the GA4 section never loads it), and a way to close it. The client speaks the Data API's
 * REST interface (`fallback`: HTTP/1.1 and JSON), the transport the tests exercise.
 */
export function ga4DataApiReports(options: Ga4DataApiOptions = {}): { runReport: Ga4RunReport; close(): Promise<void> } {
  type Client = { runReport(request: Ga4ReportRequest, callOptions: { timeout: number }): Promise<[Ga4ReportResponse, ...unknown[]]>; close(): Promise<void> };
  let client: Promise<Client> | null = null;
  const open = () =>
    (client ??= import('@google-analytics/data').then(
      ({ BetaAnalyticsDataClient }) =>
        new BetaAnalyticsDataClient({
          fallback: true,
          ...(options.credentialsFile ? { keyFilename: options.credentialsFile } : {}),
          ...options.clientOptions,
        }) as unknown as Client,
    ));
  return {
    runReport: async (request) => {
      const [response] = await (await open()).runReport(request, { timeout: options.timeoutMs ?? 10_000 });
      return response;
    },
    close: async () => {
      if (client) await (await client).close();
    },
  };
}
