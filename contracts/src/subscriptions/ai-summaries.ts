import { SUBSCRIPTION_PLANS, type PlanId } from './plans';
import type { SubscriptionStatus } from './api';

/** The /pricing feature line that sells AI summaries of candidates to companies (ADR 070). */
export const AI_SUMMARIES_FEATURE = 'AI candidate summaries';

/** Whether a plan lists AI candidate summaries on /pricing. */
export const planIncludesAiSummaries = (planId: PlanId | null | undefined): boolean =>
  SUBSCRIPTION_PLANS.some((plan) => plan.planId === planId && plan.features.includes(AI_SUMMARIES_FEATURE));

/** The plans that do, by name, as /pricing shows them ("VC Startup and Enterprise", "VC Startup or Enterprise"). */
const aiSummaryPlanNames = (conjunction: 'and' | 'or' = 'and'): string => {
  const names = SUBSCRIPTION_PLANS.filter((plan) => plan.features.includes(AI_SUMMARIES_FEATURE)).map((plan) => plan.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}` : (names[0] ?? '');
};

/** The texts of the AI Summary box and of its routes' refusals (ADR 070; the spec has none). */
export const AI_SUMMARY_MESSAGES = {
  /** The box's heading line for a company whose plan does not include summaries. */
  upgradeTitle: 'AI summaries are a paid feature',
  noPlan: `AI candidate summaries are part of the ${aiSummaryPlanNames()} plans. Choose one to read and regenerate them.`,
  notOnPlan: `Your plan does not include AI candidate summaries. Upgrade to ${aiSummaryPlanNames('or')} to read and regenerate them.`,
  subscriptionEnded: `Your company’s subscription has ended. Choose ${aiSummaryPlanNames('or')} to read AI candidate summaries again.`,
  paymentSuspended: 'Your company’s subscription is suspended because its payment failed. Update your payment method in the billing portal to read AI candidate summaries.',
  /** A visitor: the box says who may read summaries, and offers the company sign-up. */
  visitorText: `AI summaries of candidates are for companies on the ${aiSummaryPlanNames()} plans.`,
  /** Another candidate (or a company user with no company): a plain 403. */
  notForYou: 'AI summaries of other candidates are for companies whose plan includes them.',
  noCompany: 'Your account belongs to no company.',
} as const;

/** What the rule needs of a company's subscription (the command side's state or the read model's row). */
export interface AiSummaryPlan {
  planId: PlanId | null;
  status: SubscriptionStatus;
  /** Past due because the provider gave up collecting or paused it (not while it retries a payment). */
  paymentSuspended: boolean;
}

/**
 * Whether a company's plan lets its users read and regenerate other people's AI summaries, as
 * /pricing sells it (ADR 070), with the same live-plan rule as contacting (ADR 032):
 *
 * | plan                                   | summaries? |
 * |----------------------------------------|------------|
 * | none chosen, or a checkout not completed | no: `noPlan` |
 * | canceled (the paid period ended)       | no: `subscriptionEnded` |
 * | free, or a paid plan without the feature | no: `notOnPlan` |
 * | with the feature, trialing or active   | yes (also when cancelled at the period's end, until it ends) |
 * | with the feature, past due while retrying | yes |
 * | with the feature, unpaid or paused     | no: `paymentSuspended` |
 *
 * Answers null when allowed, else the refusal's text (a 403 with `requiresUpgrade`).
 */
export function aiSummaryRefusal(plan: AiSummaryPlan): string | null {
  if (plan.planId === null || plan.status === 'none' || plan.status === 'pending') return AI_SUMMARY_MESSAGES.noPlan;
  if (plan.status === 'canceled') return AI_SUMMARY_MESSAGES.subscriptionEnded;
  if (!planIncludesAiSummaries(plan.planId)) return AI_SUMMARY_MESSAGES.notOnPlan;
  if (plan.status === 'past_due' && plan.paymentSuspended) return AI_SUMMARY_MESSAGES.paymentSuspended;
  return null;
}
