import { DomainError, ERASED, emailStreamId, userStreamId } from '@hireloop/contracts';
import { emailHash } from '@hireloop/platform/accounts/tokens';
import { NO_STREAM_VERSION, START, type Actor } from '@hireloop/platform/event-store';
import { appendDecisions, decideOn, type CommandContext, type Decision } from '../shared/command-handler';
import type { DomainEvent } from '../shared/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { addedCandidateEmailStreamId, loadAddedCandidateProfile } from '../admin-people/added-candidates';
import { emailReservationDecider } from '../auth/email-reservation';
import { identityDecider } from '../auth/social-sign-in';
import { userAccountDecider } from '../auth/user-account';

export interface ErasureReport {
  userId: string;
  /** False when the account had been erased before (this run only finished what was left). */
  erasedNow: boolean;
  /** Where the erasure events landed, for read-your-writes ('' when nothing was appended). */
  position: string;
  identitiesUnlinked: number;
  mailsDeleted: number;
  /** Profile pictures and cover photos deleted (ADR 046). */
  picturesDeleted: number;
  /** Events of the log written in the clear before sealing (ADR 019), rewritten without the data. */
  legacyEventsRedacted: number;
}

/** The identity streams whose current link points to this account (a scan of link events; erasures are rare). */
async function linkedIdentityStreams(deps: CommandServiceDeps, userId: string): Promise<Map<string, string>> {
  const links = new Map<string, { provider: string; userId: string | null }>();
  let from = START;
  for (;;) {
    const { events, nextPosition } = await deps.eventStore.readAll(from, { eventTypes: ['IdentityLinked', 'IdentityUnlinked'], batchSize: 1000 });
    for (const event of events) {
      const data = event.data as { provider: string; userId: string };
      links.set(event.streamId, { provider: data.provider, userId: event.type === 'IdentityLinked' ? data.userId : null });
    }
    if (events.length === 0 || nextPosition === from) break;
    from = nextPosition;
  }
  const mine = new Map<string, string>();
  for (const [streamId, link] of links) if (link.userId === userId) mine.set(streamId, link.provider);
  return mine;
}

/**
 * The person's mail: the kept mails to them (ADR 009) and the mails still waiting in the outbox
 * (ADR 053) to them, with their message and links; where a waiting mail to someone else mentions
 * their address or name, it reads as erased (ADR 061). How many mails were deleted.
 */
async function forgetMail(deps: CommandServiceDeps, email: string, name: string | undefined): Promise<number> {
  const waiting = await deps.outbox.forget(email, name && name !== ERASED ? [name] : []);
  return waiting + (await deps.mailer.forget(email));
}

/**
 * Forgets a person (ADR 019), for an operator answering a deletion request. In this order, so
 * that an interrupted erasure run again finishes the job:
 * 1. one atomic append: `PersonErased` on the account, the email reservation released, linked
 *    identities unlinked (the person may sign up again as someone new);
 * 2. what is kept beside the log: password hash, sessions, one-time secrets, mails waiting for
 *    delivery (ADR 061) and kept in the mail outbox,
 *    profile pictures (ADR 046);
 * 3. the person's key is deleted: every sealed field of theirs reads as erased from then on,
 *    in every process, replay and copy of the log; events written in the clear before sealing
 *    existed are rewritten without the data. Read models scrub themselves on `PersonErased`.
 */
export async function erasePerson(deps: CommandServiceDeps, userId: string, correlationId: string, actor: Actor = 'system'): Promise<ErasureReport> {
  // The person themselves (Settings, ADR 080) or the operator (`hireloop erase`): the activity log says which.
  const context: CommandContext = { actor, correlationId, clock: deps.clock, ids: deps.ids };
  const { state: account, version } = await loadState(deps.eventStore, userStreamId(userId), userAccountDecider);
  if (account.status === 'none') return eraseAddedCandidate(deps, userId, context);

  let position = '';
  let identitiesUnlinked = 0;
  if (account.status === 'registered') {
    const identities = await linkedIdentityStreams(deps, userId);
    const decisions: Decision<DomainEvent>[] = [
      // Decided on the account just loaded: the append's version check catches a change since.
      {
        streamId: userStreamId(userId),
        events: userAccountDecider.decide({ type: 'ErasePerson', data: { userId, at: deps.clock.now().toISOString() } }, account),
        version,
      },
      await decideOn(deps.eventStore, emailStreamId(emailHash(account.email)), emailReservationDecider, {
        type: 'ReleaseErasedAccountEmail',
        data: { email: account.email, userId },
      }),
    ];
    for (const [streamId, provider] of identities) {
      decisions.push(await decideOn(deps.eventStore, streamId, identityDecider, { type: 'UnlinkErasedAccount', data: { provider, userId } }));
    }
    position = await appendDecisions(deps.eventStore, decisions, context);
    identitiesUnlinked = identities.size;
  }

  const email = account.email;
  await deps.secrets.forgetUser(userId);
  const mailsDeleted = email && email !== ERASED ? await forgetMail(deps, email, account.status === 'registered' ? account.name : undefined) : 0;
  const picturesDeleted = (await deps.pictures?.forget(userId)) ?? 0;
  const { legacyEventsRedacted } = await deps.personalData.erase(userId, deps.clock.now());
  return { userId, erasedNow: account.status === 'registered', position, identitiesUnlinked, mailsDeleted, picturesDeleted, legacyEventsRedacted };
}

/**
 * A candidate an admin added (ADR 038) has no account, only a person id: `PersonErased` starts
 * their (empty) account stream, so nothing can be sealed for them again and their profile no
 * longer counts as a candidate; their address is released for another admin to add. Then, as for
 * an account, what is kept beside the log and their key go. Anyone else unknown is a 404.
 */
async function eraseAddedCandidate(deps: CommandServiceDeps, personId: string, context: CommandContext): Promise<ErasureReport> {
  const profile = await loadAddedCandidateProfile(deps, personId);
  if (!profile) throw new DomainError('not_found', 'User not found');
  const email = profile.content.email;
  const decisions: Decision<DomainEvent>[] = [
    { streamId: userStreamId(personId), events: [{ type: 'PersonErased', data: { userId: personId, erasedAt: deps.clock.now().toISOString() } }], version: NO_STREAM_VERSION },
  ];
  if (email && email !== ERASED) {
    decisions.push(
      await decideOn(deps.eventStore, addedCandidateEmailStreamId(emailHash(email)), emailReservationDecider, {
        type: 'ReleaseErasedAccountEmail',
        data: { email, userId: personId },
      }),
    );
  }
  const position = await appendDecisions(deps.eventStore, decisions, context);
  await deps.secrets.forgetUser(personId);
  const mailsDeleted = email && email !== ERASED ? await forgetMail(deps, email, `${profile.content.firstName} ${profile.content.lastName}`.trim()) : 0;
  const picturesDeleted = (await deps.pictures?.forget(personId)) ?? 0;
  const { legacyEventsRedacted } = await deps.personalData.erase(personId, deps.clock.now());
  return { userId: personId, erasedNow: true, position, identitiesUnlinked: 0, mailsDeleted, picturesDeleted, legacyEventsRedacted };
}
