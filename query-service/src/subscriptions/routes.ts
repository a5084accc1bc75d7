import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CurrentSubscription, DomainError, ErrorBody, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PLANS, SubscriptionPlansResponse, usageMonth } from '@hireloop/contracts';
import type { Clock } from '@hireloop/platform/runtime';
import { candidateViewsUsed as countCandidateViews } from '@hireloop/projections/candidate-views/queries';
import { findCurrentSubscription } from '@hireloop/projections/subscriptions/queries';
import { findUserById } from '@hireloop/projections/users/queries';

/** Plans and a company's current subscription (ADR 030). */
export const subscriptionQueryRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  /** Anyone: the plans and prices of part 2 §9 (constants of `contracts`, so any cache may keep them a while). */
  app.get('/api/subscription/plans', { config: { frequent: true }, schema: { tags: ['subscriptions'], response: { 200: SubscriptionPlansResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return [...SUBSCRIPTION_PLANS];
  });

  /** The signed-in company user's company: 401 visitor, 403 not a company user; status 'none' before any choice. */
  app.get(
    '/api/subscription/current',
    { schema: { tags: ['subscriptions'], response: { 200: CurrentSubscription, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (!user || user.type !== 'company') throw new DomainError('forbidden', SUBSCRIPTION_MESSAGES.companiesOnly);
      if (!user.companyId) throw new DomainError('forbidden', SUBSCRIPTION_MESSAGES.noCompany);
      reply.header('cache-control', 'private, no-store');
      const [current, candidateViewsUsed] = await Promise.all([
        findCurrentSubscription(request.readStore, user.companyId),
        countCandidateViews(request.readStore, user.companyId, usageMonth(clock.now())),
      ]);
      return { ...current, candidateViewsUsed };
    },
  );
};
