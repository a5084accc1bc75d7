import { ExternalLinkIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { MANAGE_BILLING_TEXTS } from '../lib/billing-outlook';


const goTo = (url: string) => window.location.assign(url);

/**
 * Opens the payment provider's billing portal (ADR 063): change plan, cancel at the period's end,
 * card and invoices. `redirect` goes there (tests watch it instead of leaving the page).
 */
export function ManageBillingButton({ redirect = goTo, variant = 'outline' }: { redirect?: (url: string) => void; variant?: 'outline' | 'default' }) {
  const portal = useOpenBillingPortal();
  return (
    <Button
      variant={variant}
      size="sm"
      className="w-fit"
      disabled={portal.isPending}
      onClick={() =>
        portal.mutate(undefined, {
          onSuccess: ({ url }) => redirect(url),
          onError: (error) => toast({ title: MANAGE_BILLING_TEXTS.failedTitle, description: displayError(error, MANAGE_BILLING_TEXTS.failedText), variant: 'destructive' }),
        })
      }
    >
      <ExternalLinkIcon aria-hidden="true" />
      {portal.isPending ? MANAGE_BILLING_TEXTS.opening : MANAGE_BILLING_TEXTS.label}
    </Button>
  );
}
