import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVITATION_MESSAGES, InvitationTokenParams, MyInvitationParams, RevealResponse } from '@hireloop/contracts';
import type { Actor } from '@hireloop/platform/event-store';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider, type InvitationAccess } from '../invitations/decider';
import { companyContact, revealMail } from '../invitations/mail';
import { invitationErrors, jobTitle, reachedByInvitee, reachedByToken, revealedCandidate, sendMail } from '../invitations/steps';

/**
 * The candidate shows the company their profile: by the token in the invitation's mail and without
 * signing in (ADR 031), or signed in as the invitee, by the invitation's id from their dashboard or
 * inbox (ADR 062). Both are one command.
 */
export const revealProfileRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  async function reveal(request: FastifyRequest, reply: FastifyReply, { streamId, actor, access }: { streamId: string; actor: Actor; access: InvitationAccess }) {
    const result = await handleCommandWithState(
      deps.eventStore,
      streamId,
      invitationDecider,
      () => ({ type: 'RevealProfile' as const, data: { ...access, now: deps.clock.now().toISOString() } }),
      commandContext(deps, request, actor),
      {
        async outbox(events, { version, decidedOn: invitation }) {
          if (events[0]?.type !== 'InvitationRevealed' || invitation.status === 'none') return [];
          return sendMail(
            deps,
            request.log,
            async () => {
              const company = await companyContact(deps, invitation.companyId);
              if (!company) return null;
              const profileUrl = `${deps.publicUrl.replace(/\/$/, '')}/profile/${invitation.candidateProfileId}`;
              return revealMail({ to: company.email, companyName: company.name, jobTitle: await jobTitle(deps, invitation.jobId), candidate: await revealedCandidate(deps, invitation), profileUrl });
            },
            `invitation-revealed-${invitation.invitationId}-${version}`,
          );
        },
      },
    );
    return withPosition(reply, result.position).send({ success: true, message: INVITATION_MESSAGES.profileRevealed, hasRevealed: true });
  }

  app.post(
    '/api/invitations/:token/reveal',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: z.unknown().optional(), response: { 200: RevealResponse, ...invitationErrors } } },
    async (request, reply) => reveal(request, reply, await reachedByToken(deps, request.params.token)),
  );

  app.post(
    '/api/my-invitations/:invitationId/reveal',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], params: MyInvitationParams, body: z.unknown().optional(), response: { 200: RevealResponse, ...invitationErrors } } },
    async (request, reply) => reveal(request, reply, await reachedByInvitee(deps, request, request.params.invitationId)),
  );
};
