import {
  ConversationParams,
  ErrorBody,
  MarkConversationReadBody,
  MarkConversationReadResponse,
  ReplyBody,
  ReplyResponse,
  UpgradeRequiredBody,
  UpgradeRequiredError,
  candidateContactStreamId,
  subscriptionStreamId,
} from '@hireloop/contracts';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../auth/accounts';
import { loadCandidate, type Candidate } from '../profiles/candidate';
import { handleCommand, handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { loadState } from '../shared/stream';
import { subscriptionDecider } from '../subscriptions/decider';
import { contactDecider } from './decider';
import { mailCandidate, mailCompanyUser } from './routes';
import { throttleContacts, throttleReplies } from './throttle';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody, 412: ErrorBody, 429: ErrorBody };

/**
 * Two-way messages (ADR 069). A thread (`candidate-contact-<threadId>`) is between one company and
 * one candidate: its candidate replies (`CandidateReplied`, sealed under their key), a user of its
 * company answers (a further `CandidateContacted`, mailed like the first, on a paid plan). Anyone
 * else, admins included, gets the 404 of a thread that does not exist.
 */
export const conversationRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/conversations/:threadId/messages',
    { onRequest: signedInOnly, schema: { tags: ['contacts'], params: ConversationParams, body: ReplyBody, response: { 201: ReplyResponse, ...errors } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { threadId } = request.params;
      // A company's answer mails the candidate, and counts with its contacts.
      if (account.type === 'company') await throttleContacts(deps, account.userId);
      else await throttleReplies(deps, account.userId);
      const messageId = deps.ids.newId();
      const now = deps.clock.now().toISOString();
      const by = { userId: account.userId, type: account.type, companyId: account.companyId ?? null };
      let candidate: Candidate | null = null;
      let lastCompanySender: string | null = null;
      let result;
      try {
        result = await handleCommand(
          deps.eventStore,
          candidateContactStreamId(threadId),
          contactDecider,
          async (state) => {
            candidate = state.candidateProfileId ? await loadCandidate(deps, state.candidateProfileId) : null;
            lastCompanySender = state.lastCompanySender;
            const companyReplies = account.type === 'company' && state.companyId !== null && state.companyId === account.companyId;
            const subscription = companyReplies ? (await loadState(deps.eventStore, subscriptionStreamId(state.companyId!), subscriptionDecider)).state : null;
            return {
              type: 'Reply' as const,
              data: { messageId, threadId, by, subscription, candidateExists: candidate !== null && candidate.userId === state.candidateUserId, message: request.body.message, now },
            };
          },
          commandContext(deps, request, { userId: account.userId, role: account.role }),
          {
            outbox: async ([sent]) => {
              if (sent?.type === 'CandidateContacted' && candidate) return mailCandidate(deps, request.log, { contactId: messageId, candidate, companyId: sent.data.companyId, message: sent.data.message, reply: true });
              // A candidate's reply: the company user who wrote last hears of it (not what it says).
              if (sent?.type === 'CandidateReplied' && lastCompanySender) return mailCompanyUser(deps, request.log, { messageId, userId: lastCompanySender, companyId: sent.data.companyId });
              return [];
            },
          },
        );
      } catch (error) {
        if (error instanceof UpgradeRequiredError) return reply.code(403).send({ success: false, error: error.message, requiresUpgrade: true });
        throw error;
      }
      return withPosition(reply, result.position).status(201).send({ success: true, messageId, sentAt: now });
    },
  );

  /** The company's read mark on one thread, shared by its users (ADR 069). Candidates mark their inbox (`POST /api/inbox/read`). */
  app.post(
    '/api/conversations/:threadId/read',
    { onRequest: signedInOnly, schema: { tags: ['contacts'], params: ConversationParams, body: MarkConversationReadBody, response: { 200: MarkConversationReadResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 412: ErrorBody } } },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      const { threadId } = request.params;
      const by = { userId: account.userId, type: account.type, companyId: account.companyId ?? null };
      const result = await handleCommandWithState(
        deps.eventStore,
        candidateContactStreamId(threadId),
        contactDecider,
        () => ({ type: 'MarkReadByCompany' as const, data: { threadId, by, upTo: request.body.upTo, now: deps.clock.now().toISOString() } }),
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      return withPosition(reply, result.position).send({ success: true as const, readUpTo: result.state.companyReadUpTo! });
    },
  );
};
