import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ErrorBody, MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, SavedSearchList } from '@hireloop/contracts';
import { findSavedSearches } from '@hireloop/projections/saved-searches/queries';
import { findUserById } from '@hireloop/projections/users/queries';

/** `GET /api/saved-searches`: the signed-in candidate's saved searches and their alerts (ADR 067). */
export const savedSearchQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-searches',
    { schema: { tags: ['saved-searches'], response: { 200: SavedSearchList, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (user && (user.type !== 'candidate' || user.role !== 'candidate')) throw new DomainError('forbidden', SAVED_SEARCH_MESSAGES.candidatesOnly);
      const searches = await findSavedSearches(request.readStore, session.userId);
      reply.header('cache-control', 'private, no-store');
      return {
        savedSearches: searches.map(({ _id, keywords, location, type, frequency, createdAt, lastAlertAt }) => ({ id: _id, keywords, location, type, frequency, createdAt, lastAlertAt })),
        max: MAX_SAVED_SEARCHES,
      };
    },
  );
};
