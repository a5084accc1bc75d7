import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { ResetPasswordPanel } from './reset-password-panel';

interface Request {
  url: string;
  body: unknown;
}

let requests: Request[];
let answers: Record<string, () => Response>;

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer = answers[url];
    if (!answer) throw new Error(`The test did not say how the server answers ${url}`);
    return answer();
  });
  // The router restores the scroll position on navigation, which jsdom does not implement.
  vi.stubGlobal('scrollTo', () => {});
  resetPositionForTests();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

/** The panel on a page of its own (its "Back to Sign In" is a router link). */
async function renderPanel(linkToken: string | null = null) {
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/reset-password',
    component: () => <ResetPasswordPanel linkToken={linkToken} onRedirectToSignIn={() => {}} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/reset-password'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Reset Password' });
  return userEvent.setup({ delay: null });
}

async function reachPasswordStep(user: ReturnType<typeof userEvent.setup>) {
  answers['/api/auth/validate-reset-token'] = json(200, { success: true, valid: true });
  await user.type(screen.getByRole('textbox', { name: 'Reset Token' }), 'reset-token-1');
  await user.click(screen.getByRole('button', { name: 'Verify Token' }));
  await screen.findByText('Step 2 of 3');
}

describe('the reset password page', () => {
  it('asks for the token at its field, in the spec’s words, and sends nothing', async () => {
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Verify Token' }));

    const token = screen.getByRole('textbox', { name: 'Reset Token' });
    await waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(token).toHaveAccessibleDescription('Please enter your reset token.');
    expect(token).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('asks for both passwords at each empty field, the focus on the first', async () => {
    const user = await renderPanel();
    await reachPasswordStep(user);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const newPassword = screen.getByLabelText('New Password');
    const confirmPassword = screen.getByLabelText('Confirm Password');
    await waitFor(() => expect(newPassword).toHaveFocus());
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    // The error comes first, then the field's standing hint.
    expect(newPassword).toHaveAccessibleDescription('Please fill in all fields. At least 8 characters.');
    expect(confirmPassword).toHaveAccessibleDescription('Please fill in all fields.');
    expect(requests.map(({ url }) => url)).toEqual(['/api/auth/validate-reset-token']);
  });

  it('says passwords that differ at the confirmation, with the spec’s title in the alert', async () => {
    const user = await renderPanel();
    await reachPasswordStep(user);
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const confirmPassword = screen.getByLabelText('Confirm Password');
    await waitFor(() => expect(confirmPassword).toHaveFocus());
    expect(confirmPassword).toHaveAccessibleDescription('Please make sure both passwords are identical.');
    expect(screen.getByLabelText('New Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords Don't Match");

    // Put right, the message and the alert go.
    await user.clear(confirmPassword);
    await user.type(confirmPassword, 'new-password-1');
    await waitFor(() => expect(confirmPassword).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a short password at the new password, in the page’s words', async () => {
    const user = await renderPanel();
    await reachPasswordStep(user);
    await user.type(screen.getByLabelText('New Password'), 'short12');
    await user.type(screen.getByLabelText('Confirm Password'), 'short12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const newPassword = screen.getByLabelText('New Password');
    await waitFor(() => expect(newPassword).toHaveFocus());
    expect(newPassword).toHaveAccessibleDescription('Password must be at least 8 characters long. At least 8 characters.');
    expect(screen.getByRole('alert')).toHaveTextContent('Password Too Short');
  });

  it('puts a reason the server gives about the new password on that field', async () => {
    const user = await renderPanel();
    await reachPasswordStep(user);
    answers['/api/auth/reset-password'] = json(400, {
      success: false,
      error: 'Password is on a list of leaked passwords',
      details: [{ path: 'newPassword', message: 'Password is on a list of leaked passwords' }],
    });
    await user.type(screen.getByLabelText('New Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const newPassword = screen.getByLabelText('New Password');
    await waitFor(() => expect(newPassword).toHaveAttribute('aria-invalid', 'true'));
    expect(newPassword).toHaveFocus();
    expect(newPassword).toHaveAccessibleDescription(/^Password is on a list of leaked passwords/);
    expect(screen.getByRole('alert')).toHaveTextContent('Reset Failed');
    expect(requests.at(-1)).toEqual({
      url: '/api/auth/reset-password',
      body: { token: 'reset-token-1', newPassword: 'password123' },
    });
  });

  it('a refused token from the link comes back to step 1, prefilled, with the reason', async () => {
    answers['/api/auth/validate-reset-token'] = json(400, { success: false, error: 'The reset token is invalid or expired.' });
    await renderPanel('old-token');
    expect(await screen.findByText('The reset token is invalid or expired.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reset Token' })).toHaveValue('old-token');
  });
});
