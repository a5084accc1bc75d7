import type { AuthSuccess } from '@hireloop/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPositionForTests } from '../../../lib/api-client';
import { SignUpPanel } from './sign-up-panel';

interface Request {
  url: string;
  body: unknown;
}

let requests: Request[];
let answer: () => Response;

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session: AuthSuccess = {
  success: true,
  token: 'token-1',
  user: {
    id: 'u1',
    userId: 'u1',
    name: 'Grace Hopper',
    email: 'grace@example.com',
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
  answer = () => {
    throw new Error('The test did not say how the server answers');
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return answer();
  });
  resetPositionForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCandidateSignUp() {
  const onSignedUp = vi.fn();
  render(<SignUpPanel kind="candidate" onSignedUp={onSignedUp} />);
  return { onSignedUp, user: userEvent.setup({ delay: null }) };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(textbox('Full Name'), 'Grace Hopper');
  await user.type(textbox('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Password'), 'cobol-rules');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 2 of 2');
}

describe('the candidate sign-up wizard', () => {
  it('keeps Next disabled until step 1 is valid, and says what is wrong at a field once it is left', async () => {
    const { user } = renderCandidateSignUp();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.click(textbox('Full Name'));
    await user.tab();
    // react-hook-form validates asynchronously (the resolver may be async): wait for its verdict.
    await waitFor(() => expect(textbox('Full Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(textbox('Full Name')).toHaveAccessibleDescription('Name is required');

    await user.type(textbox('Full Name'), 'Grace Hopper');
    await waitFor(() => expect(textbox('Full Name')).not.toHaveAttribute('aria-invalid'));

    await user.type(textbox('Email'), 'grace@');
    await user.tab();
    await waitFor(() => expect(textbox('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(textbox('Email')).toHaveAccessibleDescription('Please enter a valid email address');

    const password = screen.getByLabelText('Password');
    expect(password).toHaveFocus();
    await user.keyboard('cobol');
    // The live hint says the rule while typing…
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.tab();
    // …and once the field is left, the field says it, once.
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(screen.getAllByText('Password must be at least 8 characters long')).toHaveLength(1);
    expect(next).toBeDisabled();

    await user.type(password, '-rules');
    await waitFor(() => expect(password).not.toHaveAttribute('aria-invalid'));
    expect(password).toHaveAccessibleDescription('Password strength: Good');
    expect(next).toBeDisabled();

    await user.type(textbox('Email'), 'example.com');
    await waitFor(() => expect(textbox('Email')).not.toHaveAttribute('aria-invalid'));
    expect(next).toBeEnabled();
    expect(requests).toEqual([]);
  });

  it('creates the account with the body the contract’s schema made of both steps', async () => {
    answer = json(201, session);
    const { onSignedUp, user } = renderCandidateSignUp();
    await fillStepOne(user);
    await user.type(textbox('Location'), ' Arlington, VA ');
    await user.type(textbox('Skills'), 'COBOL, , compilers ,');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(session));
    expect(requests).toEqual([
      {
        url: '/api/auth/candidate/signup',
        body: {
          name: 'Grace Hopper',
          email: 'grace@example.com',
          phone: '',
          password: 'cobol-rules',
          location: 'Arlington, VA',
          currentRole: '',
          skills: ['COBOL', 'compilers'],
        },
      },
    ]);
  });

  it('keeps what was typed in step 1 when the person goes back', async () => {
    const { user } = renderCandidateSignUp();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    expect(textbox('Full Name')).toHaveValue('Grace Hopper');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('says a step 2 field is too long at that field, with the focus on it, before sending anything', async () => {
    const { user } = renderCandidateSignUp();
    await fillStepOne(user);
    await user.click(textbox('Current Role'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(textbox('Current Role')).toHaveFocus());
    expect(textbox('Current Role')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Current Role')).toHaveAccessibleDescription(/200 characters/);
    expect(requests).toEqual([]);
  });

  it('puts a reason the server gives about a field on that field, and says it in the alert too', async () => {
    answer = json(400, {
      success: false,
      error: 'Location is not a place we know',
      details: [{ path: 'location', message: 'Location is not a place we know' }],
    });
    const { onSignedUp, user } = renderCandidateSignUp();
    await fillStepOne(user);
    await user.type(textbox('Location'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(textbox('Location')).toHaveAttribute('aria-invalid', 'true'));
    expect(textbox('Location')).toHaveAccessibleDescription('Location is not a place we know');
    expect(textbox('Location')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Location is not a place we know');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('says an existing account in the spec’s words, in the alert', async () => {
    answer = json(409, { success: false, error: 'Email already registered' });
    const { user } = renderCandidateSignUp();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('An account with this email already exists. Please sign in instead.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });
});

describe('the company sign-up wizard', () => {
  it('asks for the company’s step 1 fields and creates the company account', async () => {
    answer = json(201, { ...session, user: { ...session.user, type: 'company', role: 'company' } });
    const onSignedUp = vi.fn();
    render(<SignUpPanel kind="company" onSignedUp={onSignedUp} />);
    const user = userEvent.setup({ delay: null });
    await user.type(textbox('Company Name'), 'Compilers Inc');
    await user.type(textbox('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), '12345678');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(textbox('Contact Name'), 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Website' }), 'https://compilers.example');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(requests[0]).toEqual({
      url: '/api/auth/company/signup',
      body: {
        companyName: 'Compilers Inc',
        contactName: 'Grace Hopper',
        email: 'grace@example.com',
        phone: '',
        password: '12345678',
        website: 'https://compilers.example',
        location: '',
        industry: '',
      },
    });
  });
});

describe('location auto-detect (part 1 §4, §7, §8)', () => {
  let pending: Array<PositionCallback>;
  let geolocationCalls: number;

  const useGeolocation = (answer: 'wait' | { latitude: number; longitude: number } | 'refuse') => {
    pending = [];
    geolocationCalls = 0;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) => {
          geolocationCalls += 1;
          if (answer === 'wait') pending.push(success);
          else if (answer === 'refuse') failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
          else success({ coords: answer } as GeolocationPosition);
        },
      },
    });
  };

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('fills an empty Location from the browser position (the bundled gazetteer without a service), busy meanwhile', async () => {
    useGeolocation('wait');
    const { user } = renderCandidateSignUp();
    await fillStepOne(user);
    expect(textbox('Location')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Detecting your location...')).toBeInTheDocument();
    pending[0]!({ coords: { latitude: 37.7793, longitude: -122.4192 } } as GeolocationPosition);
    await waitFor(() => expect(textbox('Location')).toHaveValue('San Francisco, California'));
    expect(textbox('Location')).not.toHaveAttribute('aria-busy');
    expect(screen.queryByText('Detecting your location...')).not.toBeInTheDocument();
  });

  it('keeps what the person typed while it was detecting, and does not run again once the field is filled', async () => {
    useGeolocation('wait');
    const { user } = renderCandidateSignUp();
    await fillStepOne(user);
    await user.type(textbox('Location'), 'Remote');
    pending[0]!({ coords: { latitude: 37.7793, longitude: -122.4192 } } as GeolocationPosition);
    await waitFor(() => expect(textbox('Location')).not.toHaveAttribute('aria-busy'));
    expect(textbox('Location')).toHaveValue('Remote');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 2 of 2');
    expect(geolocationCalls).toBe(1);
  });

  it('only logs a refused permission: no alert, the field stays empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useGeolocation('refuse');
    const { user } = renderCandidateSignUp();
    await fillStepOne(user);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Location auto-detect: geolocation failed', 'User denied Geolocation'));
    expect(textbox('Location')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('detects in the company form too', async () => {
    useGeolocation({ latitude: 51.5, longitude: -0.12 });
    const user = userEvent.setup({ delay: null });
    render(<SignUpPanel kind="company" onSignedUp={vi.fn()} />);
    await user.type(textbox('Company Name'), 'Northwind');
    await user.type(textbox('Contact Name'), 'Maya Okafor');
    await user.type(textbox('Email'), 'maya@northwind.example');
    await user.type(screen.getByLabelText('Password'), 'northwind-secret');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(textbox('Location')).toHaveValue('London, England'));
  });
});
