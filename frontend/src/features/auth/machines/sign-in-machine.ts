import type { AuthSuccess, LoginBody } from '@hireloop/contracts';
import { assign, fromPromise, setup } from 'xstate';
import {
  RESET_EMAIL_FAILED,
  RESET_EMAIL_REQUIRED,
  RESET_EMAIL_SENT,
  requestPasswordReset,
} from '../api/forgot-password';
import { login } from '../api/login';

export const MISSING_CREDENTIALS = 'Please enter your email and password.';

export interface SignInContext {
  email: string;
  password: string;
  /** Shown in a destructive alert. */
  error: string | null;
  /** Shown as a confirmation (forgot-password sent). */
  notice: string | null;
  /** The signed-in user and token, once the server said yes. */
  session: AuthSuccess | null;
}

export type SignInEvent =
  | { type: 'signIn.chooseEmail' }
  | { type: 'signIn.forgotPassword' }
  | { type: 'signIn.back' }
  | { type: 'signIn.change'; field: 'email' | 'password'; value: string }
  /** The sign-in form's submit: signs in, and never does anything else. */
  | { type: 'signIn.submit' }
  /** The forgot-password form's Send Reset Link: the only event that mails a reset link. */
  | { type: 'signIn.sendResetLink' };

const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The Sign In tab (spec part 1, §2): a choice screen, then the email form, then the
 * forgot-password form; Back returns one step. Ends in `signedIn` with the session.
 *
 * Each form has its own submit event. A reset mail costs the person one of their few reset
 * requests, so it goes out only on `signIn.sendResetLink`: a sign-in submit that arrives after
 * the view changed (the click on "Forgot password?" used to turn into one) does nothing.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as { session: AuthSuccess | null },
  },
  actors: {
    login: fromPromise<AuthSuccess, LoginBody>(({ input }) => login(input)),
    requestPasswordReset: fromPromise<void, { email: string }>(({ input }) => requestPasswordReset(input.email)),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim() !== '',
    hasCredentials: ({ context }) => context.email.trim() !== '' && context.password !== '',
  },
  actions: {
    clearMessages: assign({ error: null, notice: null }),
    assignField: assign(({ context, event }) => {
      if (event.type !== 'signIn.change') return {};
      return { ...context, [event.field]: event.value, error: null };
    }),
  },
}).createMachine({
  id: 'signIn',
  initial: 'choice',
  context: { email: '', password: '', error: null, notice: null, session: null },
  states: {
    choice: {
      on: { 'signIn.chooseEmail': { target: 'email', actions: 'clearMessages' } },
    },
    email: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'signIn.change': { actions: 'assignField' },
            'signIn.back': { target: '#signIn.choice', actions: 'clearMessages' },
            'signIn.forgotPassword': { target: '#signIn.forgot', actions: 'clearMessages' },
            'signIn.submit': [
              { guard: 'hasCredentials', target: 'submitting', actions: 'clearMessages' },
              { actions: assign({ error: MISSING_CREDENTIALS }) },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'login',
            input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
            onDone: { target: '#signIn.signedIn', actions: assign({ session: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => messageOf(event.error, 'Sign in failed. Please try again.') }),
            },
          },
        },
      },
    },
    forgot: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'signIn.change': { actions: 'assignField' },
            'signIn.back': { target: '#signIn.email', actions: 'clearMessages' },
            'signIn.sendResetLink': [
              { guard: 'hasEmail', target: 'sending', actions: 'clearMessages' },
              { actions: assign({ error: RESET_EMAIL_REQUIRED, notice: null }) },
            ],
          },
        },
        sending: {
          invoke: {
            src: 'requestPasswordReset',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { target: 'editing', actions: assign({ notice: RESET_EMAIL_SENT }) },
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => messageOf(event.error, RESET_EMAIL_FAILED) }),
            },
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ session: context.session }),
});
