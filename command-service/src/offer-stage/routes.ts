import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, INVITATION_MESSAGES, InvitationIdParams, OfferStageResponse, invitationStreamId, isAdminRole } from '@hireloop/contracts';
import { loadCompanyName, requireAccount } from '../auth/accounts';
import { candidateMailbox, loadCandidate } from '../profiles/candidate';
import { handleCommandWithState } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider, type InvitationState } from '../invitations/decider';
import { offerStageMail } from '../invitations/mail';
import { invitationErrors, jobTitle, sendMail, senderOf } from '../invitations/steps';
import { throttleInvitationMoves } from '../invitations/throttle';

async function mailOfferStage(deps: CommandServiceDeps, log: FastifyBaseLogger, invitationId: string, state: Extract<InvitationState, { candidateUserId: string }>) {
  return sendMail(
    deps,
    log,
    async () => {
      const candidate = await loadCandidate(deps, state.candidateProfileId);
      const mailbox = candidate && (await candidateMailbox(deps, candidate));
      if (!mailbox) return null;
      const companyName = (await loadCompanyName(deps, state.companyId)) ?? 'The company';
      return offerStageMail({ to: mailbox.email, candidateName: mailbox.name, companyName, jobTitle: await jobTitle(deps, state.jobId), dashboardUrl: `${deps.publicUrl.replace(/\/$/, '')}/dashboard` });
    },
    `offer-stage-${invitationId}`,
  );
}

/**
 * The company that owns the job (or an admin for it) moves a request whose candidate offered
 * interview times to the offer stage (part 1 §4). Moving it again answers the same and records
 * nothing. The id is the one the company's list gives; it grants nothing by itself.
 */
export const offerStageRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/job-invitations/:invitationId/offer-stage',
    {
      onRequest: signedInOnly,
      schema: { tags: ['invitations'], params: InvitationIdParams, body: z.unknown().optional(), response: { 200: OfferStageResponse, ...invitationErrors } },
    },
    async (request, reply) => {
      const account = await requireAccount(deps, request);
      // Refused before anything is read: a candidate has no request to move.
      if (account.type !== 'company' && !isAdminRole(account.role)) throw new DomainError('forbidden', INVITATION_MESSAGES.offerCompaniesOnly);
      await throttleInvitationMoves(deps, account.userId);
      const { invitationId } = request.params;
      const result = await handleCommandWithState(
        deps.eventStore,
        invitationStreamId(invitationId),
        invitationDecider,
        () => ({ type: 'MoveToOfferStage' as const, data: { by: senderOf(account), now: deps.clock.now().toISOString() } }),
        commandContext(deps, request, { userId: account.userId, role: account.role }),
        // The candidate hears of it once: when it is recorded, not when it is asked again.
        { outbox: async (events, { decidedOn }) => (events.length > 0 && decidedOn.status !== 'none' ? mailOfferStage(deps, request.log, invitationId, decidedOn) : []) },
      );
      const offerStageAt = result.state.status === 'none' ? null : result.state.offerStageAt;
      if (!offerStageAt) throw new Error('the offer stage was decided but not reached');
      return withPosition(reply, result.position).send({ success: true, message: INVITATION_MESSAGES.offerStage, invitationId, status: 'offer_stage', offerStageAt });
    },
  );
};
