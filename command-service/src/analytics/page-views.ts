import rateLimit from '@fastify/rate-limit';
import { DomainError, ErrorBody, PageViewBody } from '@hireloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Page views one address may report in a minute. A person reads a page for seconds; an office or a
 * school behind one address is many people; a script inflating the analytics is hundreds a second.
 */
export const PAGE_VIEWS_PER_ADDRESS = { max: 120, timeWindowMs: 60_000 };
/** Addresses remembered at once (least recently seen forgotten first): bounded memory under a flood from many addresses. */
const ADDRESSES_REMEMBERED = 50_000;

export const TOO_MANY_PAGE_VIEWS = (seconds: number) => `Too many page views from this address. Please try again in ${seconds} seconds.`;

/**
 * `POST /api/analytics/page-views` `{ route }` (issue 15, ADR 041): the browser says it showed a
 * page, only once the visitor accepted analytics cookies. Counted in memory and appended in
 * batches with the board's activity (ADR 012): a page view never waits for the log. Anyone may
 * send one (visitors are who is counted); no session, address or user is kept with it. Past
 * {@link PAGE_VIEWS_PER_ADDRESS} an address gets 429 and is not counted (`@fastify/rate-limit`,
 * in this process's memory: the count it protects lives there too).
 */
export const pageViewRoutes: FastifyPluginAsyncZod<{ onPageView: (route: string) => void }> = async (app, { onPageView }) => {
  await app.register(rateLimit, {
    global: false,
    cache: ADDRESSES_REMEMBERED,
    errorResponseBuilder: (_request, context) => new DomainError('rate_limited', TOO_MANY_PAGE_VIEWS(Math.max(1, Math.ceil(context.ttl / 1000))), Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  app.post(
    '/api/analytics/page-views',
    {
      config: { frequent: true, rateLimit: { max: PAGE_VIEWS_PER_ADDRESS.max, timeWindow: PAGE_VIEWS_PER_ADDRESS.timeWindowMs } },
      schema: { tags: ['analytics'], body: PageViewBody, response: { 202: z.object({ success: z.literal(true) }), 400: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      onPageView(request.body.route.length > 1 ? request.body.route.replace(/\/$/, '') : request.body.route);
      return reply.code(202).send({ success: true as const });
    },
  );
};
