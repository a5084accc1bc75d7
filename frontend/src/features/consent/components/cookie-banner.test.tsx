import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY, resetConsentForTests } from '../lib/consent';
import { routePattern } from '../hooks/use-page-views';
import { CookieBanner } from './cookie-banner';

beforeEach(() => {
  localStorage.clear();
  resetConsentForTests();
});
afterEach(() => localStorage.clear());

const renderBanner = () => {
  render(<CookieBanner />);
  return userEvent.setup({ delay: null });
};

describe('the cookie-consent banner (part 1 §2)', () => {
  it('shows while no choice is stored; Accept All Cookies stores accepted and hides it', async () => {
    const user = renderBanner();
    expect(screen.getByRole('region', { name: 'We use cookies' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept All Cookies' }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
  });

  it('Essential Only stores declined', async () => {
    const user = renderBanner();
    await user.click(screen.getByRole('button', { name: 'Essential Only' }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('declined');
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
  });

  it('Cookie Details shows and hides what each kind of cookie is', async () => {
    const user = renderBanner();
    const details = screen.getByRole('button', { name: 'Cookie Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Only if you accept/)).toBeInTheDocument();
    await user.click(details);
    expect(screen.queryByText(/Only if you accept/)).not.toBeInTheDocument();
  });

  it('gives the page’s bottom room as tall as the banner while it shows, so nothing stays under it', async () => {
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(184);
    try {
      const user = renderBanner();
      expect(document.body.style.paddingBottom).toBe('184px');
      await user.click(screen.getByRole('button', { name: 'Close the cookie banner for this visit' }));
      expect(document.body.style.paddingBottom).toBe('');
    } finally {
      height.mockRestore();
    }
  });

  it('the close button hides it for this visit without storing anything', async () => {
    const user = renderBanner();
    await user.click(screen.getByRole('button', { name: 'Close the cookie banner for this visit' }));
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it('stays away once a choice is stored', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'declined');
    render(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
  });
});

describe('what a page view says', () => {
  it('is the route pattern, never the address', () => {
    expect(routePattern('/job/$jobId')).toBe('/job/$jobId');
    expect(routePattern('/reset-password/')).toBe('/reset-password');
    expect(routePattern('/')).toBe('/');
    expect(routePattern('__root__')).toBe('/not-found');
    expect(routePattern(undefined)).toBe('/not-found');
  });
});
