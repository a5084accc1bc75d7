import { timingSafeEqual } from 'node:crypto';
import type { InvitationStatus } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { invitationsProjection, type InvitationDocument } from './projection';

const invitationsCollection = (readStore: ReadStore) => readStore.collection<InvitationDocument>(physicalCollection(invitationsProjection, 'invitations'));

/**
 * The invitation a token opens: its id names the document, its hash must match, and the link
 * must not have expired. Anything else is null, one answer for all (ADR 031).
 */
export async function findInvitationByToken(readStore: ReadStore, invitationId: string, tokenHash: string, now: Date): Promise<InvitationDocument | null> {
  const doc = await invitationsCollection(readStore).get(invitationId);
  if (!doc || doc.tokenHash.length !== tokenHash.length || !timingSafeEqual(Buffer.from(doc.tokenHash), Buffer.from(tokenHash))) return null;
  return now.toISOString() < doc.expiresAt ? doc : null;
}

/** A company's requests, newest first. */
export async function findInvitationsOfCompany(readStore: ReadStore, companyId: string, limit = 500): Promise<InvitationDocument[]> {
  return invitationsCollection(readStore).find({ companyId }, { sort: { sentAt: -1, _id: 1 }, limit });
}

/** Whether the candidate revealed their profile to the company from one of its invitations (ADR 066): the company knows who they are. */
export async function candidateRevealedTo(readStore: ReadStore, companyId: string, candidateUserId: string): Promise<boolean> {
  const revealed = await invitationsCollection(readStore).find({ candidateUserId, companyId, revealedAt: { $ne: null } }, { limit: 1 });
  return revealed.length > 0;
}

/**
 * Where a request stands for the company (part 1 §4): the mail went out, the candidate accepted
 * (revealed), an interview is being scheduled (times offered), the company moved it to the offer
 * stage. A link unused for 30 days is `expired`; one that led to times offered stays scheduled.
 * Between the mail and the reveal, `viewed`: the candidate opened the invitation (ADR 070).
 */
export function invitationStatus(doc: Pick<InvitationDocument, 'viewedAt' | 'revealedAt' | 'availability' | 'expiresAt' | 'offerStageAt' | 'declinedAt'>, now: Date): InvitationStatus {
  // The candidate's no ends the request, whatever came before it (ADR 104).
  if (doc.declinedAt) return 'declined';
  if (doc.offerStageAt) return 'offer_stage';
  if (doc.availability) return 'interview_scheduled';
  if (now.toISOString() >= doc.expiresAt) return 'expired';
  return doc.revealedAt ? 'candidate_accepted' : doc.viewedAt ? 'viewed' : 'email_sent';
}

/**
 * The invitation its signed-in invitee opens by id (ADR 062): another person's, an unknown one and
 * an expired one are null, one answer for all, as by token.
 */
export async function findInvitationOfInvitee(readStore: ReadStore, invitationId: string, userId: string, now: Date): Promise<InvitationDocument | null> {
  const doc = await invitationsCollection(readStore).get(invitationId);
  if (!doc || doc.candidateUserId !== userId) return null;
  return now.toISOString() < doc.expiresAt ? doc : null;
}
