import type { Ga4DailyEntry, Ga4Overview, Ga4TopPage, Ga4TrafficSource } from '@hireloop/contracts';

/**
 * Web analytics (the admin Analytics tab's GA4 section, ADR 034): page views, users, sessions and
 * where visitors came from, as Google Analytics 4 measures them in the browser. The product's own
 * numbers (signups, job views, applications, searches) come from the event log instead.
 *
 * Adapters: `notConfigured` (the default everywhere, and in every test: each report throws
 * `WebAnalyticsNotConfiguredError`) and `fixed` (answers given data; tests of the routes). A GA4
 * Data API adapter is not written yet (ADR 034 says what it needs).
 */
export interface WebAnalyticsRange {
  /** First and last day, both included, as YYYY-MM-DD (UTC). */
  startDate: string;
  endDate: string;
}

export interface WebAnalyticsPort {
  readonly kind: 'not_configured' | 'fixed' | 'ga4';
  overview(range: WebAnalyticsRange): Promise<Ga4Overview>;
  /** Most viewed first, at most `limit`. */
  topPages(range: WebAnalyticsRange, limit: number): Promise<Ga4TopPage[]>;
  /** One entry per day that has data, oldest first. */
  daily(range: WebAnalyticsRange): Promise<Ga4DailyEntry[]>;
  /** Most sessions first, at most `limit`. */
  trafficSources(range: WebAnalyticsRange, limit: number): Promise<Ga4TrafficSource[]>;
}

/** No GA4 property (or no credentials) is configured: the routes answer the spec's 'GA4 not configured'. */
export class WebAnalyticsNotConfiguredError extends Error {
  override readonly name = 'WebAnalyticsNotConfiguredError';
  constructor() {
    super('GA4 not configured');
  }
}

/** The adapter of a deployment without GA4: every report says so. */
export function createNotConfiguredWebAnalytics(): WebAnalyticsPort {
  const refuse = async (): Promise<never> => {
    throw new WebAnalyticsNotConfiguredError();
  };
  return { kind: 'not_configured', overview: refuse, topPages: refuse, daily: refuse, trafficSources: refuse };
}

export interface FixedWebAnalyticsData {
  overview: Ga4Overview;
  topPages: Ga4TopPage[];
  daily: Ga4DailyEntry[];
  trafficSources: Ga4TrafficSource[];
}

/** Answers the data it was given (days filtered to the range, lists cut to the limit): for tests. */
export function createFixedWebAnalytics(data: FixedWebAnalyticsData): WebAnalyticsPort & { ranges: WebAnalyticsRange[] } {
  const ranges: WebAnalyticsRange[] = [];
  const answer = async <T>(range: WebAnalyticsRange, value: T): Promise<T> => {
    ranges.push(range);
    return structuredClone(value);
  };
  return {
    kind: 'fixed',
    ranges,
    overview: (range) => answer(range, data.overview),
    topPages: (range, limit) => answer(range, data.topPages.slice(0, limit)),
    daily: (range) => answer(range, data.daily.filter((day) => day.date >= range.startDate && day.date <= range.endDate)),
    trafficSources: (range, limit) => answer(range, data.trafficSources.slice(0, limit)),
  };
}
