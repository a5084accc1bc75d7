import type { User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { SparklesIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCurrentSubscription } from '../api/subscription-api';
import { hasPaidPlan } from '../lib/plan-access';

/**
 * The dashboard's upgrade banner (part 2 §2, Dashboard): a company on the free plan or with no
 * plan. Shown once the plan is known, so a paying company never sees it flash.
 */
export function UpgradeBanner({ user }: { user: User }) {
  const isCompany = user.type === 'company';
  const subscription = useCurrentSubscription(isCompany ? user.id : null);
  if (!isCompany || !subscription.data || hasPaidPlan(subscription.data)) return null;
  return (
    <section
      aria-labelledby="upgrade-banner"
      className="flex flex-wrap items-center gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:p-5"
    >
      <SparklesIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid flex-1 gap-1">
        <h2 id="upgrade-banner" className="font-semibold">
          Start Contacting Candidates Today!
        </h2>
        <p className="text-sm text-muted-foreground">
          Upgrade to a premium plan to contact candidates directly and post more jobs. 14-day free trial.
        </p>
      </div>
      <Button asChild>
        <Link to="/pricing">Upgrade Now</Link>
      </Button>
    </section>
  );
}
