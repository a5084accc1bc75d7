import { signedInOnly } from '@hireloop/platform/http/auth';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BulkInvitationBody,
  BulkInvitationResponse,
  DomainError,
  FREE_PLAN_INVITE_REQUESTS,
  INVITATION_MESSAGES,
  SendInvitationBody,
  SendInvitationResponse,
  bulkInvitationComplete,
  inviteRequestLimitReached,
  jobStreamId,
  type SkippedCandidate,
} from '@hireloop/contracts';
import { jobDecider, type JobState } from '../jobs/decider';
import { handleDecisions, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { commandContext, withPosition } from '../shared/request-context';
import { inviteRequestAllowance } from '../invitations/invite-requests';
import { invitationErrors, senderOf } from '../invitations/steps';
import { mailInvitation, prepareInvitation, requireSender, type PreparedInvitation } from './send-invitation';

/**
 * Invitations (ADR 031): a company (or an admin for it) invites a candidate to one of its jobs, or
 * several at once. The candidate's answers (`reveal-profile/`, `submit-availability/`) and the
 * company's next step (`offer-stage/`) are events on the same stream of that candidate and job.
 */
export const sendInvitationRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/job-invitations/send',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], body: SendInvitationBody, response: { 201: SendInvitationResponse, ...invitationErrors } } },
    async (request, reply) => {
      const account = await requireSender(deps, request);
      const { jobId, candidateId, message } = request.body;
      const context = commandContext(deps, request, { userId: account.userId, role: account.role });
      // Another send came first: decided again, it finds the invitation (409) or the month's count moved on.
      const outcome = await handleDecisions<{ limitReached: true } | { limitReached: false; job: JobState; prepared: PreparedInvitation }>(
        deps.eventStore,
        async () => {
          const job = (await loadState(deps.eventStore, jobStreamId(jobId), jobDecider)).state;
          const prepared = await prepareInvitation(deps, job, jobId, candidateId, message, senderOf(account));
          // The free plan's invite requests this month (ADR 031): counted with the invitation, in one append.
          const allowance = await inviteRequestAllowance(deps, account, deps.clock.now().toISOString());
          if (allowance && allowance.remaining < 1) return { decisions: [], result: { limitReached: true } };
          const outbox = await mailInvitation(deps, request.log, job, prepared, message);
          return { decisions: [prepared.decision, ...(allowance ? [allowance.count([prepared.invitationId])] : [])], result: { limitReached: false, job, prepared }, outbox };
        },
        context,
      );
      if (outcome.limitReached) return reply.code(403).send({ success: false, error: inviteRequestLimitReached(FREE_PLAN_INVITE_REQUESTS), requiresUpgrade: true });
      const { prepared, position } = outcome;
      return withPosition(reply, position)
        .status(201)
        .send({ success: true, message: INVITATION_MESSAGES.sent, invitationId: prepared.invitationId, status: 'email_sent', expiresAt: prepared.expiresAt });
    },
  );

  /**
   * One command, one event per candidate invited, appended all-or-nothing. Candidates without a
   * profile, already invited or listed twice are skipped with the reason; anything about the job
   * or the sender refuses the whole request. A retry with the same Idempotency-Key replays the
   * first answer (ADR 015); without it, a retry skips those already invited.
   */
  app.post(
    '/api/job-invitations/bulk',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], body: BulkInvitationBody, response: { 200: BulkInvitationResponse, ...invitationErrors } } },
    async (request, reply) => {
      const account = await requireSender(deps, request);
      const { jobId, candidateIds, message } = request.body;
      const context: CommandContext = commandContext(deps, request, { userId: account.userId, role: account.role });
      // Another send came first: decided again, those it invited are skipped as already invited.
      const { invited, skipped, position } = await handleDecisions(
        deps.eventStore,
        async () => {
          const { state: job } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
          const prepared: PreparedInvitation[] = [];
          const invited: Array<{ candidateId: string; invitationId: string }> = [];
          const skipped: SkippedCandidate[] = [];
          const seen = new Set<string>();
          for (const candidateId of candidateIds) {
            if (seen.has(candidateId)) {
              skipped.push({ candidateId, reason: 'duplicate', message: 'Listed more than once; invited once.' });
              continue;
            }
            seen.add(candidateId);
            try {
              const one = await prepareInvitation(deps, job, jobId, candidateId, message, senderOf(account));
              prepared.push(one);
              invited.push({ candidateId, invitationId: one.invitationId });
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              if (error.message === INVITATION_MESSAGES.candidateNotFound) skipped.push({ candidateId, reason: 'candidate_not_found', message: error.message });
              else if (error.message === INVITATION_MESSAGES.alreadyInvited) skipped.push({ candidateId, reason: 'already_invited', message: error.message });
              else throw error;
            }
          }
          // The free plan's invite requests this month (ADR 031): those beyond them are skipped, the rest counted in the same append.
          const allowance = await inviteRequestAllowance(deps, account, deps.clock.now().toISOString());
          if (allowance && prepared.length > allowance.remaining) {
            for (const one of prepared.splice(allowance.remaining)) {
              const index = invited.findIndex((entry) => entry.invitationId === one.invitationId);
              const [dropped] = invited.splice(index, 1);
              skipped.push({ candidateId: dropped!.candidateId, reason: 'plan_limit', message: inviteRequestLimitReached(FREE_PLAN_INVITE_REQUESTS) });
            }
          }
          const decisions = [...prepared.map((one) => one.decision), ...(allowance && prepared.length > 0 ? [allowance.count(prepared.map((one) => one.invitationId))] : [])];
          const outbox: OutboxMessage[] = [];
          for (const one of prepared) outbox.push(...(await mailInvitation(deps, request.log, job, one, message)));
          return { decisions, result: { invited, skipped }, outbox };
        },
        context,
      );
      const summary = { succeeded: invited.length, total: candidateIds.length, skipped: skipped.length };
      return withPosition(reply, position).send({ success: true, message: bulkInvitationComplete(summary.succeeded, summary.total), summary, invited, skipped });
    },
  );
};
