import { DomainError, JOB_MESSAGES, jobStreamId } from '@hireloop/contracts';
import type { RegisteredAccount } from '../auth/accounts';
import { jobDecider } from '../jobs/decider';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { applicationDecider } from './decider';
import { applicationStreamId } from './stream-id';

export interface SubmittedApplication {
  applicationId: string;
  appliedAt: string;
  /** The global position of the event (read-your-writes). */
  position: string;
}

/**
 * A candidate applies to a job: the one code path behind `POST /api/jobs/:jobId/apply` and the
 * MCP tool `apply_to_job` (ADR 042). The caller says who acts (`context.actor`).
 */
export async function submitApplication(deps: CommandServiceDeps, account: RegisteredAccount, jobId: string, context: CommandContext): Promise<SubmittedApplication> {
  const { state: job } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
  const submittedAt = deps.clock.now().toISOString();
  const applicationId = deps.ids.newId();
  try {
    const result = await handleCommand(
      deps.eventStore,
      applicationStreamId(jobId, account.userId),
      applicationDecider,
      { type: 'SubmitApplication', data: { applicationId, jobId, candidateUserId: account.userId, submittedAt, candidateType: account.type, job } },
      context,
    );
    return { applicationId, appliedAt: submittedAt, position: result.position };
  } catch (error) {
    // Two clicks at once: the second lost the race on the application stream.
    if (error instanceof DomainError && error.code === 'version_conflict') throw new DomainError('conflict', JOB_MESSAGES.alreadyApplied);
    throw error;
  }
}
