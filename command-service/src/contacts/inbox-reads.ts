import {
  CONTACT_MESSAGES,
  DomainError,
  ErrorBody,
  InboxReadEventSchemas,
  MarkInboxReadBody,
  MarkInboxReadResponse,
  inboxReadsStreamId,
  type InboxReadEvent,
} from '@hireloop/contracts';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../auth/accounts';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { assertNever, type Decider } from '../shared/decider';
import { commandContext, withPosition } from '../shared/request-context';

/** Stream `inbox-reads-<userId>`: the newest message time the candidate has seen in their inbox. */
export interface InboxReadsState {
  upTo: string | null;
}

export type InboxReadsCommand = { type: 'MarkInboxRead'; data: { candidateUserId: string; upTo: string; now: string } };

/**
 * Read state of a candidate's inbox (ADR 032): one mark that only moves forward. A mark past now
 * counts as now (no message can be newer than the moment it was read); one at or before the last
 * records nothing, so opening the inbox again, or a retried request, adds no event.
 */
export const inboxReadsDecider: Decider<InboxReadsCommand, InboxReadEvent, InboxReadsState> = {
  schemas: InboxReadEventSchemas,
  initialState: () => ({ upTo: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'InboxReadUpTo':
        return { upTo: state.upTo !== null && state.upTo > event.data.upTo ? state.upTo : event.data.upTo };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'MarkInboxRead': {
        const { candidateUserId, now } = command.data;
        const upTo = new Date(Math.min(Date.parse(command.data.upTo), Date.parse(now))).toISOString();
        if (state.upTo !== null && upTo <= state.upTo) return [];
        return [{ type: 'InboxReadUpTo', data: { candidateUserId, upTo, readAt: now } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

/** `POST /api/inbox/read { upTo }`: the signed-in candidate saw their messages up to `upTo` (their own inbox only). */
export const inboxReadRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/inbox/read',
    {
      onRequest: signedInOnly,
      schema: { tags: ['contacts'], body: MarkInboxReadBody, response: { 200: MarkInboxReadResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 412: ErrorBody } },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      if (account.type !== 'candidate') throw new DomainError('forbidden', CONTACT_MESSAGES.inboxCandidatesOnly);
      const command = { type: 'MarkInboxRead' as const, data: { candidateUserId: account.userId, upTo: request.body.upTo, now: deps.clock.now().toISOString() } };
      const result = await handleCommandWithState(
        deps.eventStore,
        inboxReadsStreamId(account.userId),
        inboxReadsDecider,
        () => command,
        commandContext(deps, request, { userId: account.userId, role: account.role }),
      );
      // Where the mark stands now: this one, or an earlier one that already covered it.
      return withPosition(reply, result.position).send({ success: true as const, readUpTo: result.state.upTo! });
    },
  );
};
