import type { User } from '@hireloop/contracts';
import { useCurrentSubscription, useOpenJobPostCount, usePlans } from '../api/subscription-api';
import { candidateViewsUsageText, effectivePlanId, jobPostsUsageText } from '../lib/plan-access';

/**
 * 'Job Posts N of M' and 'Candidate Views N of M this month': the company's open job posts and the
 * full profiles it opened this month, against its plan's limits (plan limits, ADR 030).
 */
export function JobPostsUsage({ user }: { user: User }) {
  const companyUserId = user.type === 'company' ? user.id : null;
  const plans = usePlans();
  const subscription = useCurrentSubscription(companyUserId);
  const openJobPosts = useOpenJobPostCount(companyUserId);
  const plan = subscription.data ? plans.data?.find((candidate) => candidate.planId === effectivePlanId(subscription.data)) : undefined;
  if (!plan || openJobPosts.data === undefined) return null;
  return (
    <>
      <p className="text-sm text-muted-foreground">{jobPostsUsageText(openJobPosts.data, plan)}</p>
      <p className="text-sm text-muted-foreground">{candidateViewsUsageText(subscription.data?.candidateViewsUsed ?? 0, plan)}</p>
    </>
  );
}
