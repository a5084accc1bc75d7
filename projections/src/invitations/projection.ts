import { ERASED, InterviewAvailabilitySubmitted, InvitationDeclined, InvitationMovedToOfferStage, InvitationRevealed, InvitationSent, InvitationViewed, PersonErased } from '@hireloop/contracts';
import { evolvingProjection, slice, unhandled, type ProjectedEvent } from '../shared/evolve';

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
  /** When the invitee first opened the invitation page (ADR 070); null before. */
  viewedAt: string | null;
  revealedAt: string | null;
  availability: { availableDays: string[]; availableTimes: string[]; timezone: string; additionalNotes: string; submittedAt: string } | null;
  /** When the company moved it to the offer stage (part 1 §4); null before. */
  offerStageAt: string | null;
  /**
   * When the candidate declined it (ADR 104); null before. Absent from documents written before
   * the field existed (no InvitationDeclined could be among their events): read as null, no rebuild.
   */
  declinedAt?: string | null;
};

const schemas = { InvitationSent, InvitationViewed, InvitationRevealed, InterviewAvailabilitySubmitted, InvitationMovedToOfferStage, InvitationDeclined, PersonErased };
type InvitationsEvent = ProjectedEvent<typeof schemas>;

/** Pure: an invitation after an event; events about one the read model does not have leave it so. */
export function evolveInvitation(doc: InvitationDocument | null, event: InvitationsEvent): InvitationDocument | null {
  switch (event.type) {
    case 'InvitationSent': {
      const { sentBy: _sentBy, ...sent } = event.data;
      // A new invitation after an expired one replaces it: the old token no longer opens anything.
      return { _id: sent.invitationId, ...sent, viewedAt: null, revealedAt: null, availability: null, offerStageAt: null };
    }
    case 'InvitationViewed':
      return doc && { ...doc, viewedAt: doc.viewedAt ?? event.data.viewedAt };
    case 'InvitationRevealed':
      return doc && { ...doc, revealedAt: event.data.revealedAt };
    case 'InterviewAvailabilitySubmitted': {
      const { availableDays, availableTimes, timezone, additionalNotes, submittedAt } = event.data;
      return doc && { ...doc, availability: { availableDays, availableTimes, timezone, additionalNotes, submittedAt } };
    }
    case 'InvitationMovedToOfferStage':
      return doc && { ...doc, offerStageAt: event.data.movedAt };
    case 'InvitationDeclined':
      return doc && { ...doc, declinedAt: event.data.declinedAt };
    case 'PersonErased':
      return doc && { ...doc, message: ERASED, availability: doc.availability && { ...doc.availability, additionalNotes: ERASED, timezone: ERASED } };
    default:
      return unhandled(event);
  }
}

/**
 * `invitations`: the latest invitation of each candidate to each job, by invitation id, for the
 * invitation page (by token) and the company's list of its requests. The personal message and the
 * candidate's notes are scrubbed when the candidate is erased (ADR 019); the rest says nothing of them.
 */
export const invitationsProjection = evolvingProjection({
  name: 'invitations',
  // 2: `offerStageAt` (a rebuild, so every document has it); 3: `viewedAt` (ADR 070).
  version: 3,
  collections: { invitations: { indexes: [{ fields: ['companyId', 'sentAt'] }, { fields: ['candidateUserId'] }] } },
  schemas,
  slices: [
    slice('invitations', {
      documents: (event: InvitationsEvent) => (event.type === 'PersonErased' ? { where: { candidateUserId: event.data.userId } } : event.data.invitationId),
      evolve: evolveInvitation,
    }),
  ],
});
