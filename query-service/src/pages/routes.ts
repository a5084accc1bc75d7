import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, PageStatus } from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import { renderInvitationPageFor } from '../invitations/page-status';
import { jobPageHeadFor } from '../jobs/seo';

export const PageStatusQuery = z.object({
  path: z.string().min(1, 'path is required').max(2048, 'At most 2048 characters').regex(/^\//, 'path starts with /'),
});

/**
 * The status of a page that depends on the read models (a job page, a share link, an invitation
 * link) for a front door that holds no read store: the services profile's gateway sends the SPA
 * with it, so an invitation link that opens nothing answers 404 there as in the app (ADR 063's
 * fallback, issue 24), and a job page has the job's head tags there as in the app (ADR 051).
 * Public: it tells what the page itself tells anyone who opens it.
 */
export const pageStatusRoutes: FastifyPluginAsyncZod<{ clock: Clock; publicUrl: string }> = async (app, { clock, publicUrl }) => {
  app.get(
    '/api/page-status',
    { schema: { tags: ['pages'], querystring: PageStatusQuery, response: { 200: PageStatus, 400: ErrorBody } } },
    async (request, reply) => {
      const { path } = request.query;
      reply.header('cache-control', 'no-store');
      const jobPage = await jobPageHeadFor(request.readStore, path, publicUrl);
      if (jobPage) return jobPage;
      const page = await renderInvitationPageFor(request.readStore, path, '', clock.now());
      // Any other page does not depend on the read models: the SPA's own routes decide.
      return { status: page?.status === 404 ? 404 : 200 } as const;
    },
  );
};
