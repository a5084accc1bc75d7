import {
  AnalyticsSummary,
  DailyMetricsResponse,
  Ga4DailyResponse,
  Ga4OverviewAnswer,
  Ga4TopPagesResponse,
  isGa4NotConfiguredAnswer,
  type Ga4NotConfigured,
  Ga4TrafficSourcesResponse,
  TopJobsResponse,
} from '@hireloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer, type AnswerSchema } from '../../../lib/api-client';

const BASE = '/api/admin/analytics';

/** Part 2 §7: analytics over the last 30 days, daily activity over 7 (the server's defaults, ADR 034). */
export const analyticsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [`${BASE}/summary`] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(AnalyticsSummary, await getJson(`${BASE}/summary`, { signal }), `${BASE}/summary`),
  });

export const topJobsQueryOptions = () =>
  queryOptions({
    queryKey: [`${BASE}/top-jobs`] as const,
    queryFn: async ({ signal }) => parseAnswer(TopJobsResponse, await getJson(`${BASE}/top-jobs`, { signal }), `${BASE}/top-jobs`),
  });

export const dailyMetricsQueryOptions = () =>
  queryOptions({
    queryKey: [`${BASE}/daily-metrics`] as const,
    queryFn: async ({ signal }) => parseAnswer(DailyMetricsResponse, await getJson(`${BASE}/daily-metrics`, { signal }), `${BASE}/daily-metrics`),
  });

export const useAnalyticsSummary = () => useQuery(analyticsSummaryQueryOptions());
export const useTopJobs = () => useQuery(topJobsQueryOptions());
export const useDailyMetrics = () => useQuery(dailyMetricsQueryOptions());

/** Whether the GA4 overview says no GA4 property is configured (a 200 'GA4 not configured'). */
export const isGa4NotConfigured = (answer: Ga4OverviewAnswer | undefined): answer is Ga4NotConfigured => isGa4NotConfiguredAnswer(answer);

// The GA4 calls are never retried (part 2 §7).
export const useGa4Overview = () =>
  useQuery({
    queryKey: [`${BASE}/ga4/overview`] as const,
    queryFn: async ({ signal }) => parseAnswer(Ga4OverviewAnswer, await getJson(`${BASE}/ga4/overview`, { signal }), `${BASE}/ga4/overview`),
    retry: false,
  });

/** The other three GA4 reports: asked for only once the overview answered (skipped when GA4 is not configured). */
function useGa4List<S extends AnswerSchema>(report: string, schema: S, enabled: boolean) {
  const path = `${BASE}/ga4/${report}`;
  return useQuery({
    queryKey: [path] as const,
    queryFn: async ({ signal }) => parseAnswer(schema, await getJson(path, { signal }), path),
    retry: false,
    enabled,
  });
}

export const useGa4TopPages = (enabled: boolean) => useGa4List('top-pages', Ga4TopPagesResponse, enabled);
export const useGa4Daily = (enabled: boolean) => useGa4List('daily', Ga4DailyResponse, enabled);
export const useGa4TrafficSources = (enabled: boolean) => useGa4List('traffic-sources', Ga4TrafficSourcesResponse, enabled);
