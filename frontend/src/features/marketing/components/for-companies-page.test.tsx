import { SUBSCRIPTION_PLANS } from '@hireloop/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { ForCompaniesPage, type ForCompaniesPlans } from './for-companies-page';

function renderPage(plans: Partial<ForCompaniesPlans> = {}) {
  const openAuthDialog = vi.fn();
  const retry = vi.fn();
  render(
    <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: vi.fn() }}>
      <ForCompaniesPage plans={{ plans: SUBSCRIPTION_PLANS, failed: false, retry, ...plans }} />
    </AuthDialogContext.Provider>,
  );
  return { openAuthDialog, retry };
}

describe('/for-companies (part 2)', () => {
  it('shows the hero, the four stats, six benefits, the four plans, three testimonials and the footer links', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Top Tech Talent Faster Than Ever' })).toBeInTheDocument();
    expect(document.title).toBe('For Companies | Hireloop');
    for (const [value, label] of [['1000+', 'Candidates'], ['250+', 'Companies'], ['95%', 'Match Success'], ['48hrs', 'Average Time to Hire']]) {
      expect(screen.getByText(value!)).toBeInTheDocument();
      expect(screen.getByText(label!)).toBeInTheDocument();
    }
    const benefits = screen.getByRole('region', { name: 'Why companies hire on Hireloop' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(6);
    for (const plan of SUBSCRIPTION_PLANS) expect(screen.getByRole('group', { name: plan.name })).toBeInTheDocument();
    const free = screen.getByRole('group', { name: 'Free' });
    expect(within(free).getByText('1 job posting')).toBeInTheDocument();
    expect(within(free).getByText('5 job invite requests per month')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Small Business' })).getByText('Most Popular')).toBeInTheDocument();
    expect(document.querySelectorAll('figure')).toHaveLength(3);
    expect(screen.getByText('Sample testimonials, for illustration.')).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'For companies' });
    expect(within(footer).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/jobs', '/dashboard', '/privacy', '/terms']);
  });

  it('every call to action opens the sign-up dialog on the For Companies tab', async () => {
    const user = userEvent.setup();
    const { openAuthDialog } = renderPage();
    const ctas = [
      screen.getByRole('button', { name: 'Start Hiring Free' }),
      ...SUBSCRIPTION_PLANS.map((plan) => screen.getByRole('button', { name: `Get Started with ${plan.name}` })),
      screen.getByRole('button', { name: 'Create Company Account' }),
    ];
    for (const cta of ctas) await user.click(cta);
    expect(openAuthDialog).toHaveBeenCalledTimes(6);
    for (const call of openAuthDialog.mock.calls) expect(call).toEqual(['company']);
  });

  it('shows placeholders while the plans load', () => {
    renderPage({ plans: undefined });
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
  });

  it('offers to try again when the plans cannot be loaded', async () => {
    const user = userEvent.setup();
    const { retry } = renderPage({ plans: undefined, failed: true });
    expect(screen.getByText(/The plans could not be loaded/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});
