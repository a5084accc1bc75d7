import { timingSafeEqual } from 'node:crypto';
import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { invitationPagesProjection, type InvitationPageDocument } from './projection';

const pagesCollection = (readStore: ReadStore) => readStore.collection<InvitationPageDocument>(physicalCollection(invitationPagesProjection, 'invitation-pages'));

/**
 * The invitation page a token opens, whole (ADR 059): its id names the document, its hash must
 * match, and the link must not have expired. Anything else is null, one answer for all (ADR 031).
 */
export async function findInvitationPageByToken(readStore: ReadStore, invitationId: string, tokenHash: string, now: Date): Promise<InvitationPageDocument | null> {
  const doc = await pagesCollection(readStore).get(invitationId);
  if (!doc || doc.tokenHash.length !== tokenHash.length || !timingSafeEqual(Buffer.from(doc.tokenHash), Buffer.from(tokenHash))) return null;
  return now.toISOString() < doc.expiresAt ? doc : null;
}

/** The invitation page the signed-in invitee opens by its id (ADR 062): theirs and not expired, else null. */
export async function findInvitationPageOfInvitee(readStore: ReadStore, invitationId: string, userId: string, now: Date): Promise<InvitationPageDocument | null> {
  const doc = await pagesCollection(readStore).get(invitationId);
  if (!doc || doc.candidateUserId !== userId) return null;
  return now.toISOString() < doc.expiresAt ? doc : null;
}
