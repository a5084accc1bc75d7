import { jobPostLimitReached, UNLIMITED, type User } from '@hireloop/contracts';
import { useCurrentSubscription, useOpenJobPostCount, usePlans } from '../api/subscription-api';
import { effectivePlanId } from '../lib/plan-access';

/**
 * Whether the company's open job posts already fill its plan (plan limits, ADR 030): the refusal's
 * text, or null while there is room or it is not known yet. The post-a-job form says it before
 * anything is typed, not after (issue 24); the server still refuses an over-limit post.
 */
export function useJobPostLimitReached(user: Pick<User, 'id' | 'type'> | null | undefined): string | null {
  const companyUserId = user?.type === 'company' ? user.id : null;
  const plans = usePlans();
  const subscription = useCurrentSubscription(companyUserId);
  const openJobPosts = useOpenJobPostCount(companyUserId);
  const plan = subscription.data !== undefined ? plans.data?.find((candidate) => candidate.planId === effectivePlanId(subscription.data)) : undefined;
  if (!plan || openJobPosts.data === undefined || plan.maxJobPostings === UNLIMITED) return null;
  return openJobPosts.data >= plan.maxJobPostings ? jobPostLimitReached(plan.name, plan.maxJobPostings) : null;
}
