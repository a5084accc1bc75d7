import { findPlan, type User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError } from '../../../lib/api-client';
import { useCurrentSubscription } from '../api/subscription-api';
import { dateText, hasBillingAccount, periodEnd, planOutlookText } from '../lib/billing-outlook';
import { effectivePlanId } from '../lib/plan-access';
import { subscriptionStatusText } from '../lib/pricing';
import { ManageBillingButton } from './manage-billing-button';

/**
 * The company profile's Billing & Plan tab (ADR 063): the plan the company is on, its status
 * (trial, active, past due, cancelling), when the period ends, and Manage billing.
 */
export function BillingPanel({ user, redirect }: { user: User; redirect?: (url: string) => void }) {
  const subscription = useCurrentSubscription(user.type === 'company' ? user.id : null);
  if (subscription.isPending) return <Skeleton role="status" aria-label="Loading your plan" className="h-24 w-full" />;
  if (subscription.isError) return <p className="text-sm text-destructive">{displayError(subscription.error, 'Your plan could not be loaded. Please try again.')}</p>;
  const current = subscription.data;
  const planName = findPlan(effectivePlanId(current))?.name ?? 'Free';
  const cancelling = current.scheduledPlanId === 'free' && current.status !== 'canceled';
  const status = current.status === 'none' ? null : cancelling ? 'Cancelling' : subscriptionStatusText(current.status);
  const end = periodEnd(current);
  const outlook = planOutlookText(current);
  return (
    <div className="grid gap-3">
      <p className="font-medium">
        Current plan: {planName}
        {status ? ` · ${status}` : ''}
      </p>
      {end && current.status !== 'canceled' && hasBillingAccount(current) ? (
        <p className="text-sm text-muted-foreground">
          {current.status === 'trialing' ? 'Trial ends' : 'Current period ends'} on {dateText(end)}
        </p>
      ) : null}
      {outlook && !outlook.startsWith('Free trial') ? <p className="text-sm">{outlook}</p> : null}
      {effectivePlanId(current) === 'free' ? <p className="text-sm text-muted-foreground">Paid plans let you contact candidates directly.</p> : null}
      <div className="flex flex-wrap gap-2">
        {hasBillingAccount(current) ? <ManageBillingButton redirect={redirect} variant="default" /> : null}
        <Button variant="outline" size="sm" className="w-fit" asChild>
          <Link to="/pricing">View Plans</Link>
        </Button>
      </div>
    </div>
  );
}
