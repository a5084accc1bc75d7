import { isAdminRole, jobStreamId, subscriptionStreamId, type JobEvent, type Role, type UserType } from '@hireloop/contracts';
import { decideOn, handleDecisions, type CommandContext, type Decision } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { oneAtATime } from '../shared/one-at-a-time';
import { FoldedStates, loadState, type StoredEvent } from '../shared/stream';
import { countedJobIds, subscriptionDecider, type SubscriptionState } from '../subscriptions/decider';
import { jobDecider } from '../jobs/decider';

/**
 * Plan limits on job posts (issue 12, ADR 030). A company user's job post, or reopening of a
 * job, takes one of the plan's open job postings. The plan is read from the company's
 * subscription stream and the count from the job streams it lists, not from a read model, and the
 * job's event and the posting's are appended together at the versions they were decided on: two
 * posts at once cannot both take the last posting (the loser is decided again and refused).
 * Admins post for companies outside the plans.
 */
export const countsAgainstPlan = (account: { type: UserType; role: Role; companyId: string | null }): account is { type: UserType; role: Role; companyId: string } =>
  account.type === 'company' && !isAdminRole(account.role) && account.companyId !== null;

/** How many of `jobIds` are open jobs of the company now (read from their streams). */
async function openJobPostings(deps: CommandServiceDeps, companyId: string, jobIds: readonly string[]): Promise<number> {
  const states = await Promise.all(jobIds.map(async (jobId) => (await loadState(deps.eventStore, jobStreamId(jobId), jobDecider)).state));
  return states.filter((state) => state.status === 'open' && state.companyId === companyId).length;
}

/**
 * The companies' subscription states, per event store: the stream counts every job a company
 * posts, so each post would otherwise read and parse them all again (ADR 114).
 */
const subscriptionStates = new WeakMap<CommandServiceDeps['eventStore'], FoldedStates<SubscriptionState>>();
const subscriptionStatesOf = (deps: CommandServiceDeps) => {
  let states = subscriptionStates.get(deps.eventStore);
  if (!states) subscriptionStates.set(deps.eventStore, (states = new FoldedStates()));
  return states;
};

export interface CountedJobChange {
  events: StoredEvent<JobEvent>[];
  position: string;
}

/**
 * Decides the job's command (`decideJob`), and, when it records something, counts the posting on
 * the company's subscription stream; appends both at once. A plan at its limit throws the
 * decider's 403 and nothing is recorded.
 */
export async function changeJobWithinPlan(
  deps: CommandServiceDeps,
  { companyId, jobId, decideJob }: { companyId: string; jobId: string; decideJob: () => Promise<Decision<JobEvent>> },
  context: CommandContext,
): Promise<CountedJobChange> {
  // A company's posts are decided one at a time in this process (ADR 089): parallel posts all count
  // on the one subscription stream, and racing there made each loser read every job stream again.
  // Another process's post or a plan change (a webhook) may still come first: `handleDecisions`
  // then decides both again on what is there now.
  const { job, position, occurredAt } = await oneAtATime(subscriptionStreamId(companyId), () => handleDecisions(
    deps.eventStore,
    async () => {
      const job = await decideJob();
      if (job.events.length === 0) return { decisions: [], result: { job } };
      const posting = await decideOn(deps.eventStore, subscriptionStreamId(companyId), subscriptionDecider, async (state) => ({
        type: 'CountJobPosting' as const,
        data: { companyId, jobId, openJobPostings: await openJobPostings(deps, companyId, countedJobIds(state, jobId)), at: context.clock.now().toISOString() },
      }), subscriptionStatesOf(deps));
      return { decisions: [job, posting], result: { job } };
    },
    context,
  ));
  return { events: job.events.map((event) => ({ ...event, occurredAt })), position };
}
