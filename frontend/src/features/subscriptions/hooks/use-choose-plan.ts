import { SUBSCRIPTION_MESSAGES, type BillingPeriod, type CurrentSubscription, type PlanId, type User } from '@hireloop/contracts';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useCreateSubscription } from '../api/subscription-api';
import { MANAGE_BILLING_TEXTS, hasLivePaidSubscription } from '../lib/billing-outlook';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../lib/plan-access';

export interface ChoosePlan {
  choose: (planId: PlanId, billingPeriod: BillingPeriod) => void;
  /** The plan whose button reads 'Processing...' (from the click until the redirect, or a failure). */
  processingPlanId: PlanId | null;
}

const goTo = (url: string) => window.location.assign(url);

/**
 * Choosing a plan (part 2 §4 "Subscription"): the free plan applies at once (toast, subscription
 * refreshed); a paid plan answers the provider's checkout URL, and the browser goes there after
 * 1 s with 'Redirecting to payment...'. A visitor is asked to sign up as a company first.
 * A company with a live paid plan changes or cancels it in the billing portal (ADR 063): any
 * other plan's button takes it there (the plan changes at the next billing cycle).
 */
export function useChoosePlan(
  user: User | null,
  { redirect = goTo, subscription = null }: { redirect?: (url: string) => void; subscription?: CurrentSubscription | null } = {},
): ChoosePlan {
  const { openAuthDialog } = useAuthDialog();
  const create = useCreateSubscription(user?.id ?? '');
  const portal = useOpenBillingPortal();
  const [processingPlanId, setProcessingPlanId] = useState<PlanId | null>(null);

  const choose = (planId: PlanId, billingPeriod: BillingPeriod) => {
    if (!user) {
      openAuthDialog('company');
      return;
    }
    if (processingPlanId) return;
    setProcessingPlanId(planId);
    if (hasLivePaidSubscription(subscription)) {
      portal.mutate(undefined, {
        onSuccess: ({ url }) => {
          toast({ title: MANAGE_BILLING_TEXTS.opening });
          redirect(url);
        },
        onError: (error) => {
          setProcessingPlanId(null);
          toast({ title: MANAGE_BILLING_TEXTS.failedTitle, description: displayError(error, MANAGE_BILLING_TEXTS.failedText), variant: 'destructive' });
        },
      });
      return;
    }
    create.mutate(
      { planId, billingPeriod },
      {
        onSuccess: (answer) => {
          if (!('checkoutUrl' in answer)) {
            setProcessingPlanId(null);
            toast({ title: SUBSCRIPTION_MESSAGES.freePlanTitle, description: SUBSCRIPTION_MESSAGES.freePlanText, variant: 'success' });
            return;
          }
          if (!answer.checkoutUrl) {
            setProcessingPlanId(null);
            toast({ title: 'Error', description: SUBSCRIPTION_MESSAGES.checkoutUnavailable, variant: 'destructive' });
            return;
          }
          // The button keeps 'Processing...' until the browser leaves for the checkout.
          toast({ title: SUBSCRIPTION_MESSAGES.redirecting });
          setTimeout(() => redirect(answer.checkoutUrl), CHECKOUT_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          setProcessingPlanId(null);
          toast({ title: SUBSCRIPTION_MESSAGES.failedTitle, description: displayError(error, SUBSCRIPTION_MESSAGES.failedText), variant: 'destructive' });
        },
      },
    );
  };

  return { choose, processingPlanId };
}
