import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvitationTokenParams, MyInvitationParams, ViewInvitationResponse } from '@hireloop/contracts';
import type { Actor } from '@hireloop/platform/event-store';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider, type InvitationAccess } from '../invitations/decider';
import { invitationErrors, reachedByInvitee, reachedByToken } from '../invitations/steps';

/**
 * The invitation page tells the server it was opened (ADR 070): by the mail's token, or signed in
 * as the invitee by its id. The first view is recorded (`InvitationViewed`) and the company's list
 * shows it as Viewed; later ones record nothing. Anyone else reaches nothing (the page's 404), so
 * nothing is recorded for them. A read never writes: the page sends this once it has shown the invitation.
 */
export const viewInvitationRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  async function view(request: FastifyRequest, reply: FastifyReply, { streamId, actor, access }: { streamId: string; actor: Actor; access: InvitationAccess }) {
    const result = await handleCommandWithState(
      deps.eventStore,
      streamId,
      invitationDecider,
      () => ({ type: 'ViewInvitation' as const, data: { ...access, now: deps.clock.now().toISOString() } }),
      commandContext(deps, request, actor),
    );
    // The invitation was reached (else the decider answered 404), so it has been viewed now or before.
    const viewedAt = result.state.status === 'none' ? null : result.state.viewedAt;
    return withPosition(reply, result.position).send({ success: true as const, viewedAt: viewedAt ?? deps.clock.now().toISOString() });
  }

  app.post(
    '/api/invitations/:token/view',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: z.unknown().optional(), response: { 200: ViewInvitationResponse, ...invitationErrors } } },
    async (request, reply) => view(request, reply, await reachedByToken(deps, request.params.token)),
  );

  app.post(
    '/api/my-invitations/:invitationId/view',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], params: MyInvitationParams, body: z.unknown().optional(), response: { 200: ViewInvitationResponse, ...invitationErrors } } },
    async (request, reply) => view(request, reply, await reachedByInvitee(deps, request, request.params.invitationId)),
  );
};
