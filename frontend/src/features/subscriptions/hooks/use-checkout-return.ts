import { SUBSCRIPTION_MESSAGES, type CurrentSubscription } from '@hireloop/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { currentSubscriptionQueryKey, getCurrentSubscription } from '../api/subscription-api';
import { CHECKOUT_SUCCESS_TOAST_DELAY_MS } from '../lib/plan-access';

/** How long the page waits for the provider's webhook after a checkout return: 20 tries, 1 s apart. */
export const CHECKOUT_REFRESH_ATTEMPTS = 20;
export const CHECKOUT_REFRESH_INTERVAL_MS = 1000;

/** A checkout no longer waits when the subscription holds no pending checkout. */
const settled = (subscription: CurrentSubscription) => subscription.pendingPlanId === null && subscription.status !== 'pending';

/**
 * Reads the subscription again until the checkout's outcome is in it. The browser often comes back
 * before the provider's webhook (ADR 030), so one refresh is not enough; each read replaces the
 * cached subscription, so the page shows the new plan as soon as it is known.
 */
export async function refreshUntilSettled(
  queryClient: QueryClient,
  userId: string,
  {
    attempts = CHECKOUT_REFRESH_ATTEMPTS,
    intervalMs = CHECKOUT_REFRESH_INTERVAL_MS,
    signal,
    until = settled,
  }: { attempts?: number; intervalMs?: number; signal?: AbortSignal; until?: (subscription: CurrentSubscription) => boolean } = {},
): Promise<void> {
  for (let attempt = 1; attempt <= attempts && !signal?.aborted; attempt++) {
    const subscription = await queryClient.fetchQuery({
      queryKey: currentSubscriptionQueryKey(userId),
      queryFn: ({ signal: querySignal }) => getCurrentSubscription({ signal: querySignal }),
      staleTime: 0,
      retry: false,
    });
    if (until(subscription) || attempt === attempts) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The checkout return (part 2 §4): on `checkout=success` or `session_id` the subscription is
 * refreshed, the URL is cleaned (`clean`), and after 1.5 s 'Subscription Activated!' shows.
 * `isReturn` is read once, when the page opens: cleaning the URL turns it false.
 */
export function useCheckoutReturn({ isReturn, userId, clean }: { isReturn: boolean; userId: string | null; clean: () => void }) {
  const queryClient = useQueryClient();
  const [returned] = useState(isReturn);
  const cleaned = useRef(false);

  useEffect(() => {
    if (!returned || cleaned.current) return;
    cleaned.current = true;
    clean();
    // Not cancelled when the page re-renders: the toast belongs to the return, not to a render.
    setTimeout(
      () => toast({ title: SUBSCRIPTION_MESSAGES.activatedTitle, description: 'Your premium features are now unlocked.', variant: 'success' }),
      CHECKOUT_SUCCESS_TOAST_DELAY_MS,
    );
  }, [returned, clean]);

  useEffect(() => {
    if (!returned || userId === null) return;
    const controller = new AbortController();
    // A failure to read (signed out meanwhile, offline) leaves the page as it is.
    refreshUntilSettled(queryClient, userId, { signal: controller.signal }).catch(() => undefined);
    return () => controller.abort();
  }, [returned, userId, queryClient]);
}

/** How long the page reads the plan again after a billing portal return: 10 tries, 1 s apart. */
export const PORTAL_REFRESH_ATTEMPTS = 10;

/**
 * The billing portal's return (`/pricing?billing=portal`, ADR 063): what the company changed there
 * comes back by the provider's webhooks, which may land after the browser does, and nothing tells
 * the page which change to wait for. So the plan is read again each second for ten seconds (each
 * read replaces the cached one: the banner follows), and the URL is cleaned.
 */
export function useBillingPortalReturn({ isReturn, userId, clean }: { isReturn: boolean; userId: string | null; clean: () => void }) {
  const queryClient = useQueryClient();
  const [returned] = useState(isReturn);
  useEffect(() => {
    if (returned) clean();
  }, [returned, clean]);
  useEffect(() => {
    if (!returned || userId === null) return;
    const controller = new AbortController();
    refreshUntilSettled(queryClient, userId, { attempts: PORTAL_REFRESH_ATTEMPTS, signal: controller.signal, until: () => false }).catch(() => undefined);
    return () => controller.abort();
  }, [returned, userId, queryClient]);
}

/** What the pricing page says when the company comes back from a checkout it left (not in the spec: ADR 030). */
export const CHECKOUT_CANCELED_TOAST = { title: 'Checkout canceled', description: 'No payment was taken. Choose a plan whenever you are ready.' } as const;

/**
 * The provider's cancel return (`/pricing?checkout=canceled`): the URL is cleaned and a toast
 * says nothing was taken. `isCanceled` is read once, when the page opens.
 */
export function useCheckoutCanceled({ isCanceled, clean }: { isCanceled: boolean; clean: () => void }) {
  const [canceled] = useState(isCanceled);
  const cleaned = useRef(false);
  useEffect(() => {
    if (!canceled || cleaned.current) return;
    cleaned.current = true;
    clean();
    toast({ ...CHECKOUT_CANCELED_TOAST });
  }, [canceled, clean]);
}
