import { ASSISTANT_USER_STORAGE_KEY, type AssistantSettings } from '@hireloop/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { trustedAuthSuccess } from '../lib/assistant-user';
import { AssistantPanel } from './assistant-panel';

const SETTINGS: AssistantSettings = {
  path: 'mysalt',
  name: 'MySALT AI',
  signInUrl: 'https://assistant.example/signin',
  signUpUrl: 'https://assistant.example/signup?lang=en',
  dashboardUrl: 'https://assistant.example/dashboard',
  origin: 'https://assistant.example',
};

let requests: Array<{ url: string; body: unknown }>;
let answers: Record<string, () => Promise<Response>>;
const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer = answers[url];
    if (!answer) throw new Error(`The test did not say how the server answers ${url}`);
    return answer();
  });
  resetPositionForTests();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const post = (data: unknown, origin: string) => act(() => window.dispatchEvent(new MessageEvent('message', { data, origin })));

describe('the assistant panel', () => {
  it('opens the sign-in page in a frame about 600 × 600, and Back returns to the choice', async () => {
    render(<AssistantPanel settings={SETTINGS} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to MySALT AI' });
    expect(within(dialog).getByTitle('MySALT AI sign-in page')).toHaveAttribute('src', 'https://assistant.example/signin');
    expect(dialog.className).toContain('max-w-[600px]');
    expect(dialog.className).toContain('h-[min(600px');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('reads the auth-success message only from the expected origin, then confirms it with auto-auth', async () => {
    answers['/api/mysalt/auto-auth'] = json(200, { success: true });
    render(<AssistantPanel settings={SETTINGS} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('dialog');

    await post({ type: 'auth_success', mysalt_user_id: 'ms-1', email: 'ada@example.com' }, 'https://evil.example');
    await post({ type: 'something_else', mysalt_user_id: 'ms-1', email: 'ada@example.com' }, 'https://assistant.example');
    expect(requests).toEqual([]);

    await post({ type: 'auth_success', mysalt_user_id: 'ms-1', email: 'ada@example.com' }, 'https://assistant.example');
    expect(await screen.findByText('Connected to MySALT AI as ada@example.com')).toBeInTheDocument();
    expect(requests).toEqual([{ url: '/api/mysalt/auto-auth', body: { mysalt_user_id: 'ms-1', email: 'ada@example.com' } }]);
    expect(JSON.parse(localStorage.getItem(ASSISTANT_USER_STORAGE_KEY) ?? 'null')).toMatchObject({ id: 'ms-1', aiName: 'Assistant', aiAvatar: '🤖' });
  });

  it("says 'Authentication setup failed' when auto-auth is refused", async () => {
    answers['/api/mysalt/auto-auth'] = json(401, { success: false, error: 'Authentication setup failed' });
    render(<AssistantPanel settings={SETTINGS} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('dialog');
    await post({ type: 'auth_success', mysalt_user_id: 'ms-1', email: 'ada@example.com' }, 'https://assistant.example');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication setup failed');
    expect(localStorage.getItem(ASSISTANT_USER_STORAGE_KEY)).toBeNull();
  });

  it('gets an invite code and appends it to the sign-up address', async () => {
    answers['/api/public/generate-invite'] = json(200, { success: true, invite_code: 'INV 1' });
    render(<AssistantPanel settings={SETTINGS} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up for MySALT AI' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Sign Up' }));
    expect(await within(dialog).findByTitle('MySALT AI sign-up page')).toHaveAttribute('src', 'https://assistant.example/signup?lang=en&invite=INV%201');
    expect(requests).toEqual([{ url: '/api/public/generate-invite', body: { name: 'Ada', email: 'ada@example.com' } }]);
  });

  it("says 'Failed to generate invite code' without a code, and '… Please try again.' when the call fails", async () => {
    answers['/api/public/generate-invite'] = json(200, { success: true });
    render(<AssistantPanel settings={SETTINGS} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Sign Up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to generate invite code$/);
    answers['/api/public/generate-invite'] = json(502, { success: false, error: 'nope' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Sign Up' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to generate invite code. Please try again.'));
  });
});

describe('the origin rule', () => {
  const message = { type: 'auth_success', mysalt_user_id: 'ms-1', email: 'a@b.example' };
  it('trusts the configured origin, or this app’s own when none is configured', () => {
    expect(trustedAuthSuccess({ origin: 'https://assistant.example', data: message }, 'https://assistant.example', 'http://localhost:3000')).toEqual({ mysalt_user_id: 'ms-1', email: 'a@b.example' });
    expect(trustedAuthSuccess({ origin: 'http://localhost:3000', data: message }, 'https://assistant.example', 'http://localhost:3000')).toBeNull();
    expect(trustedAuthSuccess({ origin: 'http://localhost:3000', data: message }, '', 'http://localhost:3000')).not.toBeNull();
    expect(trustedAuthSuccess({ origin: 'https://assistant.example.evil', data: message }, 'https://assistant.example', 'x')).toBeNull();
    expect(trustedAuthSuccess({ origin: 'https://assistant.example', data: 'auth_success' }, 'https://assistant.example', 'x')).toBeNull();
    expect(trustedAuthSuccess({ origin: 'https://assistant.example', data: { type: 'auth_success', email: 'a@b.example' } }, 'https://assistant.example', 'x')).toBeNull();
  });
});
