import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AI_SUMMARY_MESSAGES, AiSummaryResponse, ErrorBody, MESSAGES, PROFILE_MESSAGES, ProfileIdParams, UpgradeRequiredBody, aiSummaryRefusal } from '@hireloop/contracts';
import { summaryStatus } from '@hireloop/projections/candidate-summaries/projection';
import { findCandidateSummary } from '@hireloop/projections/candidate-summaries/queries';
import { findAiSummaryPlan } from '@hireloop/projections/subscriptions/queries';
import { findUserById } from '@hireloop/projections/users/queries';

/**
 * GET /api/candidates/:id/ai-summary. A private profile's summary is a 404 to all but its owner,
 * the same 404 as an unknown id. A public profile's summary is its owner's, admins' and the
 * companies' whose live plan lists AI candidate summaries on /pricing (ADR 070): a company on
 * another plan gets 403 with `requiresUpgrade`, a visitor 401, another candidate 403 (else the
 * paid feature would be free to anyone who signed out).
 */
export const candidateSummaryQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/candidates/:id/ai-summary',
    {
      schema: {
        tags: ['profiles'],
        summary: "A candidate profile's AI summary: ready, pending or failed",
        params: ProfileIdParams,
        response: { 200: AiSummaryResponse, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const doc = await findCandidateSummary(request.readStore, request.params.id);
      const session = await request.session();
      const isOwner = !!doc && session?.userId === doc.userId;
      if (!doc || (!doc.isPublic && !isOwner)) {
        return reply.code(404).send({ success: false, error: PROFILE_MESSAGES.profileNotFound });
      }
      if (!isOwner) {
        if (!session) return reply.code(401).send({ success: false, error: MESSAGES.signInRequired });
        const user = await findUserById(request.readStore, session.userId);
        if (!user?.isAdmin) {
          if (user?.type !== 'company') return reply.code(403).send({ success: false, error: AI_SUMMARY_MESSAGES.notForYou });
          if (!user.companyId) return reply.code(403).send({ success: false, error: AI_SUMMARY_MESSAGES.noCompany });
          const refusal = aiSummaryRefusal(await findAiSummaryPlan(request.readStore, user.companyId));
          if (refusal) return reply.code(403).send({ success: false as const, error: refusal, requiresUpgrade: true as const });
        }
      }
      // What one caller may read must not sit in a shared cache.
      reply.header('cache-control', 'private, no-store');
      const status = summaryStatus(doc);
      if (status === 'pending') return { status };
      if (status === 'failed') return { status, error: PROFILE_MESSAGES.aiSummaryError };
      const { summaryText, strengths, fitRoles, generatedAt } = doc.summary!;
      return { status, summaryText, strengths, fitRoles, cached: true, generatedAt };
    },
  );
};
