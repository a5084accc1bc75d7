import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ChangeAlertsBody,
  DomainError,
  ErrorBody,
  SAVED_SEARCH_MESSAGES,
  SaveSearchBody,
  SavedSearchAnswer,
  UnsubscribeAnswer,
  UnsubscribeBody,
  savedSearchStreamId,
} from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { signedInOnly } from '@hireloop/platform/http/auth';
import { requireAccount, type RegisteredAccount } from '../auth/accounts';
import { handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps, SavedSearchSupport } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { savedSearchDecider } from './decider';

/** Only candidates keep saved searches: the board's alerts are a job seeker's. */
async function requireSearcher(deps: CommandServiceDeps, request: FastifyRequest): Promise<RegisteredAccount> {
  const account = await requireAccount(deps, request);
  if (account.type !== 'candidate' || account.role !== 'candidate') throw new DomainError('forbidden', SAVED_SEARCH_MESSAGES.candidatesOnly);
  return account;
}

/** The unsubscribe link's token: `<searchId>.<secret>`; the log keeps only its hash. */
export const searchIdOfToken = (token: string): string | null => {
  const dot = token.indexOf('.');
  return dot > 0 ? token.slice(0, dot) : null;
};

const params = z.object({ searchId: z.string().min(1).max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Saved searches (ADR 067): `POST /api/saved-searches`, `PATCH` and `DELETE
 * /api/saved-searches/:searchId` for the signed-in candidate; `POST /api/saved-searches/unsubscribe`
 * for whoever holds an alert mail's link. The list is a query (`GET /api/saved-searches`).
 */
export const savedSearchRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps; support: SavedSearchSupport }> = async (app, { deps, support }) => {
  app.post(
    '/api/saved-searches',
    { onRequest: signedInOnly, schema: { tags: ['saved-searches'], body: SaveSearchBody, response: { 201: SavedSearchAnswer, ...errors } } },
    async (request, reply) => {
      const account = await requireSearcher(deps, request);
      const { keywords, location, type, frequency } = request.body;
      const searchId = deps.ids.newId();
      const at = deps.clock.now().toISOString();
      const result = await handleCommand(
        deps.eventStore,
        savedSearchStreamId(account.userId),
        savedSearchDecider,
        { type: 'SaveSearch', data: { searchId, userId: account.userId, keywords, location, type, frequency, at } },
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      return withPosition(reply, result.position)
        .status(201)
        .send({ success: true, savedSearch: { id: searchId, keywords, location, type, frequency, createdAt: at, lastAlertAt: null } });
    },
  );

  app.patch(
    '/api/saved-searches/:searchId',
    { onRequest: signedInOnly, schema: { tags: ['saved-searches'], params, body: ChangeAlertsBody, response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request, reply) => {
      const account = await requireSearcher(deps, request);
      const result = await handleCommand(
        deps.eventStore,
        savedSearchStreamId(account.userId),
        savedSearchDecider,
        { type: 'ChangeAlerts', data: { via: 'account', searchId: request.params.searchId, frequency: request.body.frequency, at: deps.clock.now().toISOString() } },
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      return withPosition(reply, result.position).send({ success: true });
    },
  );

  app.delete(
    '/api/saved-searches/:searchId',
    { onRequest: signedInOnly, schema: { tags: ['saved-searches'], params, response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request, reply) => {
      const account = await requireSearcher(deps, request);
      const result = await handleCommand(
        deps.eventStore,
        savedSearchStreamId(account.userId),
        savedSearchDecider,
        { type: 'DeleteSearch', data: { searchId: request.params.searchId, at: deps.clock.now().toISOString() } },
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      return withPosition(reply, result.position).send({ success: true });
    },
  );

  app.post(
    '/api/saved-searches/unsubscribe',
    { schema: { tags: ['saved-searches'], body: UnsubscribeBody, response: { 200: UnsubscribeAnswer, 400: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const { token } = request.body;
      const searchId = searchIdOfToken(token);
      const owner = searchId ? await support.ownerOf(searchId) : null;
      if (!searchId || !owner) throw new DomainError('not_found', SAVED_SEARCH_MESSAGES.badLink);
      const result = await handleCommand(
        deps.eventStore,
        savedSearchStreamId(owner),
        savedSearchDecider,
        { type: 'ChangeAlerts', data: { via: 'unsubscribe_link', searchId, tokenHash: hashToken(token), frequency: 'off', at: deps.clock.now().toISOString() } },
        commandContext(deps, request, 'system'),
      );
      reply.header('cache-control', 'no-store');
      return withPosition(reply, result.position).send({ success: true, message: SAVED_SEARCH_MESSAGES.unsubscribed });
    },
  );
};
