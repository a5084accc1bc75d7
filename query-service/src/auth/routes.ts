import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, User } from '@hireloop/contracts';
import { findUserById } from '@hireloop/projections/users/queries';

export const authQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user',
    { schema: { tags: ['auth'], response: { 200: User, 401: ErrorBody, 503: ErrorBody } } },
    async (request, reply) => {
      const session = await request.requireSession();
      const user = await findUserById(request.readStore, session.userId);
      if (!user) {
        // The session exists but the account's read model has not caught up yet.
        return reply.status(503).header('retry-after', '1').send({ success: false, error: 'Your account is still being set up. Please try again in a moment.' });
      }
      return user;
    },
  );

  // The current user's data must never be cached by a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
  });

};
