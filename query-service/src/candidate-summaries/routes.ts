import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AiSummaryResponse, ErrorBody, PROFILE_MESSAGES, ProfileIdParams } from '@hireloop/contracts';
import { summaryStatus } from '@hireloop/projections/candidate-summaries/projection';
import { findCandidateSummary } from '@hireloop/projections/candidate-summaries/queries';

/**
 * GET /api/candidates/:id/ai-summary: readable by anyone, visitors included, when the profile is
 * public; a private profile's summary is a 404 to all but its owner, the same 404 as an unknown id.
 */
export const candidateSummaryQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/candidates/:id/ai-summary',
    {
      schema: {
        tags: ['profiles'],
        summary: "A candidate profile's AI summary: ready, pending or failed",
        params: ProfileIdParams,
        response: { 200: AiSummaryResponse, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const doc = await findCandidateSummary(request.readStore, request.params.id);
      const session = doc && !doc.isPublic ? await request.session() : null;
      if (!doc || (!doc.isPublic && session?.userId !== doc.userId)) {
        return reply.code(404).send({ success: false, error: PROFILE_MESSAGES.profileNotFound });
      }
      // What a private profile's owner sees must not sit in a shared cache.
      reply.header('cache-control', doc.isPublic ? 'no-cache' : 'no-store');
      const status = summaryStatus(doc);
      if (status === 'pending') return { status };
      if (status === 'failed') return { status, error: PROFILE_MESSAGES.aiSummaryError };
      const { summaryText, strengths, fitRoles, generatedAt } = doc.summary!;
      return { status, summaryText, strengths, fitRoles, cached: true, generatedAt };
    },
  );
};
