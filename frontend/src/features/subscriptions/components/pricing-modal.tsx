import { type BillingPeriod, type User } from '@hireloop/contracts';
import { findPlan } from '@hireloop/contracts';
import { BriefcaseIcon, LockIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentSubscription, useOpenJobPostCount, usePlans } from '../api/subscription-api';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { jobPostsUsageText } from '../lib/plan-access';
import { BillingToggle } from './billing-toggle';
import { PlanGrid } from './plan-grid';

const BILLING_POLICY = [
  'No refunds: payments already made are not refunded.',
  'Premium access is kept for the whole period you paid for.',
  'Downgrades take effect at the end of the billing cycle.',
  'Cancel anytime, with no cancellation fees.',
  'Subscriptions renew automatically at the end of each period.',
];

/**
 * The pricing modal (part 2 §2, Pricing): the same plans as `/pricing`, opened once for a company
 * user who has not chosen a plan (the launcher decides when).
 */
export function PricingModal({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  const plans = usePlans();
  const subscription = useCurrentSubscription(user.id);
  const openJobPosts = useOpenJobPostCount(user.id);
  const choosePlan = useChoosePlan(user);
  const [billingPeriod, setBillingPeriod] = useState<BillingPeriod>('monthly');
  const freePlan = plans.data?.find((plan) => plan.planId === 'free') ?? findPlan('free');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Choose Your Plan</DialogTitle>
          <DialogDescription>Start free, or pick a premium plan to contact candidates and post more jobs.</DialogDescription>
        </DialogHeader>

        <BillingToggle value={billingPeriod} onChange={setBillingPeriod} badge="Save up to 20%" />

        <section aria-label="Your free plan usage" className="grid gap-1 rounded-md border bg-muted/50 p-3 text-sm">
          <p className="flex items-center gap-2">
            <BriefcaseIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            {freePlan ? jobPostsUsageText(openJobPosts.data ?? 0, freePlan) : null}
          </p>
          <p className="flex items-center gap-2">
            <LockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            Candidate contacts need a premium plan
          </p>
        </section>

        {plans.data ? (
          <PlanGrid plans={plans.data} billingPeriod={billingPeriod} subscription={subscription.data} choosePlan={choosePlan} compact />
        ) : (
          <div role="status" aria-label="Loading plans" className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-48 w-full" />
            ))}
          </div>
        )}

        <section aria-labelledby="billing-policy" className="grid gap-1 text-sm text-muted-foreground">
          <h3 id="billing-policy" className="font-semibold text-foreground">
            Billing policy
          </h3>
          <ul className="list-disc pl-5">
            {BILLING_POLICY.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="flex items-center gap-2 pt-1">
            <ShieldCheckIcon className="size-4" aria-hidden="true" />
            Payments are processed securely by our card payment provider.
          </p>
        </section>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
