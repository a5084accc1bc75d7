import {
  FREE_PLAN_INVITE_REQUESTS,
  InviteRequestEventSchemas,
  inviteRequestsStreamId,
  subscriptionStreamId,
  usageMonth,
  type InviteRequestEvent,
} from '@hireloop/contracts';
import { countsAgainstPlan } from '../plan-limits/job-postings';
import type { Decision } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { planInForce, subscriptionDecider } from '../subscriptions/decider';

/** Stream `invite-requests-<companyId>-<YYYY-MM>`: the invitations counted that month. */
export interface InviteRequestsState {
  invitationIds: readonly string[];
}

export type InviteRequestsCommand = { type: 'CountInviteRequests'; data: { companyId: string; invitationIds: readonly string[]; at: string } };

/**
 * The free plan's job invite requests per month (ADR 031): records one `InviteRequestCounted` per
 * invitation while the month allows, never more than `FREE_PLAN_INVITE_REQUESTS` in all. The
 * caller asks only for as many as `remainingInviteRequests` said are left, and appends the count
 * with the invitations, at the version it read: a send that lost the race is decided again.
 */
export const inviteRequestsDecider: Decider<InviteRequestsCommand, InviteRequestEvent, InviteRequestsState> = {
  schemas: InviteRequestEventSchemas,
  initialState: () => ({ invitationIds: [] }),
  evolve: (state, event) => ({ invitationIds: [...state.invitationIds, event.data.invitationId] }),
  decide: ({ data }, state) => {
    const room = Math.max(0, FREE_PLAN_INVITE_REQUESTS - state.invitationIds.length);
    if (data.invitationIds.length > room) throw new Error(`asked to count ${data.invitationIds.length} invite requests with ${room} left`);
    return data.invitationIds.map((invitationId) => ({ type: 'InviteRequestCounted', data: { companyId: data.companyId, invitationId, month: usageMonth(data.at), countedAt: data.at } }));
  },
};

/** How many invite requests the sender may still send this month, and how to count them; null: no limit (a paid plan, an admin). */
export interface InviteRequestAllowance {
  remaining: number;
  count(invitationIds: readonly string[]): Decision<InviteRequestEvent>;
}

export async function inviteRequestAllowance(
  deps: CommandServiceDeps,
  account: Parameters<typeof countsAgainstPlan>[0],
  at: string,
): Promise<InviteRequestAllowance | null> {
  if (!countsAgainstPlan(account)) return null;
  const companyId = account.companyId;
  const { state: subscription } = await loadState(deps.eventStore, subscriptionStreamId(companyId), subscriptionDecider);
  if (planInForce(subscription) !== 'free') return null;
  const streamId = inviteRequestsStreamId(companyId, usageMonth(at));
  const { state, version } = await loadState(deps.eventStore, streamId, inviteRequestsDecider);
  return {
    remaining: Math.max(0, FREE_PLAN_INVITE_REQUESTS - state.invitationIds.length),
    count: (invitationIds) => ({
      streamId,
      version,
      events: inviteRequestsDecider.decide({ type: 'CountInviteRequests', data: { companyId, invitationIds, at } }, state),
    }),
  };
}
