import { ASSISTANT_USER_STORAGE_KEY, type AssistantSettings } from '@hireloop/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { CONNECT_REDIRECT_DELAY_MS } from '../machines/connect-machine';
import { ConnectPanel } from './connect-panel';

const SETTINGS: AssistantSettings = { path: 'mysalt', name: 'MySALT AI', signInUrl: '', signUpUrl: '', dashboardUrl: 'https://assistant.example/dashboard', origin: '' };

let requests: Array<{ url: string; body: unknown }>;
let answer: () => Promise<Response>;
const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  answer = json(200, { success: true, user: { id: 'u-1', email: 'ada@example.com', name: 'Ada' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return answer();
  });
  vi.stubGlobal('scrollTo', () => {});
  resetPositionForTests();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderPanel(credentials: { userToken?: string; apiKey?: string; failure?: string } = {}) {
  const onRedirectHome = vi.fn();
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/mysalt-callback',
    component: () => <ConnectPanel settings={SETTINGS} userToken={credentials.userToken ?? ''} apiKey={credentials.apiKey ?? ''} failure={credentials.failure} onRedirectHome={onRedirectHome} />,
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>Home</p> });
  const router = createRouter({ routeTree: rootRoute.addChildren([page, home]), history: createMemoryHistory({ initialEntries: ['/mysalt-callback'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByText('Connect MySALT AI');
  return { onRedirectHome };
}

describe('the connect page', () => {
  it('prefills both masked fields from the address, with a copy button each', async () => {
    await renderPanel({ userToken: 'ut-1', apiKey: 'ak-1' });
    const token = screen.getByLabelText('User Token');
    const key = screen.getByLabelText('API Key');
    expect(token).toHaveValue('ut-1');
    expect(token).toHaveAttribute('type', 'password');
    expect(key).toHaveValue('ak-1');
    expect(key).toHaveAttribute('type', 'password');
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy API Key' }));
    expect(writeText).toHaveBeenCalledWith('ak-1');
    expect(await screen.findByRole('button', { name: 'API Key copied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', 'https://assistant.example/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Back to Job Board' })).toHaveAttribute('href', '/');
  });

  it('keeps Connect disabled while either field is blank, and says why', async () => {
    await renderPanel({ userToken: 'ut-1' });
    const connect = screen.getByRole('button', { name: 'Connect' });
    expect(connect).toBeDisabled();
    expect(screen.getByText('Please provide both your user token and API key')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('API Key'), 'ak-1');
    expect(connect).toBeEnabled();
    await user.clear(screen.getByLabelText('User Token'));
    expect(connect).toBeDisabled();
    expect(requests).toEqual([]);
  });

  it('connects, keeps the assistant user with its defaults, confirms, and goes home after 2 seconds', async () => {
    const { onRedirectHome } = await renderPanel({ userToken: 'ut-1', apiKey: 'ak-1' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected to MySALT AI!')).toBeInTheDocument();
    expect(requests).toEqual([{ url: '/api/mysalt/auth', body: { user_token: 'ut-1', api_key: 'ak-1' } }]);
    const stored = JSON.parse(localStorage.getItem(ASSISTANT_USER_STORAGE_KEY) ?? 'null');
    expect(stored).toEqual({ id: 'u-1', email: 'ada@example.com', name: 'Ada', aiName: 'Assistant', aiAvatar: '🤖' });
    expect(JSON.stringify(stored)).not.toContain('ut-1');
    expect(onRedirectHome).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_REDIRECT_DELAY_MS));
    expect(onRedirectHome).toHaveBeenCalledOnce();
  });

  it("shows the server's error, else 'Authentication failed', else the network text", async () => {
    await renderPanel({ userToken: 'ut-1', apiKey: 'ak-1' });
    const user = userEvent.setup({ delay: null });
    answer = json(401, { success: false, error: 'Authentication failed' });
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed');

    answer = json(200, { success: false });
    await user.type(screen.getByLabelText('API Key'), '2');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed'));

    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await user.type(screen.getByLabelText('API Key'), '3');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect to MySALT AI. Please check your credentials.'));
    expect(localStorage.getItem(ASSISTANT_USER_STORAGE_KEY)).toBeNull();
  });

  it('shows a failure the address brought (the assistant denied the connection) from the start, until a field is edited (ADR 127)', async () => {
    await renderPanel({ failure: 'Authentication failed' });
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed');
    // The failure is the one thing said: not the blank fields' hint beside it.
    expect(screen.queryByText('Please provide both your user token and API key')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeDisabled();
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('User Token'), 'u');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Please provide both your user token and API key')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
