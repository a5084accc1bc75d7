import { jobFromPosted, jobStreamId, type PostJobCommandData } from '@hireloop/contracts';
import { loadCompanyName, type AccountRole } from '../auth/accounts';
import { jobDecider, type JobCommand } from '../jobs/decider';
import { changeJobWithinPlan, countsAgainstPlan } from '../plan-limits/job-postings';
import { decideOn, decideOnNewStream, handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { throttleJobPosting } from './throttle';

/**
 * Runs a job command; a company user's post or reopening also takes one of the plan's job
 * postings (plan limits, ADR 030), admins' do not.
 */
async function runJobCommand(deps: CommandServiceDeps, account: AccountRole, jobId: string, command: JobCommand, context: CommandContext, { newJob = false } = {}) {
  if (countsAgainstPlan(account)) {
    // A job posted now has an id made now: its stream is not read (ADR 099).
    const decideJob = async () => (newJob ? decideOnNewStream(jobStreamId(jobId), jobDecider, command) : decideOn(deps.eventStore, jobStreamId(jobId), jobDecider, command));
    return changeJobWithinPlan(deps, { companyId: account.companyId, jobId, decideJob }, context);
  }
  return handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, command, context);
}

/** Posts a job (for `companyId` when an admin posts for a company): throttled, within the plan. */
export async function postJob(deps: CommandServiceDeps, account: AccountRole, job: PostJobCommandData, companyId: string | null | undefined, address: string, context: CommandContext) {
  await throttleJobPosting(deps, account.userId, address);
  const jobId = deps.ids.newId();
  const poster = { userId: account.userId, type: account.type, role: account.role, companyId: account.companyId, companyName: await loadCompanyName(deps, account.companyId) };
  const result = await runJobCommand(deps, account, jobId, { type: 'PostJob', data: { jobId, shareToken: deps.ids.newToken(16), job, companyId, poster } }, context, { newJob: true });
  const [posted] = result.events;
  if (posted?.type !== 'JobPosted') throw new Error('PostJob did not record JobPosted');
  return { position: result.position, job: jobFromPosted(posted.data, posted.occurredAt) };
}

/** Closes or reopens a job: reopening takes a posting again; closing frees one (it is no longer open). */
export async function changeJobStatus(deps: CommandServiceDeps, account: AccountRole, jobId: string, type: 'CloseJob' | 'ReopenJob', context: CommandContext) {
  const by = { userId: account.userId, role: account.role, companyId: account.companyId };
  const command = { type, data: { jobId, by, at: deps.clock.now().toISOString() } };
  return type === 'ReopenJob' ? runJobCommand(deps, account, jobId, command, context) : handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, command, context);
}

/** Edits a job's content (ADR 064): the owning company or an admin; takes no posting (the job stays as open or closed as it was). */
export async function editJob(deps: CommandServiceDeps, account: AccountRole, jobId: string, job: PostJobCommandData, context: CommandContext) {
  const by = { userId: account.userId, role: account.role, companyId: account.companyId };
  return handleCommand(deps.eventStore, jobStreamId(jobId), jobDecider, { type: 'EditJob', data: { jobId, job, by, at: deps.clock.now().toISOString() } }, context);
}
