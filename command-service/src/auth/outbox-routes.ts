import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, DomainError, ErrorBody, isAdminRole } from '@hireloop/contracts';
import type { CommandServiceDeps } from '../shared/deps';
import { requireAccount } from './accounts';

const StoredMail = z.object({ id: z.string(), from: z.string(), to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() });

/** `GET /api/admin/outbox`: the mails the embedded profile kept instead of sending (admins only). */
export const outboxRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/outbox',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['admin'],
        querystring: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ delivery: z.enum(['smtp', 'outbox']), mails: z.array(StoredMail) }), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (!isAdminRole(account.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
      const mails = await deps.mailer.list({ to: request.query.to, limit: request.query.limit });
      reply.header('cache-control', 'no-store');
      return { delivery: deps.mailer.kind, mails: mails.map(({ id, from, to, subject, text, sentAt }) => ({ id, from, to, subject, text, sentAt })) };
    },
  );
};
