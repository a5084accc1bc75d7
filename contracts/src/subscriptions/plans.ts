import { z } from 'zod';
import { UNLIMITED } from './constants';

/**
 * The plans and prices (spec part 2 §9, §3 "Subscription plan"). Prices are text numbers in US
 * dollars, as the spec's entity has them; 0 as a limit means unlimited. The spec gives monthly
 * prices and advertises "Save 17%" for annual billing: an annual price is ten months' price
 * (25 × 12 = 300 → 250, a 16.7 % saving, shown rounded as 17 %).
 */
export const PLAN_IDS = ['free', 'small_business', 'vc_startup', 'enterprise'] as const;
export const PlanId = z.enum(PLAN_IDS, { error: `Plan must be one of ${PLAN_IDS.join(', ')}` });
export type PlanId = z.infer<typeof PlanId>;

export const PAID_PLAN_IDS = ['small_business', 'vc_startup', 'enterprise'] as const;
export const PaidPlanId = z.enum(PAID_PLAN_IDS);
export type PaidPlanId = z.infer<typeof PaidPlanId>;
export const isPaidPlan = (planId: string | null | undefined): planId is PaidPlanId => (PAID_PLAN_IDS as readonly string[]).includes(planId ?? '');

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export const BillingPeriod = z.enum(BILLING_PERIODS, { error: 'Billing period must be monthly or annual' });
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** The plan the pricing page marks 'Most Popular'. */
export const MOST_POPULAR_PLAN: PlanId = 'small_business';

export const SubscriptionPlan = z.object({
  id: z.number().int(),
  planId: PlanId,
  name: z.string(),
  description: z.string(),
  /** Monthly price, a text number in US dollars. */
  price: z.string(),
  /** Price for a year paid at once, a text number in US dollars. */
  annualPrice: z.string(),
  features: z.array(z.string()),
  /** Job posts a company may have; 0 = unlimited. */
  maxJobPostings: z.number().int().min(0),
  /** Candidate profile views per billing period; 0 = unlimited. */
  maxCandidateViews: z.number().int().min(0),
  /** True for the one plan with the 'Most Popular' badge. */
  mostPopular: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  {
    id: 1,
    planId: 'free',
    name: 'Free',
    description: 'Post your first job and browse candidates.',
    price: '0',
    annualPrice: '0',
    features: ['1 job posting', 'Browse anonymous candidate profiles', '10 candidate profile views per month', '5 job invite requests per month', 'Basic company profile'],
    maxJobPostings: 1,
    // The spec gives no number for the free plan; a handful of full profiles a month lets a
    // company judge the talent pool before paying.
    maxCandidateViews: 10,
    mostPopular: false,
  },
  {
    id: 2,
    planId: 'small_business',
    name: 'Small Business',
    description: 'For small teams hiring a few people a year.',
    price: '25',
    annualPrice: '250',
    features: ['5 job postings', '50 candidate profile views per month', 'Contact candidates directly', 'Email support'],
    maxJobPostings: 5,
    maxCandidateViews: 50,
    mostPopular: true,
  },
  {
    id: 3,
    planId: 'vc_startup',
    name: 'VC Startup',
    description: 'For funded startups scaling their team.',
    price: '99',
    annualPrice: '990',
    features: ['20 job postings', '200 candidate profile views per month', 'Contact candidates directly', 'AI candidate summaries', 'Priority support'],
    maxJobPostings: 20,
    maxCandidateViews: 200,
    mostPopular: false,
  },
  {
    id: 4,
    planId: 'enterprise',
    name: 'Enterprise',
    description: 'For companies hiring at scale.',
    price: '499',
    annualPrice: '4990',
    features: ['Unlimited job postings', 'Unlimited candidate profile views', 'Contact candidates directly', 'AI candidate summaries', 'Dedicated account manager'],
    maxJobPostings: UNLIMITED,
    maxCandidateViews: UNLIMITED,
    mostPopular: false,
  },
];

export function findPlan(planId: string): SubscriptionPlan | null {
  return SUBSCRIPTION_PLANS.find((plan) => plan.planId === planId) ?? null;
}

export function planById(planId: PlanId): SubscriptionPlan {
  const plan = findPlan(planId);
  if (!plan) throw new Error(`Unknown plan ${planId}`);
  return plan;
}

/** Annual saving in dollars (part 2 §5): monthly price × 12 − annual price, rounded. */
export const annualSaving = (plan: Pick<SubscriptionPlan, 'price' | 'annualPrice'>): number => Math.round(Number(plan.price) * 12 - Number(plan.annualPrice));

/** What a plan costs per billing period, in cents (what the payment provider charges). */
export const priceInCents = (plan: Pick<SubscriptionPlan, 'price' | 'annualPrice'>, period: BillingPeriod): number =>
  Math.round(Number(period === 'annual' ? plan.annualPrice : plan.price) * 100);

/** Whether a limit allows `used` more: 0 is unlimited. */
export const withinLimit = (limit: number, used: number): boolean => limit === UNLIMITED || used < limit;
