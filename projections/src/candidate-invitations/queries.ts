import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { candidateInvitationsProjection, type CandidateInvitationDocument } from './projection';

const rows = (readStore: ReadStore) => readStore.collection<CandidateInvitationDocument>(physicalCollection(candidateInvitationsProjection, 'candidate_invitations'));

/** A candidate's invitations with the job each is for, newest first: one indexed query (ADR 062). */
export async function findCandidateInvitationRows(readStore: ReadStore, candidateUserId: string, limit = 200) {
  return rows(readStore).find({ candidateUserId }, { sort: { sentAt: -1, _id: 1 }, limit });
}
