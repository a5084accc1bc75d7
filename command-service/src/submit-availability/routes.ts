import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailabilityBody, AvailabilityResponse, InvitationTokenParams, MyInvitationParams } from '@hireloop/contracts';
import type { Actor } from '@hireloop/platform/event-store';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider, type InvitationAccess } from '../invitations/decider';
import { availabilityMail, companyContact } from '../invitations/mail';
import { invitationErrors, jobTitle, reachedByInvitee, reachedByToken, revealedCandidate, sendMail } from '../invitations/steps';

/**
 * The candidate offers interview times: by the token in the invitation's mail and without signing
 * in (ADR 031), or signed in as the invitee, by the invitation's id (ADR 062). Both are one command.
 */
export const submitAvailabilityRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  async function submit(request: FastifyRequest, reply: FastifyReply, availability: AvailabilityBody, { streamId, actor, access }: { streamId: string; actor: Actor; access: InvitationAccess }) {
    const result = await handleCommandWithState(
      deps.eventStore,
      streamId,
      invitationDecider,
      () => ({ type: 'SubmitAvailability' as const, data: { ...access, now: deps.clock.now().toISOString(), availability } }),
      commandContext(deps, request, actor),
      {
        async outbox(events, { version, decidedOn: invitation }) {
          const event = events[0];
          if (event?.type !== 'InterviewAvailabilitySubmitted' || invitation.status === 'none') return [];
          return sendMail(
            deps,
            request.log,
            async () => {
              const company = await companyContact(deps, invitation.companyId);
              if (!company) return null;
              return availabilityMail({
                to: company.email,
                companyName: company.name,
                jobTitle: await jobTitle(deps, invitation.jobId),
                candidate: await revealedCandidate(deps, invitation),
                availability: event.data,
                // The answer this one replaces, if any: the mail then says it changed (ADR 118).
                previous: invitation.availability,
                sequence: version,
              });
            },
            `invitation-availability-${invitation.invitationId}-${version}`,
          );
        },
      },
    );
    return withPosition(reply, result.position).send({ success: true, hasSubmittedAvailability: true });
  }

  app.post(
    '/api/invitations/:token/availability',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: AvailabilityBody, response: { 200: AvailabilityResponse, ...invitationErrors } } },
    async (request, reply) => submit(request, reply, request.body, await reachedByToken(deps, request.params.token)),
  );

  app.post(
    '/api/my-invitations/:invitationId/availability',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], params: MyInvitationParams, body: AvailabilityBody, response: { 200: AvailabilityResponse, ...invitationErrors } } },
    async (request, reply) => submit(request, reply, request.body, await reachedByInvitee(deps, request, request.params.invitationId)),
  );
};
