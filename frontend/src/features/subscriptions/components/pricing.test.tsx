import { NO_SUBSCRIPTION, SUBSCRIPTION_PLANS, type CurrentSubscription, type User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { DashboardPage } from '../../../routes/-components/dashboard';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { isCheckoutReturn, pricingModalSeenKey } from '../lib/plan-access';
import { CurrentPlanBanner } from './current-plan-banner';
import { PricingPage } from './pricing-page';

/** The pricing page, the pricing modal on the dashboard, and the checkout return (part 2 §2, §4, §8). */
interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
/** Answers by `METHOD path`; a list is answered in turn, its last entry repeated. */
let answers: Record<string, Array<() => Response>>;
let storage: Map<string, string>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const company: User = {
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

const OPEN_JOBS = 'GET /api/jobs?status=open&page=1&pageSize=1&mine=true';

const subscription = (change: Partial<CurrentSubscription>): CurrentSubscription => ({ ...NO_SUBSCRIPTION, ...change });

beforeEach(() => {
  requests = [];
  storage = new Map([['auth_token', 'company-token']]);
  answers = {
    'GET /api/auth/user': [json(200, company)],
    'GET /api/subscription/plans': [json(200, SUBSCRIPTION_PLANS)],
    'GET /api/subscription/current': [json(200, NO_SUBSCRIPTION)],
    [OPEN_JOBS]: [json(200, [], { 'x-total-count': '0' })],
  };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const queue = answers[`${method} ${url}`];
    if (!queue?.length) throw new Error(`The test did not say how the server answers ${method} ${url}`);
    return (queue.length > 1 ? queue.shift()! : queue[0]!)();
  });
  resetPositionForTests();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function findToast(title: string, timeout = 5000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const notifications = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
      const item = within(notifications)
        .queryAllByRole('listitem', { hidden: true })
        .find((entry) => within(entry).queryByText(title));
      if (!item) throw new Error(`No toast "${title}" on screen`);
      return item;
    },
    { timeout },
  );
}

function PricingWithReturn({ user, redirect }: { user: User | null; redirect?: (url: string) => void }) {
  useCheckoutReturn({ isReturn: isCheckoutReturn(window.location.search), userId: user?.id ?? null, clean: () => window.history.replaceState(null, '', '/pricing') });
  return <PricingPage user={user} redirect={redirect} />;
}

function renderAt(path: string, page: 'pricing' | 'dashboard', { user = company as User | null, redirect }: { user?: User | null; redirect?: (url: string) => void } = {}) {
  window.history.replaceState(null, '', path);
  const openAuthDialog = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/pricing', component: () => <PricingWithReturn user={user} redirect={redirect} /> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', component: () => <DashboardPage /> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/jobs', component: () => <h1>Jobs</h1> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/candidates', component: () => <h1>Candidates</h1> }),
  ];
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [page === 'pricing' ? '/pricing' : '/dashboard'] }) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: () => undefined }}>
        <RouterProvider router={router} />
        <Toaster />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return { view, openAuthDialog, user: userEvent.setup({ delay: null }) };
}

const card = (name: string) => within(screen.getByRole('group', { name }));

describe('pricing page', () => {
  it('shows a card per plan with monthly prices, limits (0 as Unlimited) and Most Popular on Small Business', async () => {
    renderAt('/pricing', 'pricing');
    await screen.findByRole('group', { name: 'Enterprise' });
    expect(screen.getByText('Save 17% • 14-day free trial')).toBeInTheDocument();
    expect(card('Small Business').getByText('Most Popular')).toBeInTheDocument();
    expect(card('Free').queryByText('Most Popular')).toBeNull();
    expect(card('Small Business').getByText('$25')).toBeInTheDocument();
    expect(card('Small Business').getByText('/month')).toBeInTheDocument();
    expect(card('Small Business').getByRole('button', { name: 'Subscribe for $25/month' })).toBeEnabled();
    expect(card('Free').getByRole('button', { name: 'Get Started Free' })).toBeEnabled();
    expect(card('Enterprise').getAllByText('Unlimited')).toHaveLength(2);
    expect(card('VC Startup').getByText('200')).toBeInTheDocument();
    expect(card('Small Business').queryByText(/^Save \$/)).toBeNull();
    // No plan chosen yet: no Current Plan banner.
    expect(screen.queryByRole('region', { name: 'Current Plan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.getByRole('link', { name: 'Browse Candidates' })).toHaveAttribute('href', '/candidates');
    expect(screen.getByText('Frequently Asked Questions')).toBeInTheDocument();
  });

  it('in annual mode shows prices per year and the saving, monthly × 12 − annual', async () => {
    const { user } = renderAt('/pricing', 'pricing');
    await screen.findByRole('group', { name: 'Enterprise' });
    await user.click(screen.getByRole('button', { name: 'Annual' }));
    expect(screen.getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
    expect(card('Small Business').getByText('$250')).toBeInTheDocument();
    expect(card('Small Business').getByText('/year')).toBeInTheDocument();
    expect(card('Small Business').getByText('Save $50')).toBeInTheDocument();
    expect(card('VC Startup').getByText('Save $198')).toBeInTheDocument();
    expect(card('Enterprise').getByText('Save $998')).toBeInTheDocument();
    expect(card('Free').queryByText(/^Save \$/)).toBeNull();
    expect(card('VC Startup').getByRole('button', { name: 'Subscribe for $990/year' })).toBeInTheDocument();
  });

  it('activates the free plan at once: the toast, then the Current Plan banner and a disabled Current Plan button', async () => {
    answers['POST /api/subscription/create'] = [json(200, { success: true, planId: 'free', status: 'active' })];
    const { user } = renderAt('/pricing', 'pricing');
    await screen.findByRole('group', { name: 'Free' });
    answers['GET /api/subscription/current'] = [json(200, subscription({ planId: 'free', status: 'active', planDetails: SUBSCRIPTION_PLANS[0]! }))];
    await user.click(card('Free').getByRole('button', { name: 'Get Started Free' }));
    const shown = await findToast('Welcome to Hireloop!');
    expect(shown).toHaveTextContent('Free plan activated. You can now browse candidates but need to upgrade to contact them.');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ planId: 'free', billingPeriod: 'monthly' });
    const banner = await screen.findByRole('region', { name: 'Current Plan' });
    expect(banner).toHaveTextContent('Current Plan: Free');
    expect(banner).toHaveTextContent('Active');
    expect(banner).toHaveTextContent('Job Posts 0 of 1 free');
    expect(card('Free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });

  it('sends a paid plan to the checkout URL after 1 s, showing Processing... until then', async () => {
    answers['POST /api/subscription/create'] = [json(200, { success: true, planId: 'small_business', checkoutUrl: '/api/payments/simulated/checkout/cs_1', sessionId: 'cs_1' })];
    const redirect = vi.fn();
    const { user } = renderAt('/pricing', 'pricing', { redirect });
    await screen.findByRole('group', { name: 'Small Business' });
    await user.click(screen.getByRole('button', { name: 'Annual' }));
    await user.click(card('Small Business').getByRole('button', { name: 'Subscribe for $250/year' }));
    await findToast('Redirecting to payment...');
    expect(card('Small Business').getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(card('VC Startup').getByRole('button', { name: 'Subscribe for $990/year' })).toBeDisabled();
    expect(redirect).not.toHaveBeenCalled();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/api/payments/simulated/checkout/cs_1'), { timeout: 2000 });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ planId: 'small_business', billingPeriod: 'annual' });
  });

  it('shows the server message in "Subscription failed" and clears Processing...', async () => {
    answers['POST /api/subscription/create'] = [json(409, { success: false, error: 'Your company is already on this plan.' })];
    const { user } = renderAt('/pricing', 'pricing');
    await screen.findByRole('group', { name: 'VC Startup' });
    await user.click(card('VC Startup').getByRole('button', { name: 'Subscribe for $99/month' }));
    const shown = await findToast('Subscription failed');
    expect(shown).toHaveTextContent('Your company is already on this plan.');
    expect(card('VC Startup').getByRole('button', { name: 'Subscribe for $99/month' })).toBeEnabled();
  });

  it('says it cannot create the checkout session when a paid plan comes back without a URL', async () => {
    answers['POST /api/subscription/create'] = [json(200, { success: true, planId: 'enterprise', checkoutUrl: '', sessionId: 'cs_2' })];
    const redirect = vi.fn();
    const { user } = renderAt('/pricing', 'pricing', { redirect });
    await screen.findByRole('group', { name: 'Enterprise' });
    await user.click(card('Enterprise').getByRole('button', { name: 'Subscribe for $499/month' }));
    expect(await findToast('Error')).toHaveTextContent('Unable to create checkout session. Please try again.');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign up as a company instead of subscribing', async () => {
    const { user, openAuthDialog } = renderAt('/pricing', 'pricing', { user: null });
    await screen.findByRole('group', { name: 'Free' });
    await user.click(card('Free').getByRole('button', { name: 'Get Started Free' }));
    expect(openAuthDialog).toHaveBeenCalledWith('company');
    expect(requests.filter((request) => request.url.startsWith('/api/subscription/current') || request.method === 'POST')).toEqual([]);
  });
});

describe('checkout return', () => {
  it('cleans the URL, reads the subscription until the webhook landed, and toasts after 1.5 s', async () => {
    const pending = subscription({ planId: 'free', status: 'active', pendingPlanId: 'small_business' });
    const trialing = subscription({ planId: 'small_business', status: 'trialing', planDetails: SUBSCRIPTION_PLANS[1]!, billingPeriod: 'monthly', trialEnd: '2026-12-09T00:00:00.000Z' });
    // The browser is back before the webhook: the first two reads still show the checkout pending.
    answers['GET /api/subscription/current'] = [json(200, pending), json(200, pending), json(200, trialing)];
    renderAt('/pricing?checkout=success&session_id=cs_1', 'pricing');
    await waitFor(() => expect(window.location.search).toBe(''));
    const started = Date.now();
    await findToast('Subscription Activated!', 4000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const banner = await screen.findByRole('region', { name: 'Current Plan' }, { timeout: 5000 });
    await waitFor(() => expect(banner).toHaveTextContent('Current Plan: Small Business'), { timeout: 5000 });
    expect(banner).toHaveTextContent('Free trial');
    expect(requests.filter((request) => request.url === '/api/subscription/current').length).toBeGreaterThanOrEqual(3);
  }, 15_000);
});

describe('dashboard', () => {
  it('opens the pricing modal once for a company without a plan, and never again for that user', async () => {
    const first = renderAt('/dashboard', 'dashboard');
    const modal = within(await screen.findByRole('dialog', { name: 'Choose Your Plan' }, { timeout: 5000 }));
    expect(modal.getByText('Save up to 20%')).toBeInTheDocument();
    expect(modal.getByText('Job Posts 0 of 1 free')).toBeInTheDocument();
    expect(modal.getByText('Downgrades take effect at the end of the billing cycle.')).toBeInTheDocument();
    expect(await modal.findByRole('group', { name: 'Small Business' })).toBeInTheDocument();
    expect(storage.get(pricingModalSeenKey('u1'))).toBe('true');
    // Radix makes the modal's layer take pointer events in an effect after it shows: on a loaded
    // machine the first press can come before it (CI: "pointer-events: none"). Pressed once it can be.
    await waitFor(() => first.user.click(modal.getByRole('button', { name: 'Maybe Later' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.view.unmount();

    renderAt('/dashboard', 'dashboard');
    await screen.findByRole('heading', { name: 'Start Contacting Candidates Today!' });
    // The subscription was read (the banner shows): still no modal.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the upgrade banner and the job usage to a company on the free plan, and neither banner nor modal on a paid plan', async () => {
    answers['GET /api/subscription/current'] = [json(200, subscription({ planId: 'free', status: 'active' }))];
    answers[OPEN_JOBS] = [json(200, [], { 'x-total-count': '1' })];
    const free = renderAt('/dashboard', 'dashboard');
    const banner = (await screen.findByRole('heading', { name: 'Start Contacting Candidates Today!' })).closest('section')!;
    expect(within(banner).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    expect(await screen.findByText('Job Posts 1 of 1 free')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    free.view.unmount();

    answers['GET /api/subscription/current'] = [json(200, subscription({ planId: 'vc_startup', status: 'active', planDetails: SUBSCRIPTION_PLANS[2]! }))];
    renderAt('/dashboard', 'dashboard');
    expect(await screen.findByText('Job Posts 1 of 20')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Start Contacting Candidates Today!' })).toBeNull();
  });
});

describe('the Current Plan banner', () => {
  const subscription = (overrides: Partial<CurrentSubscription>): CurrentSubscription => ({
    ...NO_SUBSCRIPTION,
    planId: 'vc_startup',
    status: 'active',
    planDetails: SUBSCRIPTION_PLANS.find((plan) => plan.planId === 'vc_startup')!,
    billingPeriod: 'monthly',
    currentPeriodEnd: '2027-01-09T10:00:00.000Z',
    ...overrides,
  });

  const withQueries = (element: React.ReactElement) => <QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>;

  it('says which plan a change chosen in the billing portal moves to, and when; a cancellation says when the plan ends; a trial says when it ends', () => {
    const { rerender } = render(withQueries(<CurrentPlanBanner subscription={subscription({ scheduledPlanId: 'small_business' })} />));
    const banner = screen.getByRole('region', { name: 'Current Plan' });
    expect(banner).toHaveTextContent('Current Plan: VC Startup');
    expect(banner).toHaveTextContent('Your plan changes to Small Business on January 9, 2027.');
    rerender(withQueries(<CurrentPlanBanner subscription={subscription({ scheduledPlanId: 'free' })} />));
    expect(banner).toHaveTextContent('Your plan ends on January 9, 2027. Your company then moves to the Free plan.');
    expect(banner).toHaveTextContent('Cancelling');
    rerender(withQueries(<CurrentPlanBanner subscription={subscription({ status: 'trialing', trialEnd: '2027-01-09T10:00:00.000Z' })} />));
    expect(banner).toHaveTextContent('Free trial until January 9, 2027.');
    expect(banner).not.toHaveTextContent('Your plan');
    expect(within(banner).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    rerender(withQueries(<CurrentPlanBanner subscription={subscription({ planId: 'free', planDetails: SUBSCRIPTION_PLANS[0]!, currentPeriodEnd: null })} />));
    expect(within(banner).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });
});

describe('a company with a paid plan on the pricing page (ADR 063)', () => {
  it('another plan’s button and Manage billing open the billing portal, never a 409', async () => {
    answers['GET /api/subscription/current'] = [json(200, subscription({ planId: 'small_business', status: 'active', planDetails: SUBSCRIPTION_PLANS[1]!, currentPeriodEnd: '2027-01-09T10:00:00.000Z' }))];
    answers['POST /api/subscription/portal'] = [json(200, { success: true, url: 'http://127.0.0.1:3000/api/payments/simulated/portal/bps_sim_1' })];
    const redirect = vi.fn();
    const { user } = renderAt('/pricing', 'pricing', { redirect });
    await screen.findByRole('region', { name: 'Current Plan' });
    expect(card('Small Business').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await user.click(card('Free').getByRole('button', { name: 'Get Started Free' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:3000/api/payments/simulated/portal/bps_sim_1'));
    // Until the browser has left for the portal, the plan buttons wait.
    expect(card('Enterprise').getByRole('button', { name: 'Subscribe for $499/month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(2));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual(['/api/subscription/portal', '/api/subscription/portal']);
  });
});
