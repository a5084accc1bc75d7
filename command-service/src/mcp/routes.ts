import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_KEY_MESSAGES, DomainError, ErrorBody, MCP_PATH } from '@hireloop/contracts';
import { hashApiKey, looksLikeApiKey } from '@hireloop/platform/accounts/api-keys';
import { bearerToken } from '@hireloop/platform/http/auth';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { loadUserAccount } from '../auth/accounts';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext } from '../shared/request-context';
import type { McpReads } from '../shared/mcp-reads';
import { createHireloopMcpServer, type McpCaller } from './server';

/** Wrong keys from one address: keys cannot be guessed (256 bits), but a flood need not reach the database. */
export const FAILED_API_KEYS_PER_ADDRESS: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };

/**
 * The caller behind an API key (ADR 042), read on every request: a revoked key is refused at once.
 * The key's owner must still be a candidate account; their writes are recorded with them as the
 * actor, `via` the key.
 */
async function callerOf(deps: CommandServiceDeps, request: FastifyRequest, lastWrites: LastWrites): Promise<McpCaller> {
  const key = bearerToken(request);
  if (!key) throw new DomainError('unauthenticated', API_KEY_MESSAGES.keyRequired);
  const now = deps.clock.now();
  const failuresKey = `mcp:key-failures:ip:${request.ip}`;
  // The key is looked up first: a valid key is never refused by the bad-key throttle (a burst of
  // wrong keys from a shared address must not lock its owner out, ADR 077). A malformed key never
  // reaches the database; a well-formed wrong one costs one indexed lookup by hash.
  const record = looksLikeApiKey(key) ? await deps.secrets.useApiKey(hashApiKey(key), now) : null;
  const account = record ? await loadUserAccount(deps, record.userId) : null;
  if (record && account && account.status === 'registered' && account.type === 'candidate' && account.role === 'candidate') {
    return {
      account,
      context: commandContext(deps, request, { userId: account.userId, role: account.role, via: `api-key:${record.keyId}` }),
      lastWrite: { get: () => lastWrites.get(record.keyId), set: (position) => lastWrites.set(record.keyId, position) },
    };
  }
  const failures = await deps.rateLimiter.check(failuresKey, FAILED_API_KEYS_PER_ADDRESS, now);
  if (failures.limited) throw limited(failures, API_KEY_MESSAGES.tooManyFailures);
  await deps.rateLimiter.hit(failuresKey, FAILED_API_KEYS_PER_ADDRESS, now);
  throw new DomainError('unauthenticated', API_KEY_MESSAGES.keyInvalid);
}

/** Each key's last write in this process (bounded: the oldest go first), so its next reads see it. */
class LastWrites {
  private readonly positions = new Map<string, string>();
  get(keyId: string) {
    return this.positions.get(keyId);
  }
  set(keyId: string, position: string) {
    this.positions.delete(keyId);
    if (this.positions.size >= 10_000) this.positions.delete(this.positions.keys().next().value!);
    this.positions.set(keyId, position);
  }
}

/** A JSON-RPC answer (the protocol's, not the API's error shape). */
const RpcAnswer = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]).optional() }).loose();
const RpcError = z.object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.number(), message: z.string() }), id: z.null() });
/** What every MCP request may answer before the protocol runs: no key or a wrong one (401), too many wrong ones (429). */
const keyAnswers = { 401: ErrorBody, 429: ErrorBody } as const;

/** A JSON-RPC error answer, as MCP clients expect from the endpoint. */
const rpcError = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type('application/json').send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });

/**
 * `POST /api/mcp`: Hireloop as a Model Context Protocol server (Streamable HTTP, stateless: a
 * server and a transport per request, so any command-service process answers any call). GET (a
 * server-to-client stream) and DELETE (ending a session) have nothing to do without sessions:
 * 405, as the protocol allows.
 */
export const mcpRoutes: FastifyPluginAsync<{ deps: CommandServiceDeps; reads: McpReads }> = async (app, { deps, reads }) => {
  const lastWrites = new LastWrites();
  // The protocol's way of saying how to authenticate (read with a 401).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('www-authenticate', 'Bearer realm="hireloop-mcp"');
  });

  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    schema: { tags: ['mcp'], response: { 405: RpcError, ...keyAnswers } },
    handler: async (request, reply) => {
      await callerOf(deps, request, lastWrites);
      reply.header('allow', 'POST');
      return rpcError(reply, 405, 'Method not allowed: this MCP endpoint is stateless; send every message with POST.');
    },
  });

  app.post(MCP_PATH, { schema: { tags: ['mcp'], response: { 200: RpcAnswer, 202: z.null().describe('A notification or a response from the client: accepted, nothing to answer.'), ...keyAnswers } } }, async (request, reply) => {
    const caller = await callerOf(deps, request, lastWrites);
    const server = createHireloopMcpServer(deps, reads, caller, (error) => request.log.error({ err: error }, 'MCP tool failed'));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    try {
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      }
    }
  });
};
