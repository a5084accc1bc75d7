import type { ReadStore } from '@hireloop/platform/read-store';
import { physicalCollection } from '../shared/projection';
import { jobHistoryProjection, type JobHistoryDocument } from './projection';

/** A job's public history, or null when the log has no such job. */
export async function findJobHistory(readStore: ReadStore, jobId: string): Promise<JobHistoryDocument | null> {
  return readStore.collection<JobHistoryDocument>(physicalCollection(jobHistoryProjection, 'job_history')).get(jobId);
}
