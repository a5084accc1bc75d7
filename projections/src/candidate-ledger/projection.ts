import {
  CandidateCardsShown,
  CandidateContacted,
  CandidateViewCounted,
  InterviewAvailabilitySubmitted,
  InvitationRevealed,
  InvitationSent,
  PersonErased,
  type LedgerKind,
} from '@hireloop/contracts';
import { z } from 'zod';
import type { ProjectionDefinition, ProjectionTransaction } from '../shared/projection';

/** What one company did with one candidate's data, of one kind (`_id`: `<candidateUserId>:<companyId>:<kind>`). */
export type LedgerEntryDocument = {
  _id: string;
  candidateUserId: string;
  companyId: string;
  kind: LedgerKind;
  firstAt: string;
  lastAt: string;
  /** How many times (for a card shown: on how many days). */
  count: number;
};

/** Whose profile a profile id is (`_id`: the profile id): cards shown name profiles, the ledger is the person's. */
export type ProfileOwnerDocument = { _id: string; userId: string };

const ProfileOwner = z.object({ profileId: z.string(), userId: z.string() });

/**
 * `candidate-ledger` (issue 13, ADR 037): per candidate, every company that was shown their card,
 * opened their full profile, asked them to apply, received their reveal or interview times, or
 * contacted them, with the first and last time and how often. Ids and times only: company names
 * are read when answering. Erasing the candidate removes their ledger.
 */
export const candidateLedgerProjection: ProjectionDefinition = {
  name: 'candidate-ledger',
  version: 1,
  collections: { entries: { indexes: [{ fields: ['candidateUserId'] }] }, owners: { indexes: [{ fields: ['userId'] }] } },
  eventTypes: [
    'CandidateProfileCreated',
    'CandidateCardsShown',
    'CandidateViewCounted',
    'InvitationSent',
    'InvitationRevealed',
    'InterviewAvailabilitySubmitted',
    'CandidateContacted',
    'PersonErased',
  ],
  async apply(event, tx) {
    switch (event.type) {
      case 'CandidateProfileCreated': {
        const { profileId, userId } = ProfileOwner.parse(event.data);
        await tx.collection<ProfileOwnerDocument>('owners').put({ _id: profileId, userId });
        return;
      }
      case 'CandidateCardsShown': {
        const owners = tx.collection<ProfileOwnerDocument>('owners');
        for (const { day, companyId, profileIds } of CandidateCardsShown.parse(event.data).shown) {
          for (const profileId of profileIds) {
            const owner = await owners.get(profileId);
            // An erased candidate's card: nobody to tell.
            if (owner) await record(tx, owner.userId, companyId, 'card_shown', `${day}T00:00:00.000Z`);
          }
        }
        return;
      }
      case 'CandidateViewCounted': {
        const { candidateUserId, companyId, countedAt } = CandidateViewCounted.parse(event.data);
        return record(tx, candidateUserId, companyId, 'profile_opened', countedAt);
      }
      case 'InvitationSent': {
        const { candidateUserId, companyId, sentAt } = InvitationSent.parse(event.data);
        return record(tx, candidateUserId, companyId, 'requested_to_apply', sentAt);
      }
      case 'InvitationRevealed': {
        const { candidateUserId, companyId, revealedAt } = InvitationRevealed.parse(event.data);
        return record(tx, candidateUserId, companyId, 'profile_revealed', revealedAt);
      }
      case 'InterviewAvailabilitySubmitted': {
        const { candidateUserId, companyId, submittedAt } = InterviewAvailabilitySubmitted.parse(event.data);
        return record(tx, candidateUserId, companyId, 'availability_sent', submittedAt);
      }
      case 'CandidateContacted': {
        const { candidateUserId, companyId, sentAt } = CandidateContacted.parse(event.data);
        return record(tx, candidateUserId, companyId, 'contacted', sentAt);
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        await tx.collection<LedgerEntryDocument>('entries').deleteMany({ candidateUserId: userId });
        await tx.collection<ProfileOwnerDocument>('owners').deleteMany({ userId });
        return;
      }
    }
  },
};

async function record(tx: ProjectionTransaction, candidateUserId: string, companyId: string, kind: LedgerKind, at: string): Promise<void> {
  const entries = tx.collection<LedgerEntryDocument>('entries');
  const _id = `${candidateUserId}:${companyId}:${kind}`;
  const known = await entries.get(_id);
  if (!known) {
    await entries.put({ _id, candidateUserId, companyId, kind, firstAt: at, lastAt: at, count: 1 });
    return;
  }
  // A card is recorded per day: the same day again (another flush, another process) is not another time.
  if (kind === 'card_shown' && (at === known.firstAt || at === known.lastAt)) return;
  await entries.put({ ...known, firstAt: at < known.firstAt ? at : known.firstAt, lastAt: at > known.lastAt ? at : known.lastAt, count: known.count + 1 });
}
