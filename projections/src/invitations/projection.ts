import { ERASED, InterviewAvailabilitySubmitted, InvitationMovedToOfferStage, InvitationRevealed, InvitationSent, PersonErased } from '@hireloop/contracts';
import type { ProjectionDefinition } from '../shared/projection';

export type InvitationDocument = {
  _id: string;
  invitationId: string;
  jobId: string;
  companyId: string;
  candidateUserId: string;
  candidateProfileId: string;
  message: string;
  /** sha256 of the token: the page by token checks it; the token itself is nowhere (ADR 031). */
  tokenHash: string;
  sentAt: string;
  expiresAt: string;
  revealedAt: string | null;
  availability: { availableDays: string[]; availableTimes: string[]; timezone: string; additionalNotes: string; submittedAt: string } | null;
  /** When the company moved it to the offer stage (part 1 §4); null before. */
  offerStageAt: string | null;
};

/**
 * `invitations`: the latest invitation of each candidate to each job, by invitation id, for the
 * invitation page (by token) and the company's list of its requests. The personal message and the
 * candidate's notes are scrubbed when the candidate is erased (ADR 019); the rest says nothing of them.
 */
export const invitationsProjection: ProjectionDefinition = {
  name: 'invitations',
  // 2: `offerStageAt` (a rebuild, so every document has it).
  version: 2,
  collections: { invitations: { indexes: [{ fields: ['companyId', 'sentAt'] }, { fields: ['candidateUserId'] }] } },
  eventTypes: ['InvitationSent', 'InvitationRevealed', 'InterviewAvailabilitySubmitted', 'InvitationMovedToOfferStage', 'PersonErased'],
  async apply(event, tx) {
    const invitations = tx.collection<InvitationDocument>('invitations');
    switch (event.type) {
      case 'InvitationSent': {
        const { sentBy: _sentBy, ...sent } = InvitationSent.parse(event.data);
        // A new invitation after an expired one replaces it: the old token no longer opens anything.
        await invitations.put({ _id: sent.invitationId, ...sent, revealedAt: null, availability: null, offerStageAt: null });
        return;
      }
      case 'InvitationRevealed': {
        const { invitationId, revealedAt } = InvitationRevealed.parse(event.data);
        const doc = await invitations.get(invitationId);
        if (doc) await invitations.put({ ...doc, revealedAt });
        return;
      }
      case 'InterviewAvailabilitySubmitted': {
        const { invitationId, availableDays, availableTimes, timezone, additionalNotes, submittedAt } = InterviewAvailabilitySubmitted.parse(event.data);
        const doc = await invitations.get(invitationId);
        if (doc) await invitations.put({ ...doc, availability: { availableDays, availableTimes, timezone, additionalNotes, submittedAt } });
        return;
      }
      case 'InvitationMovedToOfferStage': {
        const { invitationId, movedAt } = InvitationMovedToOfferStage.parse(event.data);
        const doc = await invitations.get(invitationId);
        if (doc) await invitations.put({ ...doc, offerStageAt: movedAt });
        return;
      }
      case 'PersonErased': {
        const { userId } = PersonErased.parse(event.data);
        const docs = await invitations.find({ candidateUserId: userId });
        for (const doc of docs) {
          await invitations.put({ ...doc, message: ERASED, availability: doc.availability && { ...doc.availability, additionalNotes: ERASED, timezone: ERASED } });
        }
        return;
      }
    }
  },
};
