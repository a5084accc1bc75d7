import type { User } from '@hireloop/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentSubscription } from '../api/subscription-api';
import { hasSeenPricingModal, markPricingModalSeen } from '../lib/plan-access';

// Most visits never open it: its code loads only when it does.
const PricingModal = lazy(() => import('./pricing-modal').then((module) => ({ default: module.PricingModal })));

/**
 * Opens the pricing modal once per company user with no subscription (part 2 §2): the flag is
 * kept per user id in localStorage and set when it opens, so a reload does not show it again.
 */
export function PricingModalLauncher({ user }: { user: User }) {
  const isCompany = user.type === 'company';
  const subscription = useCurrentSubscription(isCompany ? user.id : null);
  const [open, setOpen] = useState(false);
  /** The user the modal was opened for on this page (it stays mounted for its closing animation). */
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const noPlan = subscription.data?.status === 'none';

  // Decided while rendering (no extra render of a closed modal): the first time the plan is known
  // to be missing and this user never saw the modal.
  if (isCompany && noPlan && openedFor !== user.id && !hasSeenPricingModal(user.id)) {
    setOpenedFor(user.id);
    setOpen(true);
  }

  useEffect(() => {
    if (openedFor) markPricingModalSeen(openedFor);
  }, [openedFor]);

  if (openedFor !== user.id) return null;
  return (
    <Suspense fallback={null}>
      <PricingModal user={user} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
