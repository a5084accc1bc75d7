import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@hireloop/contracts';
import { assign, fromPromise, not, setup } from 'xstate';
import { RESET_FAILED, RESET_FAILED_TITLE, ResetFlowError, resetPassword } from '../api/reset-password';
import { INVALID_TOKEN_TITLE, validateResetToken } from '../api/validate-reset-token';

/** Spec part 2, §9: after a successful reset, go to /signin after 3 seconds. */
export const RESET_REDIRECT_DELAY_MS = 3000;

/** What went wrong, as shown in the page's destructive alert (spec part 2, §5 and §8). */
export interface ResetNotice {
  title: string | null;
  description: string;
}

export const NOTICES = {
  tokenRequired: { title: null, description: AUTH_MESSAGES.resetTokenRequired },
  fieldsRequired: { title: null, description: 'Please fill in all fields.' },
  passwordsDiffer: { title: "Passwords Don't Match", description: 'Please make sure both passwords are identical.' },
  passwordTooShort: {
    title: 'Password Too Short',
    description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  },
} as const satisfies Record<string, ResetNotice>;

export type PasswordField = 'newPassword' | 'confirmPassword';

export interface ResetPasswordContext {
  token: string;
  newPassword: string;
  confirmPassword: string;
  notice: ResetNotice | null;
}

export interface ResetPasswordInput {
  /** A token from the link (/reset-password/{token}): validated at once, skipping step 1. */
  token?: string | null;
}

export type ResetPasswordEvent =
  | { type: 'reset.changeToken'; value: string }
  | { type: 'reset.submitToken' }
  | { type: 'reset.changePassword'; field: PasswordField; value: string }
  | { type: 'reset.submitPassword' };

/** The failure's own title and words when it has them, else the step's defaults. */
function noticeOf(error: unknown, fallback: ResetNotice): ResetNotice {
  if (error instanceof ResetFlowError) return { title: error.title, description: error.message };
  return fallback;
}

/**
 * The reset-password page (spec part 2, "Reset password" and §4 "Reset flow"): enter token →
 * validating → set new password → submitting → complete, then `redirectToSignIn` after
 * {@link RESET_REDIRECT_DELAY_MS}. The page provides `redirectToSignIn` and `announceSuccess`.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    validateResetToken: fromPromise<void, { token: string }>(({ input }) => validateResetToken(input.token)),
    resetPassword: fromPromise<void, { token: string; newPassword: string }>(({ input }) => resetPassword(input)),
  },
  delays: {
    redirectDelay: RESET_REDIRECT_DELAY_MS,
  },
  guards: {
    hasToken: ({ context }) => context.token.trim() !== '',
    bothPasswordsFilled: ({ context }) => context.newPassword !== '' && context.confirmPassword !== '',
    passwordsMatch: ({ context }) => context.newPassword === context.confirmPassword,
    passwordLongEnough: ({ context }) => context.newPassword.length >= PASSWORD_MIN_LENGTH,
  },
  actions: {
    clearNotice: assign({ notice: null }),
    showNotice: assign((_, notice: ResetNotice) => ({ notice })),
    /** The page's toast 'Password Reset Successful'. */
    announceSuccess: () => {},
    /** The page's navigation to /signin. */
    redirectToSignIn: () => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token?.trim() ?? '',
    newPassword: '',
    confirmPassword: '',
    notice: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'validating' }, { target: 'enterToken' }],
    },
    enterToken: {
      on: {
        'reset.changeToken': { actions: [assign({ token: ({ event }) => event.value }), 'clearNotice'] },
        'reset.submitToken': [
          { guard: 'hasToken', target: 'validating', actions: 'clearNotice' },
          { actions: { type: 'showNotice', params: NOTICES.tokenRequired } },
        ],
      },
    },
    validating: {
      invoke: {
        src: 'validateResetToken',
        input: ({ context }) => ({ token: context.token.trim() }),
        onDone: { target: 'setPassword' },
        onError: {
          target: 'enterToken',
          actions: {
            type: 'showNotice',
            params: ({ event }) =>
              noticeOf(event.error, { title: INVALID_TOKEN_TITLE, description: AUTH_MESSAGES.resetTokenInvalid }),
          },
        },
      },
    },
    setPassword: {
      on: {
        'reset.changePassword': {
          actions: [assign(({ event }) => ({ [event.field]: event.value })), 'clearNotice'],
        },
        // The rules in the spec's order (part 2, §5), each with its own message.
        'reset.submitPassword': [
          { guard: not('bothPasswordsFilled'), actions: { type: 'showNotice', params: NOTICES.fieldsRequired } },
          { guard: not('passwordsMatch'), actions: { type: 'showNotice', params: NOTICES.passwordsDiffer } },
          { guard: not('passwordLongEnough'), actions: { type: 'showNotice', params: NOTICES.passwordTooShort } },
          { target: 'submitting', actions: 'clearNotice' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token.trim(), newPassword: context.newPassword }),
        onDone: { target: 'complete' },
        onError: {
          target: 'setPassword',
          actions: {
            type: 'showNotice',
            params: ({ event }) => noticeOf(event.error, { title: RESET_FAILED_TITLE, description: RESET_FAILED }),
          },
        },
      },
    },
    complete: {
      // The password is no longer needed on this page.
      entry: [assign({ newPassword: '', confirmPassword: '', notice: null }), 'announceSuccess'],
      after: { redirectDelay: { target: 'redirected' } },
    },
    redirected: {
      type: 'final',
      entry: 'redirectToSignIn',
    },
  },
});
