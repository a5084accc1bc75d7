import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { QueryClient } from '@tanstack/react-query';
import { isBillingPortalReturn, isCheckoutCanceled, isCheckoutReturn } from '../lib/plan-access';
import { CHECKOUT_CANCELED_TOAST, refreshUntilSettled, useCheckoutCanceled } from './use-checkout-return';

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
});

describe('the checkout cancel return', () => {
  it('is told from the success return by its parameter', () => {
    expect(isCheckoutCanceled('?checkout=canceled')).toBe(true);
    expect(isCheckoutReturn('?checkout=canceled')).toBe(false);
    expect(isCheckoutCanceled('?checkout=success&session_id=cs_1')).toBe(false);
    expect(isCheckoutCanceled('')).toBe(false);
  });

  it('cleans the URL once and says no payment was taken', async () => {
    render(<Toaster />);
    const clean = vi.fn();
    const { rerender } = renderHook(({ isCanceled }) => useCheckoutCanceled({ isCanceled, clean }), { initialProps: { isCanceled: true } });
    // Cleaning the URL turns the flag false: nothing happens again.
    rerender({ isCanceled: false });
    expect(clean).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(CHECKOUT_CANCELED_TOAST.title)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_CANCELED_TOAST.description)).toBeInTheDocument();
  });

  it('does nothing on an ordinary visit', () => {
    const clean = vi.fn();
    renderHook(() => useCheckoutCanceled({ isCanceled: false, clean }));
    expect(clean).not.toHaveBeenCalled();
  });
});

describe('the billing portal return (ADR 063)', () => {
  it('is told by its parameter, and reads the plan again for a while: the portal’s webhooks may land after the browser', async () => {
    expect(isBillingPortalReturn('?billing=portal')).toBe(true);
    expect(isBillingPortalReturn('?checkout=success')).toBe(false);
    const queryClient = new QueryClient();
    const reads = vi.spyOn(queryClient, 'fetchQuery').mockResolvedValue({ planId: 'small_business', status: 'active', pendingPlanId: null } as never);
    // The page's refresh never stops early: it cannot know which change to wait for.
    await refreshUntilSettled(queryClient, 'u1', { attempts: 3, intervalMs: 1, until: () => false });
    expect(reads).toHaveBeenCalledTimes(3);
    // A checkout return stops as soon as the plan is settled.
    reads.mockClear();
    await refreshUntilSettled(queryClient, 'u1', { attempts: 3, intervalMs: 1 });
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
