import { textAnswer } from '@hireloop/platform/http/errors';
import {
  ASSISTANT_MESSAGES,
  AssistantApplyBody,
  AssistantApplyResponse,
  AssistantAuthBody,
  AssistantAuthResponse,
  AssistantAutoAuthBody,
  AssistantAutoAuthResponse,
  AssistantJobSearchBody,
  AssistantJobSearchResponse,
  DEFAULT_ASSISTANT_PATH,
  ErrorBody,
  GenerateInviteBody,
  GenerateInviteResponse,
} from '@hireloop/contracts';
import { AssistantRefusedError, AssistantUnavailableError, type AssistantPort } from '@hireloop/platform/assistant';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';
import { withPosition } from '../shared/request-context';
import { builtInAssistant } from './built-in';
import { assistantFramePage } from './frames';

/** Credential checks per client address: a person mistypes a few, a guesser needs millions. */
export const ASSISTANT_AUTH_PER_ADDRESS: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };
/** Invite codes per client address (a public route that may call the provider). */
export const INVITES_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

const tooMany = (minutes: number) => `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * The AI-assistant connection (spec part 1 §7, part 2 §7; ADR 043) under `/api/{assistant}/`,
 * answered by the configured provider: the `http` adapter, or the built-in one. The user's token
 * and key arrive only in bodies (never logged) and are neither stored nor put in an event.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  const provider: AssistantPort = deps.assistant?.port ?? builtInAssistant(deps);
  const base = `/api/${deps.assistant?.settings.path ?? DEFAULT_ASSISTANT_PATH}`;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody };

  /** A provider that cannot be reached is a 502 with `fallback`; a refusal keeps its 4xx and says why. */
  const answering = async <T>(reply: FastifyReply, fallback: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AssistantUnavailableError) {
        reply.log.warn({ err: error }, 'the AI assistant could not answer');
        await reply.code(502).send({ success: false, error: fallback });
        return null;
      }
      if (error instanceof AssistantRefusedError) {
        const status = error.status >= 400 && error.status < 500 && error.status !== 401 ? error.status : 400;
        await reply.code(status).send({ success: false, error: error.message || fallback });
        return null;
      }
      throw error;
    }
  };

  const admit = async (key: string, rule: RateLimitRule) => {
    const state = await deps.rateLimiter.hit(key, rule, deps.clock.now());
    if (state.count > rule.limit) throw limited(state, tooMany);
  };

  app.post(
    `${base}/auth`,
    { schema: { tags: ['assistant'], body: AssistantAuthBody, response: { 200: AssistantAuthResponse, ...errors } } },
    async (request, reply) => {
      await admit(`assistant:auth:${request.ip}`, ASSISTANT_AUTH_PER_ADDRESS);
      const user = await answering(reply, ASSISTANT_MESSAGES.unavailable, () =>
        provider.authenticate({ userToken: request.body.user_token, apiKey: request.body.api_key }, { request }),
      );
      if (reply.sent) return reply;
      if (!user) return reply.code(401).send({ success: false, error: ASSISTANT_MESSAGES.authFailed });
      return { success: true as const, user };
    },
  );

  app.post(
    `${base}/job-search`,
    { schema: { tags: ['assistant'], body: AssistantJobSearchBody, response: { 200: AssistantJobSearchResponse, ...errors } } },
    async (request, reply) => {
      const found = await answering(reply, ASSISTANT_MESSAGES.jobSearchFailed, () => provider.searchJobs(request.body, { request }));
      if (reply.sent || !found) return reply;
      return { success: true as const, jobs: found.jobs, total: found.total };
    },
  );

  app.post(
    `${base}/apply-job`,
    { onRequest: signedInOnly, schema: { tags: ['assistant'], body: AssistantApplyBody, response: { 201: AssistantApplyResponse, ...errors } } },
    async (request, reply) => {
      const applied = await answering(reply, ASSISTANT_MESSAGES.applicationFailed, () => provider.applyToJob(request.body, { request }));
      if (reply.sent || !applied) return reply;
      if (applied.position) withPosition(reply, applied.position);
      return reply.code(201).send({ success: true, applicationId: applied.applicationId, appliedAt: applied.appliedAt });
    },
  );

  app.post(
    `${base}/auto-auth`,
    { schema: { tags: ['assistant'], body: AssistantAutoAuthBody, response: { 200: AssistantAutoAuthResponse, ...errors } } },
    async (request, reply) => {
      await admit(`assistant:auth:${request.ip}`, ASSISTANT_AUTH_PER_ADDRESS);
      const confirmed = await answering(reply, ASSISTANT_MESSAGES.autoAuthFailed, () => provider.autoAuth(request.body, { request }));
      if (reply.sent) return reply;
      if (!confirmed) return reply.code(401).send({ success: false, error: ASSISTANT_MESSAGES.autoAuthFailed });
      return { success: true as const };
    },
  );

  app.post(
    '/api/public/generate-invite',
    { schema: { tags: ['assistant'], body: GenerateInviteBody, response: { 200: GenerateInviteResponse, ...errors } } },
    async (request, reply) => {
      await admit(`assistant:invite:${request.ip}`, INVITES_PER_ADDRESS);
      const code = await answering(reply, ASSISTANT_MESSAGES.inviteFailed, () => provider.generateInvite(request.body, { request }));
      if (reply.sent) return reply;
      if (!code) return reply.code(502).send({ success: false, error: ASSISTANT_MESSAGES.inviteLacksCode });
      return { success: true as const, invite_code: code };
    },
  );

  // The built-in provider's embedded pages (an external provider serves its own).
  if (provider.kind === 'built-in') {
    app.get(
      `${base}/frame/:page`,
      { schema: { tags: ['assistant'], params: z.object({ page: z.enum(['sign-in', 'sign-up']) }), querystring: z.object({ invite: z.string().max(200).optional() }).loose(), response: { 200: textAnswer('text/html', 'The embedded sign-in or sign-up page (HTML).') } } },
      async (request, reply) => {
        // Only Hireloop's own pages may frame these (the app's default forbids any framing).
        reply.header('x-frame-options', 'SAMEORIGIN');
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'");
        return reply.type('text/html; charset=utf-8').send(assistantFramePage(request.params.page, deps.assistant?.settings.name ?? 'MySALT AI'));
      },
    );
  }
};
