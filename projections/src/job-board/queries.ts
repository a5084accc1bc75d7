import type { Job } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store/index';
import { physicalCollection } from '../shared/projection';
import { jobBoardProjection, type JobBoardDocument } from './projection';

const jobs = (readStore: ReadStore) => readStore.collection<JobBoardDocument>(physicalCollection(jobBoardProjection, 'jobs'));

export const toJob = ({ _id, searchText, locationText, typeText, ...job }: JobBoardDocument): Job => job;

export interface JobListQuery {
  skip?: number;
  limit?: number;
}

/** Jobs newest first, with the total for paging. */
export async function listJobs(readStore: ReadStore, query: JobListQuery = {}): Promise<{ jobs: Job[]; total: number }> {
  const collection = jobs(readStore);
  const [docs, total] = await Promise.all([
    collection.find({}, { sort: { createdAt: -1, _id: 1 }, skip: query.skip ?? 0, ...(query.limit ? { limit: query.limit } : {}) }),
    collection.count({}),
  ]);
  return { jobs: docs.map(toJob), total };
}
