import type { CandidateApplication, Job, JobListQuery } from '@hireloop/contracts';

/**
 * What the MCP tools read (ADR 042): a port, so the command service does not import the read
 * models. The composition root gives the query service's implementation (the same queries the
 * GET routes answer with: the board search, the job, the candidate's applications).
 */
export interface McpReads {
  searchJobs(query: JobListQuery): Promise<{ jobs: Job[]; total: number }>;
  getJob(jobId: string): Promise<Job | null>;
  /** The candidate's applications, newest first; with `minPosition`, once the read models have reached it (bounded wait). */
  applicationsOf(userId: string, minPosition?: string): Promise<CandidateApplication[]>;
}
