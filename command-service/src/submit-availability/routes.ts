import { hashToken } from '@hireloop/platform/accounts/tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailabilityBody, AvailabilityResponse, InvitationTokenParams } from '@hireloop/contracts';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider } from '../invitations/decider';
import { availabilityMail, companyContact } from '../invitations/mail';
import { invitationByToken, invitationErrors, jobTitle, revealedCandidate, sendMail } from '../invitations/steps';

/** The candidate, by the token in the invitation's mail and without signing in, offers interview times (ADR 031). */
export const submitAvailabilityRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/invitations/:token/availability',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: AvailabilityBody, response: { 200: AvailabilityResponse, ...invitationErrors } } },
    async (request, reply) => {
      const { token } = request.params;
      const { streamId, actor } = await invitationByToken(deps, token);
      const result = await handleCommandWithState(
        deps.eventStore,
        streamId,
        invitationDecider,
        () => ({ type: 'SubmitAvailability' as const, data: { tokenHash: hashToken(token), now: deps.clock.now().toISOString(), availability: request.body } }),
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
                  sequence: version,
                });
              },
              `invitation-availability-${invitation.invitationId}-${version}`,
            );
          },
        },
      );
      return withPosition(reply, result.position).send({ success: true, hasSubmittedAvailability: true });
    },
  );
};
