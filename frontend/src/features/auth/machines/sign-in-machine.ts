import type { AuthSuccess, ForgotPasswordBody, LoginBody } from '@hireloop/contracts';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldIssuesOf, type FieldIssue } from '../../../lib/forms';
import { RESET_EMAIL_FAILED, RESET_EMAIL_SENT, requestPasswordReset } from '../api/forgot-password';
import { login } from '../api/login';

export interface SignInContext {
  /** The email typed last: the sign-in and forgot-password forms each start from it. */
  email: string;
  /** Shown in a destructive alert. */
  error: string | null;
  /** The server's reasons about single fields (a 400's details), for the form to show at them. */
  fieldIssues: FieldIssue[];
  /** Shown as a confirmation (forgot-password sent). */
  notice: string | null;
  /** The signed-in user and token, once the server said yes. */
  session: AuthSuccess | null;
}

/**
 * The forms own their fields and check them with the contracts' schemas (react-hook-form); the
 * machine gets what they parsed with each submit, and the email whenever the view changes.
 */
export type SignInEvent =
  | { type: 'signIn.chooseEmail' }
  | { type: 'signIn.forgotPassword'; email: string }
  | { type: 'signIn.back'; email?: string }
  /** The person typed again: the last failure no longer applies. */
  | { type: 'signIn.edit' }
  /** The sign-in form's submit, with its values parsed by `LoginBody`: signs in, and never does anything else. */
  | { type: 'signIn.submit'; values: LoginBody }
  /** The forgot-password form's Send Reset Link (values parsed by `ForgotPasswordBody`): the only event that mails a reset link. */
  | { type: 'signIn.sendResetLink'; values: ForgotPasswordBody };

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
    requestPasswordReset: fromPromise<string, ForgotPasswordBody>(({ input }) => requestPasswordReset(input)),
  },
  actions: {
    clearMessages: assign({ error: null, notice: null, fieldIssues: [] }),
    clearError: assign({ error: null }),
    keepEmail: assign(({ event }) => {
      if (event.type === 'signIn.forgotPassword' || event.type === 'signIn.back') {
        return event.email === undefined ? {} : { email: event.email };
      }
      if (event.type === 'signIn.submit' || event.type === 'signIn.sendResetLink') return { email: event.values.email };
      return {};
    }),
  },
}).createMachine({
  id: 'signIn',
  initial: 'choice',
  context: { email: '', error: null, fieldIssues: [], notice: null, session: null },
  states: {
    choice: {
      on: { 'signIn.chooseEmail': { target: 'email', actions: 'clearMessages' } },
    },
    email: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'signIn.edit': { actions: 'clearError' },
            'signIn.back': { target: '#signIn.choice', actions: ['keepEmail', 'clearMessages'] },
            'signIn.forgotPassword': { target: '#signIn.forgot', actions: ['keepEmail', 'clearMessages'] },
            'signIn.submit': { target: 'submitting', actions: ['keepEmail', 'clearMessages'] },
          },
        },
        submitting: {
          invoke: {
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'signIn.submit');
              return event.values;
            },
            onDone: { target: '#signIn.signedIn', actions: assign({ session: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: assign({
                error: ({ event }) => messageOf(event.error, 'Sign in failed. Please try again.'),
                fieldIssues: ({ event }) => fieldIssuesOf(event.error),
              }),
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
            'signIn.edit': { actions: 'clearError' },
            'signIn.back': { target: '#signIn.email', actions: ['keepEmail', 'clearMessages'] },
            'signIn.sendResetLink': { target: 'sending', actions: ['keepEmail', 'clearMessages'] },
          },
        },
        sending: {
          invoke: {
            src: 'requestPasswordReset',
            input: ({ event }) => {
              assertEvent(event, 'signIn.sendResetLink');
              return event.values;
            },
            onDone: { target: 'editing', actions: assign({ notice: ({ event }) => event.output || RESET_EMAIL_SENT }) },
            onError: {
              target: 'editing',
              actions: assign({
                error: ({ event }) => messageOf(event.error, RESET_EMAIL_FAILED),
                fieldIssues: ({ event }) => fieldIssuesOf(event.error),
              }),
            },
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ session: context.session }),
});
