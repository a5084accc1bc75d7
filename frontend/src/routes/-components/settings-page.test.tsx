import type { User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../lib/api-client';
import { AccountSettings, SETTINGS_TEXT } from '../../features/settings/components/account-settings';

const candidate: User = { id: 'u1', email: 'bo@example.com', name: 'Bo', type: 'candidate', role: 'candidate', isAdmin: false, companyId: null } as User;

function renderSettings(user: User, answer: (url: string, init: RequestInit) => Response) {
  resetPositionForTests();
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url, init);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute();
  const settings = createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: () => <AccountSettings user={user} /> });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> });
  const router = createRouter({ routeTree: rootRoute.addChildren([settings, home]), history: createMemoryHistory({ initialEntries: ['/settings'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

describe('Settings: deleting the account', () => {
  it('asks twice, wants the account’s email, then deletes and goes home signed out', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderSettings(candidate, (url, init) =>
      url === '/api/me' && init.method === 'DELETE'
        ? JSON.parse(String(init.body)).confirmEmail === 'bo@example.com'
          ? json(200, { success: true, message: 'Your account has been deleted' })
          : json(400, { success: false, error: 'Type the email address of your account to confirm.' })
        : json(404, { success: false, error: 'no' }),
    );
    await user.click(await screen.findByRole('button', { name: SETTINGS_TEXT.delete }));
    const first = await screen.findByRole('dialog', { name: SETTINGS_TEXT.confirmTitle });
    expect(calls).toEqual([]);
    await user.click(within(first).getByRole('button', { name: SETTINGS_TEXT.continue }));
    const second = await screen.findByRole('dialog', { name: SETTINGS_TEXT.typeTitle });
    await user.click(within(second).getByRole('button', { name: SETTINGS_TEXT.deleteForGood }));
    expect(await within(second).findByText('Type the email address of your account to confirm.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(second).getByLabelText(/Email of this account/), 'someone@else.example');
    await user.click(within(second).getByRole('button', { name: SETTINGS_TEXT.deleteForGood }));
    expect(await within(second).findByText('Type the email address of your account to confirm.')).toBeInTheDocument();
    await user.clear(within(second).getByLabelText(/Email of this account/));
    await user.type(within(second).getByLabelText(/Email of this account/), 'bo@example.com');
    await user.click(within(second).getByRole('button', { name: SETTINGS_TEXT.deleteForGood }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ confirmEmail: 'someone@else.example' }, { confirmEmail: 'bo@example.com' }]);
  });

  it('Cancel on the first question deletes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings(candidate, () => json(500, {}));
    await user.click(await screen.findByRole('button', { name: SETTINGS_TEXT.delete }));
    await user.click(within(await screen.findByRole('dialog', { name: SETTINGS_TEXT.confirmTitle })).getByRole('button', { name: SETTINGS_TEXT.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a super admin is told to ask another super admin instead', async () => {
    renderSettings({ ...candidate, role: 'super_admin', isAdmin: true } as User, () => json(500, {}));
    expect(await screen.findByText(SETTINGS_TEXT.superAdmin)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SETTINGS_TEXT.delete })).not.toBeInTheDocument();
  });
});
