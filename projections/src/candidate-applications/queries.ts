import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { candidateApplicationsProjection, type CandidateApplicationDocument } from './projection';

/** A candidate's applications with the job each is for, newest first (rows whose job the board does not show included). */
export async function findCandidateApplicationRows(readStore: ReadStore, candidateUserId: string, limit = 500) {
  return readStore
    .collection<CandidateApplicationDocument>(physicalCollection(candidateApplicationsProjection, 'candidate_application_rows'))
    .find({ candidateUserId }, { sort: { submittedAt: -1, _id: 1 }, limit });
}
