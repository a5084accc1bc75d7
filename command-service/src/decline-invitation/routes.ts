import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeclineResponse, INVITATION_MESSAGES, InvitationTokenParams, MyInvitationParams } from '@hireloop/contracts';
import type { Actor } from '@hireloop/platform/event-store';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider, type InvitationAccess } from '../invitations/decider';
import { invitationErrors, reachedByInvitee, reachedByToken } from '../invitations/steps';

/**
 * The candidate says no to a company's request (ADR 104): by the token in the invitation's mail
 * and without signing in, or signed in as the invitee, by the invitation's id from their dashboard
 * or inbox — as a reveal is reached (ADR 031, ADR 062). The company's list says Declined; nothing of
 * the candidate is shown to it.
 */
export const declineInvitationRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  async function decline(request: FastifyRequest, reply: FastifyReply, { streamId, actor, access }: { streamId: string; actor: Actor; access: InvitationAccess }) {
    const result = await handleCommandWithState(
      deps.eventStore,
      streamId,
      invitationDecider,
      () => ({ type: 'DeclineInvitation' as const, data: { ...access, now: deps.clock.now().toISOString() } }),
      commandContext(deps, request, actor),
    );
    return withPosition(reply, result.position).send({ success: true, message: INVITATION_MESSAGES.declined, hasDeclined: true });
  }

  app.post(
    '/api/invitations/:token/decline',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: z.unknown().optional(), response: { 200: DeclineResponse, ...invitationErrors } } },
    async (request, reply) => decline(request, reply, await reachedByToken(deps, request.params.token)),
  );

  app.post(
    '/api/my-invitations/:invitationId/decline',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], params: MyInvitationParams, body: z.unknown().optional(), response: { 200: DeclineResponse, ...invitationErrors } } },
    async (request, reply) => decline(request, reply, await reachedByInvitee(deps, request, request.params.invitationId)),
  );
};
