import {
  CANDIDATE_VIEW_MESSAGES,
  CandidateViewResponse,
  DomainError,
  ErrorBody,
  PROFILE_MESSAGES,
  ProfileIdParams,
  UpgradeRequiredBody,
  UpgradeRequiredError,
  candidateViewsStreamId,
  planById,
  subscriptionStreamId,
  usageMonth,
} from '@hireloop/contracts';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../auth/accounts';
import { countsAgainstPlan } from '../plan-limits/job-postings';
import { loadCandidate } from '../profiles/candidate';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { loadState } from '../shared/stream';
import { candidateViewsDecider } from './decider';
import { planInForce, subscriptionDecider } from '../subscriptions/decider';

/**
 * Plan limits on candidate profile views (ADR 030): a company user opens a candidate's full
 * profile here, which counts one of the plan's candidate views for the month (UTC) unless the
 * company already opened it this month. The profile page (`GET /api/profiles/{id}` answers
 * `gated`) asks for it; the count is decided on the company's subscription stream, so two users
 * of a company cannot both take the month's last view.
 */
export const candidateViewRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/profiles/:id/views',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['subscriptions'],
        params: ProfileIdParams,
        response: { 200: CandidateViewResponse, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (account.type !== 'company') throw new DomainError('forbidden', CANDIDATE_VIEW_MESSAGES.companiesOnly);
      // The same 404 as the profile page for a missing, erased or private profile.
      const candidate = await loadCandidate(deps, request.params.id);
      if (!candidate || !candidate.isPublic) throw new DomainError('not_found', PROFILE_MESSAGES.profileNotFound);
      const now = deps.clock.now().toISOString();
      const companyId = account.companyId;
      const monthStream = companyId && candidateViewsStreamId(companyId, usageMonth(now));
      // Admins act outside the plans, and a profile that is not actively looking has no full view to open: nothing to count.
      if (!countsAgainstPlan(account) || candidate.availability !== 'immediate') {
        const used = monthStream ? (await loadState(deps.eventStore, monthStream, candidateViewsDecider)).state.profileIds.length : 0;
        return { success: true as const, counted: false, used, limit: 0 };
      }
      // The plan, from the company's subscription stream: a webhook just applied counts at once.
      const { state: subscription } = await loadState(deps.eventStore, subscriptionStreamId(account.companyId), subscriptionDecider);
      const planId = planInForce(subscription);
      try {
        const { events, position, state } = await handleCommandWithState(
          deps.eventStore,
          candidateViewsStreamId(account.companyId, usageMonth(now)),
          candidateViewsDecider,
          () => ({
            type: 'CountCandidateView' as const,
            data: { companyId: account.companyId, profileId: candidate.profileId, candidateUserId: candidate.userId, planId, by: account.userId, at: now },
          }),
          commandContext(deps, request, { userId: account.userId, role: account.role }),
        );
        return withPosition(reply, position).send({ success: true as const, counted: events.length > 0, used: state.profileIds.length, limit: planById(planId).maxCandidateViews });
      } catch (error) {
        // The page shows the limited profile with this text and the way to upgrade.
        if (error instanceof UpgradeRequiredError) return reply.code(403).send({ success: false, error: error.message, requiresUpgrade: true });
        throw error;
      }
    },
  );
};
