import type { AuthSuccess } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { SignInPanel } from './sign-in-panel';

interface Request {
  url: string;
  body: unknown;
}

let requests: Request[];
/** How the server answers each path (the providers list always says LinkedIn is there). */
let answers: Record<string, () => Response>;

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session: AuthSuccess = {
  success: true,
  token: 'token-1',
  user: {
    id: 'u1',
    userId: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    type: 'candidate',
    role: 'candidate',
    isAdmin: false,
    companyId: null,
    companyName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};

beforeEach(() => {
  requests = [];
  answers = { '/api/auth/providers': json(200, { linkedin: true }) };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url !== '/api/auth/providers') {
      requests.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    }
    const answer = answers[url];
    if (!answer) throw new Error(`The test did not say how the server answers ${url}`);
    return answer();
  });
  resetPositionForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openEmailForm() {
  const onSignedIn = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInPanel onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Continue with Email' }));
  return { onSignedIn, user };
}

/** The text of the element that `aria-describedby` of `field` points to first: its error, if any. */
const describedFirstBy = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

describe('the sign-in form', () => {
  it('says what is missing at each field, tied to it, puts the focus on the first, and sends nothing', async () => {
    const { user } = await openEmailForm();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(describedFirstBy(email)).toBe('Email is required');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(requests).toEqual([]);
  });

  it('checks the email with the contract’s rule, and clears the message once it is right', async () => {
    const { user } = await openEmailForm();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');

    await user.type(email, '.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(email).not.toHaveAccessibleDescription();
    expect(requests).toEqual([]);
  });

  it('signs in with the parsed values and reports the session', async () => {
    answers['/api/auth/login'] = json(200, session);
    const { onSignedIn, user } = await openEmailForm();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(requests).toEqual([{ url: '/api/auth/login', body: { email: 'ada@example.com', password: 'correct horse' } }]);
  });

  it('shows a refused sign-in in the alert, not at a field', async () => {
    answers['/api/auth/login'] = json(401, { success: false, error: 'Invalid email or password. Please try again.' });
    const { user } = await openEmailForm();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');

    // Typing again means the person is fixing it: the alert goes.
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByText('Invalid email or password. Please try again.')).not.toBeInTheDocument();
  });

  it('puts a reason the server gives about a field on that field, and focuses it', async () => {
    answers['/api/auth/login'] = json(400, {
      success: false,
      error: 'Email is too long',
      details: [{ path: 'email', message: 'Email is too long' }],
    });
    const { user } = await openEmailForm();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email is too long');
    expect(email).toHaveFocus();
  });

  it('takes the typed email to the forgot-password form, which asks for one in the spec’s words', async () => {
    answers['/api/auth/forgot-password'] = json(200, { success: true, message: 'Password reset instructions sent to your email' });
    const { user } = await openEmailForm();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(email).toHaveValue('ada@example.com');
    expect(requests).toEqual([]);

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter your email address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(requests).toEqual([]);

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset instructions sent to your email')).toBeInTheDocument();
    expect(requests).toEqual([{ url: '/api/auth/forgot-password', body: { email: 'ada@example.com' } }]);
  });
});
