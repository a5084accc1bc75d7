import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AI_SUMMARY_MESSAGES,
  DomainError,
  ErrorBody,
  PROFILE_MESSAGES,
  ProfileIdParams,
  UpgradeRequiredBody,
  aiSummaryRefusal,
  candidateSummaryStreamId,
  subscriptionStreamId,
} from '@hireloop/contracts';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { requireAccount } from '../auth/accounts';
import { limited } from '../auth/throttle';
import { handleCommand } from '../shared/command-handler';
import { loadState } from '../shared/stream';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { subscriptionDecider } from '../subscriptions/decider';
import { summaryDecider } from './decider';
import { loadProfileFacts } from './profile-facts';

/** Each regenerate is an AI call: a reader asks a few times, a script thousands. */
export const REGENERATES_PER_ACCOUNT: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };
export const tooManyRegenerates = (minutes: number) => `You have asked for many AI summaries in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * POST /api/candidates/:id/ai-summary/regenerate (spec §2: "owner or company users only").
 * A private profile is a 404 to all but its owner, the same 404 as an unknown id. A company's
 * user needs a live plan that lists AI candidate summaries on /pricing (ADR 070): else 403 with
 * `requiresUpgrade`, decided on the company's subscription stream (a webhook just applied counts).
 */
export const candidateSummaryRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/candidates/:id/ai-summary/regenerate',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['profiles'],
        summary: 'Ask for a new AI summary of a candidate profile (its owner or a company)',
        params: ProfileIdParams,
        body: z.unknown().optional(),
        response: { 202: z.object({ status: z.literal('pending') }), 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { id } = request.params;
      const { facts, version } = await loadProfileFacts(deps.eventStore, id);
      const isOwner = facts.exists && facts.userId === account.userId;
      if (!facts.exists || (!facts.isPublic && !isOwner)) throw new DomainError('not_found', PROFILE_MESSAGES.profileNotFound);
      if (!isOwner && account.type !== 'company') throw new DomainError('forbidden', PROFILE_MESSAGES.regenerateForbidden);
      if (!isOwner) {
        if (!account.companyId) throw new DomainError('forbidden', AI_SUMMARY_MESSAGES.noCompany);
        const { state: subscription } = await loadState(deps.eventStore, subscriptionStreamId(account.companyId), subscriptionDecider);
        const refusal = aiSummaryRefusal({
          planId: subscription.planId,
          status: subscription.status,
          paymentSuspended: subscription.status === 'past_due' && subscription.provider?.providerStatus !== 'past_due',
        });
        if (refusal) return reply.code(403).send({ success: false as const, error: refusal, requiresUpgrade: true as const });
      }
      const state = await deps.rateLimiter.hit(`summary:regenerate:user:${account.userId}`, REGENERATES_PER_ACCOUNT, deps.clock.now());
      if (state.count > REGENERATES_PER_ACCOUNT.limit) throw limited(state, tooManyRegenerates);
      const result = await handleCommand(
        deps.eventStore,
        candidateSummaryStreamId(id),
        summaryDecider,
        {
          type: 'RequestSummary',
          data: { profileId: id, userId: facts.userId, profileVersion: version, reason: 'regenerate', requestedBy: account.userId, requestedAt: deps.clock.now().toISOString() },
        },
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      return withPosition(reply, result.position).code(202).send({ status: 'pending' as const });
    },
  );
};
