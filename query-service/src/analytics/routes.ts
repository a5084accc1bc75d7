import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYTICS_MESSAGES,
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  DailyMetricsQuery,
  DailyMetricsResponse,
  DomainError,
  ErrorBody,
  GA4_NOT_CONFIGURED,
  Ga4DailyResponse,
  Ga4NotConfigured,
  Ga4OverviewAnswer,
  Ga4Query,
  Ga4TopPagesResponse,
  Ga4TrafficSourcesResponse,
  TOP_JOBS_DEFAULT_LIMIT,
  TopJobsQuery,
  TopJobsResponse,
  isAdminRole,
} from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import { WebAnalyticsNotConfiguredError, type WebAnalyticsPort, type WebAnalyticsRange } from '@hireloop/platform/web-analytics';
import { analyticsSummary, analyticsWindow, dailyMetrics, topJobs } from '@hireloop/projections/analytics/queries';
import { findUserById } from '@hireloop/projections/users/queries';
import { z } from 'zod';

export interface AnalyticsRoutesOptions {
  clock: Clock;
  /** The GA4 section's source (default in the composition root: not configured). */
  webAnalytics: WebAnalyticsPort;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const ga4Errors = { ...errors, 502: ErrorBody };

/**
 * The admin Analytics tab (spec part 2; ADR 034), admins and super admins only: the product's
 * numbers from the analytics read models, and the GA4 section through the web-analytics port.
 * Every answer, errors included, is `private, no-store`.
 */
export const analyticsQueryRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, { clock, webAnalytics }) => {
  // Visitor 401 and non-admin 403 come before any check of the query string.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    const session = await request.requireSession();
    const user = await findUserById(request.readStore, session.userId);
    if (!user || !isAdminRole(user.role)) throw new DomainError('forbidden', ANALYTICS_MESSAGES.adminOnly);
  });

  app.get(
    '/api/admin/analytics/summary',
    { schema: { tags: ['admin'], querystring: AnalyticsSummaryQuery, response: { 200: AnalyticsSummary, ...errors } } },
    async (request) => {
      return analyticsSummary(request.readStore, analyticsWindow(clock.now(), request.query.days));
    },
  );

  app.get(
    '/api/admin/analytics/top-jobs',
    { schema: { tags: ['admin'], querystring: TopJobsQuery, response: { 200: TopJobsResponse, ...errors } } },
    async (request) => {
      return topJobs(request.readStore, analyticsWindow(clock.now(), request.query.days), request.query.limit);
    },
  );

  app.get(
    '/api/admin/analytics/daily-metrics',
    { schema: { tags: ['admin'], querystring: DailyMetricsQuery, response: { 200: DailyMetricsResponse, ...errors } } },
    async (request) => {
      return dailyMetrics(request.readStore, analyticsWindow(clock.now(), request.query.days));
    },
  );

  const rangeOf = (days: number): WebAnalyticsRange => {
    const window = analyticsWindow(clock.now(), days);
    return { startDate: window.from, endDate: window.to };
  };

  /**
   * 'GA4 not configured' is a 200 the UI reads to skip the other GA4 calls (§7): GA4 left off is a
   * normal setting, not a failure (issue 24). A failing GA4 is a 502 that names no internals.
   */
  const ga4 = async <T>(reply: FastifyReply, report: () => Promise<T>): Promise<T | Ga4NotConfigured | FastifyReply> => {
    try {
      return await report();
    } catch (error) {
      if (error instanceof WebAnalyticsNotConfiguredError) return GA4_NOT_CONFIGURED;
      reply.log.warn({ error: error instanceof Error ? error.name : typeof error }, 'GA4 report failed');
      return reply.code(502).send({ success: false as const, error: ANALYTICS_MESSAGES.ga4Failed });
    }
  };

  app.get(
    '/api/admin/analytics/ga4/overview',
    { schema: { tags: ['admin'], querystring: Ga4Query, response: { 200: Ga4OverviewAnswer, ...ga4Errors } } },
    async (request, reply) => ga4(reply, () => webAnalytics.overview(rangeOf(request.query.days))),
  );

  app.get(
    '/api/admin/analytics/ga4/top-pages',
    { schema: { tags: ['admin'], querystring: Ga4Query, response: { 200: z.union([Ga4TopPagesResponse, Ga4NotConfigured]), ...ga4Errors } } },
    async (request, reply) => ga4(reply, () => webAnalytics.topPages(rangeOf(request.query.days), TOP_JOBS_DEFAULT_LIMIT)),
  );

  app.get(
    '/api/admin/analytics/ga4/daily',
    { schema: { tags: ['admin'], querystring: Ga4Query, response: { 200: z.union([Ga4DailyResponse, Ga4NotConfigured]), ...ga4Errors } } },
    async (request, reply) => ga4(reply, () => webAnalytics.daily(rangeOf(request.query.days))),
  );

  app.get(
    '/api/admin/analytics/ga4/traffic-sources',
    { schema: { tags: ['admin'], querystring: Ga4Query, response: { 200: z.union([Ga4TrafficSourcesResponse, Ga4NotConfigured]), ...ga4Errors } } },
    async (request, reply) => ga4(reply, () => webAnalytics.trafficSources(rangeOf(request.query.days), TOP_JOBS_DEFAULT_LIMIT)),
  );
};
