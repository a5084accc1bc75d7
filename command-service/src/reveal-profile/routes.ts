import { hashToken } from '@hireloop/platform/accounts/tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVITATION_MESSAGES, InvitationTokenParams, RevealResponse } from '@hireloop/contracts';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider } from '../invitations/decider';
import { companyContact, revealMail } from '../invitations/mail';
import { invitationByToken, invitationErrors, jobTitle, revealedCandidate, sendMail } from '../invitations/steps';

/** The candidate, by the token in the invitation's mail and without signing in, shows the company their profile (ADR 031). */
export const revealProfileRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/invitations/:token/reveal',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: z.unknown().optional(), response: { 200: RevealResponse, ...invitationErrors } } },
    async (request, reply) => {
      const { token } = request.params;
      const { streamId, actor } = await invitationByToken(deps, token);
      const result = await handleCommandWithState(
        deps.eventStore,
        streamId,
        invitationDecider,
        () => ({ type: 'RevealProfile' as const, data: { tokenHash: hashToken(token), now: deps.clock.now().toISOString() } }),
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
    },
  );
};
