import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_MESSAGES,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  DomainError,
  ErrorBody,
  MAX_API_KEYS_PER_USER,
  MCP_PATH,
  apiKeyStreamId,
} from '@hireloop/contracts';
import { newApiKey } from '@hireloop/platform/accounts/api-keys';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyRequest } from 'fastify';
import { requireAccount, type RegisteredAccount } from '../auth/accounts';
import { handleCommand } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { apiKeyDecider } from './decider';

/** Only candidate accounts hold keys (ADR 042): the tools are a job seeker's (search, apply, my applications). */
export async function requireKeyHolder(deps: CommandServiceDeps, request: FastifyRequest): Promise<RegisteredAccount> {
  const account = await requireAccount(deps, request);
  if (account.type !== 'candidate' || account.role !== 'candidate') throw new DomainError('forbidden', API_KEY_MESSAGES.candidatesOnly);
  return account;
}

export const mcpUrlOf = (publicUrl: string) => new URL(MCP_PATH, publicUrl).toString();

/**
 * `POST /api/api-keys`, `GET /api/api-keys`, `DELETE /api/api-keys/:keyId` (ADR 042). All on the
 * command side: the keys live in the secrets store, next to sessions, and the gateway sends every
 * method of these paths here.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/api-keys',
    {
      onRequest: signedInOnly,
      schema: { tags: ['api-keys'], body: CreateApiKeyBody, response: { 201: CreatedApiKey, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody } },
    },
    async (request, reply) => {
      const account = await requireKeyHolder(deps, request);
      const now = deps.clock.now();
      // Expired keys are listed until revoked, but only keys that still work count against the limit.
      const live = (await deps.secrets.listApiKeys(account.userId)).filter((apiKey) => apiKey.expiresAt === null || Date.parse(apiKey.expiresAt) > now.getTime());
      if (live.length >= MAX_API_KEYS_PER_USER) throw new DomainError('conflict', API_KEY_MESSAGES.tooMany);
      const keyId = deps.ids.newId();
      const { key, hash, prefix } = newApiKey(deps.ids.newToken(32));
      const createdAt = now.toISOString();
      const { expiresInDays } = request.body;
      const expiresAt = expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * 86_400_000).toISOString();
      // The hash first: a key whose event is missing is deleted again; an event without its key is never written.
      await deps.secrets.saveApiKey({ keyId, keyHash: hash, userId: account.userId, name: request.body.name, prefix, createdAt, expiresAt });
      let position: string;
      try {
        const result = await handleCommand(
          deps.eventStore,
          apiKeyStreamId(keyId),
          apiKeyDecider,
          { type: 'CreateApiKey', data: { keyId, userId: account.userId, at: createdAt, expiresAt } },
          commandContext(deps, request, { userId: account.userId, role: account.role }),
        );
        position = result.position;
      } catch (error) {
        await deps.secrets.deleteApiKey(keyId);
        throw error;
      }
      reply.header('cache-control', 'no-store');
      return withPosition(reply, position)
        .status(201)
        .send({ id: keyId, name: request.body.name, prefix, createdAt, lastUsedAt: null, expiresAt, key, mcpUrl: mcpUrlOf(deps.publicUrl) });
    },
  );

  app.get(
    '/api/api-keys',
    { onRequest: signedInOnly, schema: { tags: ['api-keys'], response: { 200: ApiKeyList, 401: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      const account = await requireKeyHolder(deps, request);
      const keys = await deps.secrets.listApiKeys(account.userId);
      reply.header('cache-control', 'private, no-store');
      return {
        keys: keys.map((key) => ({ id: key.keyId, name: key.name, prefix: key.prefix, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt, expiresAt: key.expiresAt })),
        mcpUrl: mcpUrlOf(deps.publicUrl),
      };
    },
  );

  app.delete(
    '/api/api-keys/:keyId',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['api-keys'],
        params: z.object({ keyId: z.string().min(1).max(100) }),
        response: { 200: z.object({ success: z.literal(true) }), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = await requireKeyHolder(deps, request);
      const { keyId } = request.params;
      const at = deps.clock.now();
      // Refused at once: the store first (the MCP endpoint reads it on every call), then the event.
      const revoked = await deps.secrets.revokeApiKey(account.userId, keyId, at);
      const result = await handleCommand(
        deps.eventStore,
        apiKeyStreamId(keyId),
        apiKeyDecider,
        { type: 'RevokeApiKey', data: { userId: account.userId, at: at.toISOString() } },
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      // A key the store no longer holds as live but whose stream says active (an interrupted revocation) is finished here.
      if (!revoked && result.events.length === 0) throw new DomainError('not_found', API_KEY_MESSAGES.notFound);
      return withPosition(reply, result.position).send({ success: true });
    },
  );
};
