import type { Config } from '../config';
import { createGa4WebAnalytics, ga4DataApiReports } from './ga4';
import { WebAnalyticsNotConfiguredError, type WebAnalyticsPort, type WebAnalyticsRange } from './types';
import type { Ga4DailyEntry, Ga4Overview, Ga4TopPage, Ga4TrafficSource } from '@hireloop/contracts';

export * from './types';
export { createGa4WebAnalytics, ga4DataApiReports } from './ga4';

/** The adapter the configuration asks for: GA4 when `GA4_PROPERTY_ID` is set, else 'GA4 not configured'. */
export function createWebAnalytics(config: Pick<Config, 'GA4_PROPERTY_ID' | 'GA4_CREDENTIALS_FILE'>): WebAnalyticsPort {
  if (!config.GA4_PROPERTY_ID) return createNotConfiguredWebAnalytics();
  const reports = ga4DataApiReports({ credentialsFile: config.GA4_CREDENTIALS_FILE });
  return { ...createGa4WebAnalytics({ propertyId: config.GA4_PROPERTY_ID, runReport: reports.runReport }), close: reports.close };
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
export * from './measurement-protocol';
