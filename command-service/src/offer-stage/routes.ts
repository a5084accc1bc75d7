import { signedInOnly } from '@hireloop/platform/http/auth';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import { mailToSend } from '@hireloop/platform/mailer/hand-over';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import type { Actor } from '@hireloop/platform/event-store';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailabilityBody,
  AvailabilityResponse,
  BulkInvitationBody,
  BulkInvitationResponse,
  DomainError,
  ErrorBody,
  FREE_PLAN_INVITE_REQUESTS,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  InvitationIdParams,
  InvitationTokenParams,
  OfferStageResponse,
  RevealResponse,
  SendInvitationBody,
  SendInvitationResponse,
  UpgradeRequiredBody,
  bulkInvitationComplete,
  candidateStreamId,
  inviteRequestLimitReached,
  invitationIdOfToken,
  invitationStreamId,
  isAdminRole,
  jobStreamId,
  type InvitationEvent,
  type SkippedCandidate,
} from '@hireloop/contracts';
import { loadCompanyName, loadUserAccount, requireAccount, type RegisteredAccount } from '../auth/accounts';
import { jobDecider, type JobState } from '../jobs/decider';
import { candidateMailbox, loadCandidate, type Candidate } from '../profiles/candidate';
import { profileDecider } from '../profiles/decider';
import { decideOn, handleCommandWithState, handleDecisions, type CommandContext, type Decision } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { commandContext, withPosition } from '../shared/request-context';
import { invitationDecider, invitationIdFor, type InvitationSender, type InvitationState } from './decider';
import { inviteRequestAllowance } from './invite-requests';
import { availabilityMail, companyContact, invitationLink, invitationMail, offerStageMail, revealMail } from './mail';
import { throttleInvitationMoves, throttleInvitations } from './throttle';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 429: ErrorBody };
const DAY_MS = 86_400_000;

interface PreparedInvitation {
  decision: Decision<InvitationEvent>;
  candidate: Candidate;
  invitationId: string;
  token: string;
  expiresAt: string;
}

/**
 * Decides one invitation (without appending it). The token is made here and lives only in the
 * mail: the stream keeps its sha256 (ADR 031). A missing profile still runs the decider (on a
 * stream no invitation can have), so the rules answer in their one order.
 */
async function prepareInvitation(deps: CommandServiceDeps, job: JobState, jobId: string, profileId: string, message: string, by: InvitationSender): Promise<PreparedInvitation> {
  const candidate = await loadCandidate(deps, profileId);
  const invitationId = invitationIdFor(jobId, candidate?.userId ?? `no-profile:${profileId}`);
  const token = `${invitationId}.${deps.ids.newToken(32)}`;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
  const decision = await decideOn(deps.eventStore, invitationStreamId(invitationId), invitationDecider, {
    type: 'SendInvitation',
    data: { invitationId, job, candidate: candidate && { profileId, userId: candidate.userId }, message, tokenHash: hashToken(token), by, now: now.toISOString(), expiresAt },
  });
  return { decision, candidate: candidate!, invitationId, token, expiresAt };
}

/**
 * The mail a change asks for, appended with its events (ADR 053). Mail is a side effect: one that
 * cannot be written is logged, and the change stands.
 */
async function sendMail(deps: CommandServiceDeps, log: FastifyBaseLogger, build: () => Promise<MailMessage | null>, messageId: string): Promise<OutboxMessage[]> {
  try {
    const mail = await build();
    return mail ? [mailToSend(mail, messageId)] : [];
  } catch (error) {
    log.warn({ err: error, messageId }, 'invitation mail could not be queued');
    return [];
  }
}

async function mailInvitation(deps: CommandServiceDeps, log: FastifyBaseLogger, job: JobState, prepared: PreparedInvitation, message: string) {
  if (job.status === 'none') return [];
  return sendMail(
    deps,
    log,
    async () => {
      const mailbox = await candidateMailbox(deps, prepared.candidate);
      if (!mailbox) return null;
      const companyName = (await loadCompanyName(deps, job.companyId)) ?? job.content.company;
      const link = invitationLink(deps, prepared.token);
      return invitationMail({ to: mailbox.email, candidateName: mailbox.name, companyName, jobTitle: job.content.title, message, link, expiresAt: prepared.expiresAt });
    },
    `invitation-${hashToken(prepared.token)}`,
  );
}

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

const senderOf = (account: RegisteredAccount): InvitationSender => ({ userId: account.userId, type: account.type, role: account.role, companyId: account.companyId });

async function requireSender(deps: CommandServiceDeps, request: FastifyRequest) {
  const account = await requireAccount(deps, request);
  // Refused before anything is read: a candidate has nobody to invite.
  if (account.type !== 'company' && !isAdminRole(account.role)) throw new DomainError('forbidden', INVITATION_MESSAGES.companiesOnly);
  await throttleInvitations(deps, account.userId);
  return account;
}

/** The invitation a token names, and who acts with it: the candidate it was sent to (no sign-in, §6). */
async function invitationByToken(deps: CommandServiceDeps, token: string) {
  const invitationId = invitationIdOfToken(token);
  if (!invitationId) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  const streamId = invitationStreamId(invitationId);
  const { state } = await loadState(deps.eventStore, streamId, invitationDecider);
  if (state.status === 'none') throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  const actor: Actor = { userId: state.candidateUserId, role: 'candidate' };
  return { streamId, actor };
}

/** What the company's mails say about the candidate once they revealed: their profile's name and email. */
async function revealedCandidate(deps: CommandServiceDeps, state: Extract<InvitationState, { candidateUserId: string }>) {
  const { state: profile } = await loadState(deps.eventStore, candidateStreamId(state.candidateProfileId), profileDecider);
  const account = await loadUserAccount(deps, state.candidateUserId);
  const accountEmail = account.status === 'registered' ? account.email : '';
  if (profile.status !== 'created') return { name: account.status === 'registered' ? account.name : '', email: accountEmail };
  return { name: [profile.content.firstName, profile.content.lastName].filter(Boolean).join(' '), email: profile.content.email || accountEmail };
}

async function jobTitle(deps: CommandServiceDeps, jobId: string) {
  const { state } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
  return state.status === 'none' ? 'your job' : state.content.title;
}

/**
 * Invitations (ADR 031): a company (or an admin for it) invites a candidate to one of its jobs;
 * the candidate, by the token in the mail and without signing in, reveals their profile and
 * offers interview times. Every step is an event on the stream of that candidate and job.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/job-invitations/send',
    { onRequest: signedInOnly, schema: { tags: ['invitations'], body: SendInvitationBody, response: { 201: SendInvitationResponse, ...errors } } },
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
    { onRequest: signedInOnly, schema: { tags: ['invitations'], body: BulkInvitationBody, response: { 200: BulkInvitationResponse, ...errors } } },
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

  /**
   * The company that owns the job (or an admin for it) moves a request whose candidate offered
   * interview times to the offer stage (part 1 §4). Moving it again answers the same and records
   * nothing. The id is the one the company's list gives; it grants nothing by itself.
   */
  app.post(
    '/api/job-invitations/:invitationId/offer-stage',
    {
      onRequest: signedInOnly,
      schema: { tags: ['invitations'], params: InvitationIdParams, body: z.unknown().optional(), response: { 200: OfferStageResponse, ...errors } },
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

  app.post(
    '/api/invitations/:token/reveal',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: z.unknown().optional(), response: { 200: RevealResponse, ...errors } } },
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

  app.post(
    '/api/invitations/:token/availability',
    { schema: { tags: ['invitations'], params: InvitationTokenParams, body: AvailabilityBody, response: { 200: AvailabilityResponse, ...errors } } },
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
