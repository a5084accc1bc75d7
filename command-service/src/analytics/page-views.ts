import { ErrorBody, PageViewBody } from '@hireloop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * `POST /api/analytics/page-views` `{ route }` (issue 15, ADR 041): the browser says it showed a
 * page, only once the visitor accepted analytics cookies. Counted in memory and appended in
 * batches with the board's activity (ADR 012): a page view never waits for the log. Anyone may
 * send one (visitors are who is counted); no session, address or user is kept with it.
 */
export const pageViewRoutes: FastifyPluginAsyncZod<{ onPageView: (route: string) => void }> = async (app, { onPageView }) => {
  app.post(
    '/api/analytics/page-views',
    { config: { frequent: true }, schema: { tags: ['analytics'], body: PageViewBody, response: { 202: z.object({ success: z.literal(true) }), 400: ErrorBody } } },
    async (request, reply) => {
      onPageView(request.body.route.length > 1 ? request.body.route.replace(/\/$/, '') : request.body.route);
      return reply.code(202).send({ success: true as const });
    },
  );
};
