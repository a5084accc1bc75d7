import {
  CandidateViewEventSchemas,
  candidateViewLimitReached,
  planById,
  UpgradeRequiredError,
  usageMonth,
  withinLimit,
  type CandidateViewEvent,
  type PlanId,
} from '@hireloop/contracts';
import type { Decider } from '../shared/decider';

/** Stream `candidate-views-<companyId>-<YYYY-MM>`: the profiles a company opened in full that month. */
export interface CandidateViewsState {
  profileIds: readonly string[];
}

export type CandidateViewsCommand = {
  type: 'CountCandidateView';
  /** `planId`: the plan in force now, from the company's subscription stream (`planInForce`). */
  data: { companyId: string; profileId: string; candidateUserId: string; planId: PlanId; by: string; at: string };
};

/**
 * Candidate profile views per month (plan limits, ADR 030): a profile opened again in the month
 * is not counted again; a new one is counted while the plan's limit allows (0: unlimited), and
 * refused with `requiresUpgrade` after. Two users of a company opening the month's last view at
 * once contend on this stream's version: one of them is refused.
 */
export const candidateViewsDecider: Decider<CandidateViewsCommand, CandidateViewEvent, CandidateViewsState> = {
  schemas: CandidateViewEventSchemas,
  initialState: () => ({ profileIds: [] }),
  evolve: (state, event) => (state.profileIds.includes(event.data.profileId) ? state : { profileIds: [...state.profileIds, event.data.profileId] }),
  decide: ({ data }, state) => {
    const { companyId, profileId, candidateUserId, planId, by, at } = data;
    if (state.profileIds.includes(profileId)) return [];
    const plan = planById(planId);
    if (!withinLimit(plan.maxCandidateViews, state.profileIds.length)) throw new UpgradeRequiredError(candidateViewLimitReached(plan.name, plan.maxCandidateViews));
    return [{ type: 'CandidateViewCounted', data: { companyId, profileId, candidateUserId, month: usageMonth(at), planId, viewedBy: by, countedAt: at } }];
  },
};
