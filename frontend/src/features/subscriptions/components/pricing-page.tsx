import { type BillingPeriod, type User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { BriefcaseIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError } from '../../../lib/api-client';
import { useCurrentSubscription, useOpenJobPostCount, usePlans } from '../api/subscription-api';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { candidateViewsUsageText, effectivePlanId, jobPostsUsageText } from '../lib/plan-access';
import { BillingToggle } from './billing-toggle';
import { CurrentPlanBanner } from './current-plan-banner';
import { PlanGrid } from './plan-grid';
import { PricingFaq } from './pricing-faq';

/**
 * `/pricing` (part 2 §2, Pricing). The checkout return is handled by the route. `redirect` goes
 * to the provider's checkout (tests watch it instead of leaving the page).
 */
export function PricingPage({ user, redirect }: { user: User | null; redirect?: (url: string) => void }) {
  const companyUserId = user?.type === 'company' ? user.id : null;
  const plans = usePlans();
  const subscription = useCurrentSubscription(companyUserId);
  const openJobPosts = useOpenJobPostCount(companyUserId);
  const choosePlan = useChoosePlan(user, { redirect, subscription: subscription.data ?? null });
  const [billingPeriod, setBillingPeriod] = useState<BillingPeriod>('monthly');

  const currentPlan = plans.data?.find((plan) => plan.planId === effectivePlanId(subscription.data));
  const usage =
    currentPlan && openJobPosts.data !== undefined && subscription.data
      ? `${jobPostsUsageText(openJobPosts.data, currentPlan)} • ${candidateViewsUsageText(subscription.data.candidateViewsUsed ?? 0, currentPlan)}`
      : null;

  return (
    <div className="grid gap-10">
      <nav aria-label="Pricing" className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to="/jobs">
            <BriefcaseIcon aria-hidden="true" />
            Browse Jobs
          </Link>
        </Button>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/candidates">
            <UsersIcon aria-hidden="true" />
            Browse Candidates
          </Link>
        </Button>
      </nav>

      <section className="grid justify-items-center gap-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Plan</h1>
        <p className="max-w-2xl text-muted-foreground">
          Post jobs, browse candidates and reach the right people. Start free, upgrade when you are ready to hire.
        </p>
        <BillingToggle value={billingPeriod} onChange={setBillingPeriod} badge="Save 17% • 14-day free trial" />
      </section>

      {subscription.data && subscription.data.status !== 'none' ? <CurrentPlanBanner subscription={subscription.data} usage={usage} redirect={redirect} /> : null}

      {plans.isPending ? (
        <div role="status" aria-label="Loading plans" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-96 w-full" />
          ))}
        </div>
      ) : plans.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load the plans</AlertTitle>
          <AlertDescription>
            <p>{displayError(plans.error, 'Please try again.')}</p>
            <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <PlanGrid plans={plans.data} billingPeriod={billingPeriod} subscription={subscription.data} choosePlan={choosePlan} />
      )}

      <PricingFaq />

      <section className="grid justify-items-center gap-3 rounded-lg border bg-card p-8 text-center">
        <h2 className="text-2xl font-bold tracking-tight">Ready to find your next hire?</h2>
        <p className="text-muted-foreground">Create a company account in a minute, or talk to us about a plan that fits.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <a href="/signup?type=company">Get Started</a>
          </Button>
          <Button variant="outline" asChild>
            <a href="/contact">Contact Sales</a>
          </Button>
        </div>
      </section>
    </div>
  );
}
