import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { applicationKey, applicationsProjection, type ApplicationDocument } from './projection';

export async function findApplication(readStore: ReadStore, jobId: string, candidateUserId: string) {
  return readStore
    .collection<ApplicationDocument>(physicalCollection(applicationsProjection, 'applications'))
    .get(applicationKey(jobId, candidateUserId));
}
