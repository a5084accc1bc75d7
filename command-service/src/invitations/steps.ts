import { hashToken } from '@hireloop/platform/accounts/tokens';
import { mailToSend } from '@hireloop/platform/mailer/hand-over';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import type { Actor } from '@hireloop/platform/event-store';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { DomainError, ErrorBody, INVITATION_MESSAGES, UpgradeRequiredBody, candidateStreamId, invitationIdOfToken, invitationStreamId, jobStreamId } from '@hireloop/contracts';
import { loadUserAccount, requireAccount, type RegisteredAccount } from '../auth/accounts';
import { jobDecider } from '../jobs/decider';
import { profileDecider } from '../profiles/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { invitationDecider, type InvitationAccess, type InvitationSender, type InvitationState } from './decider';

/**
 * What the invitation use cases (ADR 031, ADR 052) share: `send-invitation/`, `offer-stage/`,
 * `reveal-profile/` and `submit-availability/` each register their route(s) and use these.
 */

export const invitationErrors = { 400: ErrorBody, 401: ErrorBody, 403: UpgradeRequiredBody.or(ErrorBody), 404: ErrorBody, 409: ErrorBody, 412: ErrorBody, 429: ErrorBody };

export const senderOf = (account: RegisteredAccount): InvitationSender => ({ userId: account.userId, type: account.type, role: account.role, companyId: account.companyId });

/**
 * The mail a change asks for, appended with its events (ADR 053). Mail is a side effect: one that
 * cannot be written is logged, and the change stands.
 */
export async function sendMail(deps: CommandServiceDeps, log: FastifyBaseLogger, build: () => Promise<MailMessage | null>, messageId: string): Promise<OutboxMessage[]> {
  try {
    const mail = await build();
    return mail ? [mailToSend(mail, messageId)] : [];
  } catch (error) {
    log.warn({ err: error, messageId }, 'invitation mail could not be queued');
    return [];
  }
}

/** The invitation a token names, and who acts with it: the candidate it was sent to (no sign-in, §6). */
export async function invitationByToken(deps: CommandServiceDeps, token: string) {
  const invitationId = invitationIdOfToken(token);
  if (!invitationId) throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  const streamId = invitationStreamId(invitationId);
  const { state } = await loadState(deps.eventStore, streamId, invitationDecider);
  if (state.status === 'none') throw new DomainError('not_found', INVITATION_MESSAGES.notFound);
  const actor: Actor = { userId: state.candidateUserId, role: 'candidate' };
  return { streamId, actor };
}

/** The invitation a token names, how the command reaches it, and who acts: the candidate it was sent to (no sign-in, §6). */
export async function reachedByToken(deps: CommandServiceDeps, token: string): Promise<{ streamId: string; actor: Actor; access: InvitationAccess }> {
  return { ...(await invitationByToken(deps, token)), access: { tokenHash: hashToken(token) } };
}

/**
 * The invitation the signed-in user opens by its id from their dashboard or inbox (ADR 062): the
 * decider checks they are its invitee; the actor is who they are.
 */
export async function reachedByInvitee(deps: CommandServiceDeps, request: FastifyRequest, invitationId: string): Promise<{ streamId: string; actor: Actor; access: InvitationAccess }> {
  const account = await requireAccount(deps, request);
  return { streamId: invitationStreamId(invitationId), actor: { userId: account.userId, role: account.role }, access: { inviteeUserId: account.userId } };
}

/** What the company's mails say about the candidate once they revealed: their profile's name and email. */
export async function revealedCandidate(deps: CommandServiceDeps, state: Extract<InvitationState, { candidateUserId: string }>) {
  const { state: profile } = await loadState(deps.eventStore, candidateStreamId(state.candidateProfileId), profileDecider);
  const account = await loadUserAccount(deps, state.candidateUserId);
  const accountEmail = account.status === 'registered' ? account.email : '';
  if (profile.status !== 'created') return { name: account.status === 'registered' ? account.name : '', email: accountEmail };
  return { name: [profile.content.firstName, profile.content.lastName].filter(Boolean).join(' '), email: profile.content.email || accountEmail };
}

export async function jobTitle(deps: CommandServiceDeps, jobId: string) {
  const { state } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
  return state.status === 'none' ? 'your job' : state.content.title;
}
