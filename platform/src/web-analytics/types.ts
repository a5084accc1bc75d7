import type { Ga4DailyEntry, Ga4Overview, Ga4TopPage, Ga4TrafficSource } from '@hireloop/contracts';

/**
 * Web analytics (the admin Analytics tab's GA4 section, ADR 034): page views, users, sessions and
 * where visitors came from, as Google Analytics 4 measures them in the browser. The product's own
 * numbers (signups, job views, applications, searches) come from the event log instead.
 *
 * Adapters: `ga4` (the GA4 Data API, when `GA4_PROPERTY_ID` is set), `notConfigured` (the
 * default, and every test's: each report throws `WebAnalyticsNotConfiguredError`) and `fixed`
 * (answers given data; tests of the routes).
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
  /** Releases what the adapter holds open (the GA4 client). */
  close?(): Promise<void>;
}

/** No GA4 property (or no credentials) is configured: the routes answer the spec's 'GA4 not configured'. */
export class WebAnalyticsNotConfiguredError extends Error {
  override readonly name = 'WebAnalyticsNotConfiguredError';
  constructor() {
    super('GA4 not configured');
  }
}

