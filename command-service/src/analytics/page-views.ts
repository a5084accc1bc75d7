import { DomainError, ErrorBody, PageViewBody } from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import type { RateLimiter, RateLimitRule } from '@hireloop/platform/rate-limit/types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Page views one address may report in a minute. A person reads a page for seconds; an office or a
 * school behind one address is many people; a script inflating the analytics is hundreds a second.
 */
export const PAGE_VIEWS_PER_ADDRESS: RateLimitRule = { limit: 120, windowMs: 60_000 };

export const TOO_MANY_PAGE_VIEWS = (seconds: number) => `Too many page views from this address. Please try again in ${seconds} seconds.`;

/**
 * `POST /api/analytics/page-views` `{ route }` (issue 15, ADR 041): the browser says it showed a
 * page, only once the visitor accepted analytics cookies. Counted in memory and appended in
 * batches with the board's activity (ADR 012): a page view never waits for the log. Anyone may
 * send one (visitors are who is counted); no session, address or user is kept with it. Past
 * {@link PAGE_VIEWS_PER_ADDRESS} an address gets 429 and is not counted: `rateLimiter` is the
 * platform's port (ADR 052), given the in-memory adapter with bounded memory (the count it
 * protects lives in this process's memory too, and a PostgreSQL upsert per page view would cost a
 * pooled connection per visitor's click). Checked before the body is read, as every request counts.
 */
export const pageViewRoutes: FastifyPluginAsyncZod<{ onPageView: (route: string) => void; rateLimiter: RateLimiter; clock: Clock }> = async (
  app,
  { onPageView, rateLimiter, clock },
) => {
  app.post(
    '/api/analytics/page-views',
    {
      config: { frequent: true },
      onRequest: async (request) => {
        const state = await rateLimiter.hit(`pageviews:ip:${request.ip}`, PAGE_VIEWS_PER_ADDRESS, clock.now());
        if (state.count > PAGE_VIEWS_PER_ADDRESS.limit) {
          const seconds = Math.max(1, Math.ceil(state.retryAfterMs / 1000));
          throw new DomainError('rate_limited', TOO_MANY_PAGE_VIEWS(seconds), seconds);
        }
      },
      schema: { tags: ['analytics'], body: PageViewBody, response: { 202: z.object({ success: z.literal(true) }), 400: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      onPageView(request.body.route.length > 1 ? request.body.route.replace(/\/$/, '') : request.body.route);
      return reply.code(202).send({ success: true as const });
    },
  );
};
