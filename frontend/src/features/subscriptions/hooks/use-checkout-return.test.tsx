import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { isCheckoutCanceled, isCheckoutReturn } from '../lib/plan-access';
import { CHECKOUT_CANCELED_TOAST, useCheckoutCanceled } from './use-checkout-return';

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
