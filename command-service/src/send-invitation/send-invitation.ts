import { hashToken } from '@hireloop/platform/accounts/tokens';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { DomainError, INVITATION_MESSAGES, INVITATION_TTL_DAYS, invitationStreamId, isAdminRole, type InvitationEvent } from '@hireloop/contracts';
import { loadCompanyName, requireAccount } from '../auth/accounts';
import type { JobState } from '../jobs/decider';
import { candidateMailbox, loadCandidate, type Candidate } from '../profiles/candidate';
import { decideOn, type Decision } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { invitationDecider, invitationIdFor, type InvitationSender } from '../invitations/decider';
import { invitationLink, invitationMail } from '../invitations/mail';
import { sendMail } from '../invitations/steps';
import { throttleInvitations } from '../invitations/throttle';

const DAY_MS = 86_400_000;

export interface PreparedInvitation {
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
export async function prepareInvitation(deps: CommandServiceDeps, job: JobState, jobId: string, profileId: string, message: string, by: InvitationSender): Promise<PreparedInvitation> {
  const candidate = await loadCandidate(deps, profileId);
  const invitationId = invitationIdFor(jobId, candidate?.userId ?? `no-profile:${profileId}`);
  const token = `${invitationId}.${deps.ids.newToken(32)}`;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
  const decision = await decideOn(deps.eventStore, invitationStreamId(invitationId), invitationDecider, {
    type: 'SendInvitation',
    data: { invitationId, job, candidate: candidate && { profileId, userId: candidate.userId, isPublic: candidate.isPublic }, message, tokenHash: hashToken(token), by, now: now.toISOString(), expiresAt },
  });
  return { decision, candidate: candidate!, invitationId, token, expiresAt };
}

export async function mailInvitation(deps: CommandServiceDeps, log: FastifyBaseLogger, job: JobState, prepared: PreparedInvitation, message: string) {
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

export async function requireSender(deps: CommandServiceDeps, request: FastifyRequest) {
  const account = await requireAccount(deps, request);
  // Refused before anything is read: a candidate has nobody to invite.
  if (account.type !== 'company' && !isAdminRole(account.role)) throw new DomainError('forbidden', INVITATION_MESSAGES.companiesOnly);
  await throttleInvitations(deps, account.userId);
  return account;
}
