import type { CandidateApplication, Job, JobListQuery } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { findJob, searchJobs } from '@hireloop/projections/job-board/queries';
import { candidateApplications } from '../applications/routes';
import type { ProjectionProgress } from '../shared/projection-progress';
import { waitingReadStore } from '../shared/read-your-writes';

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
      if (!minPosition) return candidateApplications(readStore, userId);
      // Each read model the queries read is waited for first (ADR 054), within one time budget;
      // past it the tool answers with what the read models hold, as it always has.
      const deadline = Date.now() + timeoutMs;
      const waiting = waitingReadStore(readStore, async (readModels) => {
        await progress.waitFor(readModels, minPosition, Math.max(0, deadline - Date.now()));
      });
      return candidateApplications(waiting, userId);
    },
  };
}
