import { NO_SUBSCRIPTION, planById, type CompanyProfile, type User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { DashboardPage } from '../../../routes/-components/dashboard';

/** The company side of the dashboard: the Company card opens the company modal, which saves for real (ADR 028). */
interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  requests = [];
  answers = {};
  const storage = new Map([['auth_token', 'company-token']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`The test did not say how the server answers ${method} ${url}`);
    return answer();
  });
  resetPositionForTests();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const companyUser: User = {
  id: 'u1',
  userId: 'u1',
  name: 'Maya Okafor',
  email: 'maya@northwind.example',
  type: 'company',
  role: 'company',
  isAdmin: false,
  companyId: 'c1',
  companyName: 'Northwind',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const saved: CompanyProfile = {
  companyId: 'c1',
  name: 'Northwind',
  website: 'https://northwind.example',
  address: 'Austin, TX',
  industry: 'Data',
  size: '',
  description: '',
  updatedAt: null,
};

async function openCompanyModal() {
  answers['GET /api/auth/user'] = json(200, companyUser);
  answers['GET /api/company/profile'] ??= json(200, { success: true, profile: saved });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const dashboard = createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', component: () => <DashboardPage /> });
  const pricing = createRoute({ getParentRoute: () => rootRoute, path: '/pricing', component: () => <h1>Pricing</h1> });
  const router = createRouter({ routeTree: rootRoute.addChildren([dashboard, pricing]), history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Set Up Company Profile' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Company Profile' }, { timeout: 5000 }));
  return { dialog, router, user };
}

async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const notifications = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
      const item = within(notifications)
        .queryAllByRole('listitem', { hidden: true })
        .find((entry) => within(entry).queryByText(title));
      if (!item) throw new Error(`No toast "${title}" on screen`);
      return item;
    },
    { timeout: 5000 },
  );
}

describe('company modal', () => {
  it('has the three tabs and opens on Company Info, prefilled from the saved profile', async () => {
    const { dialog } = await openCompanyModal();
    expect(dialog.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Company Info', 'Billing & Plan', 'Account Settings']);
    expect(dialog.getByRole('tab', { name: 'Company Info' })).toHaveAttribute('aria-selected', 'true');
    const name = await dialog.findByRole('textbox', { name: 'Company Name' });
    expect(name).toHaveValue('Northwind');
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(dialog.getByRole('textbox', { name: 'Website' })).toHaveValue('https://northwind.example');
    expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue('Austin, TX');
    expect(dialog.getByRole('textbox', { name: 'Industry' })).toHaveValue('Data');
    expect(dialog.getByRole('combobox', { name: 'Company Size' })).toHaveValue('');
    expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('');
  });

  it('saves the profile with PUT /api/company/profile, toasts and closes', async () => {
    answers['PUT /api/company/profile'] = json(200, { success: true, profile: { ...saved, size: '51-200', description: 'We count things.', updatedAt: '2026-11-23T10:00:00.000Z' } });
    const { dialog, user } = await openCompanyModal();
    await dialog.findByRole('textbox', { name: 'Company Name' });
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Company Size' }), '51-200');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'We count things.');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Company Profile Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The signed-in user is read again: a renamed company shows its new name.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/auth/user').length).toBeGreaterThan(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Northwind',
      website: 'https://northwind.example',
      address: 'Austin, TX',
      industry: 'Data',
      size: '51-200',
      description: 'We count things.',
    });
  });

  it('refuses an empty name and a website that is not a web address, and sends nothing', async () => {
    const { dialog, user } = await openCompanyModal();
    const name = await dialog.findByRole('textbox', { name: 'Company Name' });
    await user.clear(name);
    const website = dialog.getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'northwind');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText('Company name is required')).toBeInTheDocument();
    expect(dialog.getByText('Website must be a web address starting with http:// or https://')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal at its field and keeps the modal open', async () => {
    answers['PUT /api/company/profile'] = json(400, { success: false, error: 'industry: Industry must be at most 100 characters', details: [{ path: 'industry', message: 'Industry must be at most 100 characters' }] });
    const { dialog, user } = await openCompanyModal();
    await dialog.findByRole('textbox', { name: 'Company Name' });
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Error Saving Company Profile')).toBeInTheDocument();
    expect(await dialog.findByText('Industry must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Company Profile' })).toBeInTheDocument();
  });

  it('Billing & Plan shows the company’s real plan: Free, with no billing to manage, and a link to /pricing', async () => {
    answers['GET /api/subscription/current'] = json(200, { ...NO_SUBSCRIPTION, planId: 'free', status: 'active', planDetails: planById('free') });
    const { dialog, router, user } = await openCompanyModal();
    await user.click(dialog.getByRole('tab', { name: 'Billing & Plan' }));
    expect(await dialog.findByText('Current plan: Free · Active')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    await user.click(dialog.getByRole('link', { name: 'View Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('Billing & Plan shows a paid trial being cancelled, when it ends, and Manage billing opens the billing portal', async () => {
    answers['GET /api/subscription/current'] = json(200, {
      ...NO_SUBSCRIPTION,
      planId: 'enterprise',
      status: 'trialing',
      planDetails: planById('enterprise'),
      billingPeriod: 'monthly',
      currentPeriodEnd: '2026-12-11T12:00:00.000Z',
      trialEnd: '2026-12-11T12:00:00.000Z',
      scheduledPlanId: 'free',
    });
    answers['POST /api/subscription/portal'] = json(200, { success: true, url: '/api/payments/simulated/portal/bps_sim_1' });
    const { dialog, user } = await openCompanyModal();
    await user.click(dialog.getByRole('tab', { name: 'Billing & Plan' }));
    expect(await dialog.findByText('Current plan: Enterprise · Cancelling')).toBeInTheDocument();
    expect(dialog.getByText('Trial ends on December 11, 2026')).toBeInTheDocument();
    expect(dialog.getByText('Your plan ends on December 11, 2026. Your company then moves to the Free plan.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/subscription/portal')).toBe(true));
  });

  it('Account Settings shows the notification defaults and says they are not saved yet', async () => {
    const { dialog, user } = await openCompanyModal();
    await user.click(dialog.getByRole('tab', { name: 'Account Settings' }));
    expect(dialog.getByRole('checkbox', { name: 'Candidate responses' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Weekly summary' })).toBeChecked();
    const marketing = dialog.getByRole('checkbox', { name: 'Marketing emails' });
    expect(marketing).not.toBeChecked();
    await user.click(marketing);
    expect(marketing).toBeChecked();
    expect(dialog.getByText(/not saved yet/)).toBeInTheDocument();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });
});
