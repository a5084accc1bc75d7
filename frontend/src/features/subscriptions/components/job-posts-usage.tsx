import type { User } from '@hireloop/contracts';
import { useCurrentSubscription, useOpenJobPostCount, usePlans } from '../api/subscription-api';
import { effectivePlanId, jobPostsUsageText } from '../lib/plan-access';

/** 'Job Posts N of M': the company's open job posts against its plan's limit (plan limits, ADR 030). */
export function JobPostsUsage({ user }: { user: User }) {
  const companyUserId = user.type === 'company' ? user.id : null;
  const plans = usePlans();
  const subscription = useCurrentSubscription(companyUserId);
  const openJobPosts = useOpenJobPostCount(companyUserId);
  const plan = subscription.data ? plans.data?.find((candidate) => candidate.planId === effectivePlanId(subscription.data)) : undefined;
  if (!plan || openJobPosts.data === undefined) return null;
  return <p className="text-sm text-muted-foreground">{jobPostsUsageText(openJobPosts.data, plan)}</p>;
}
