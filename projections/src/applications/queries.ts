import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { applicationKey, applicationsProjection, type ApplicationDocument } from './projection';

export async function findApplication(readStore: ReadStore, jobId: string, candidateUserId: string) {
  return readStore
    .collection<ApplicationDocument>(physicalCollection(applicationsProjection, 'applications'))
    .get(applicationKey(jobId, candidateUserId));
}

/** A candidate's applications, newest first. */
export async function findApplicationsOfCandidate(readStore: ReadStore, candidateUserId: string, limit = 500) {
  return readStore
    .collection<ApplicationDocument>(physicalCollection(applicationsProjection, 'applications'))
    .find({ candidateUserId }, { sort: { submittedAt: -1, _id: 1 }, limit });
}

/** The applications to one job, newest first. */
export async function findApplicationsToJob(readStore: ReadStore, jobId: string, limit = 1000) {
  return readStore
    .collection<ApplicationDocument>(physicalCollection(applicationsProjection, 'applications'))
    .find({ jobId }, { sort: { submittedAt: -1, _id: 1 }, limit });
}
