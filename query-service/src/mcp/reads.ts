import type { CandidateApplication, Job, JobListQuery } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { applicationsProjection } from '@hireloop/projections/applications/projection';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { findJob, searchJobs } from '@hireloop/projections/job-board/queries';
import { candidateApplications } from '../applications/routes';
import type { ProjectionProgress } from '../shared/projection-progress';

export interface McpReadOptions {
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** How long a read waits for the read models to reach the caller's last write (read-your-writes). */
  timeoutMs: number;
}

/**
 * The reads of the MCP tools (ADR 042), from the same queries as the GET routes: the board search
 * (`searchJobs`, the reference the in-memory index agrees with), the job, and the candidate's
 * applications as `GET /api/applications` answers them.
 */
export function createMcpReads(options: McpReadOptions) {
  const { readStore, progress, timeoutMs } = options;
  return {
    async searchJobs(query: JobListQuery): Promise<{ jobs: Job[]; total: number }> {
      return searchJobs(readStore, jobSearch(query));
    },
    async getJob(jobId: string): Promise<Job | null> {
      return findJob(readStore, jobId);
    },
    async applicationsOf(userId: string, minPosition?: string): Promise<CandidateApplication[]> {
      if (minPosition) await progress.waitFor([applicationsProjection.name, jobBoardProjection.name], minPosition, timeoutMs);
      return candidateApplications(readStore, userId);
    },
  };
}
