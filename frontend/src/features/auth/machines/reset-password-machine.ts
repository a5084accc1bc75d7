import { AUTH_MESSAGES, type ResetPasswordBody, type ValidateResetTokenBody } from '@hireloop/contracts';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldIssuesOf, type FieldIssue } from '../../../lib/forms';
import { RESET_FAILED, RESET_FAILED_TITLE, ResetFlowError, resetPassword } from '../api/reset-password';
import { INVALID_TOKEN_TITLE, validateResetToken } from '../api/validate-reset-token';
import type { ResetNotice } from '../lib/reset-password-form';

/** Spec part 2, §9: after a successful reset, go to /signin after 3 seconds. */
export const RESET_REDIRECT_DELAY_MS = 3000;

export interface ResetPasswordContext {
  /** The token being used: from the link, or as typed on step 1 (and kept there when refused). */
  token: string;
  /** A failure of the flow (a refused token, a failed reset), shown in the page's destructive alert. */
  notice: ResetNotice | null;
  /** The server's reasons about single fields (a 400's details), for the form to show at them. */
  fieldIssues: FieldIssue[];
}

export interface ResetPasswordInput {
  /** A token from the link (/reset-password/{token}): validated at once, skipping step 1. */
  token?: string | null;
}

/**
 * The forms own their fields and check them (react-hook-form with the contract's schemas, see
 * `lib/reset-password-form.ts`); the machine gets what they parsed with each submit.
 */
export type ResetPasswordEvent =
  /** Step 1's Verify Token, with the token parsed by `ValidateResetTokenBody`. */
  | { type: 'reset.submitToken'; values: ValidateResetTokenBody }
  /** Step 2's Reset Password, with the new password that passed the page's rules. */
  | { type: 'reset.submitPassword'; values: Pick<ResetPasswordBody, 'newPassword'> }
  /** The person typed again: the last failure no longer applies. */
  | { type: 'reset.edit' };

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
    validateResetToken: fromPromise<void, ValidateResetTokenBody>(({ input }) => validateResetToken(input)),
    resetPassword: fromPromise<void, ResetPasswordBody>(({ input }) => resetPassword(input)),
  },
  delays: {
    redirectDelay: RESET_REDIRECT_DELAY_MS,
  },
  guards: {
    hasToken: ({ context }) => context.token.trim() !== '',
  },
  actions: {
    clearNotice: assign({ notice: null, fieldIssues: [] }),
    /** The page's toast 'Password Reset Successful'. */
    announceSuccess: () => {},
    /** The page's navigation to /signin. */
    redirectToSignIn: () => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token?.trim() ?? '',
    notice: null,
    fieldIssues: [],
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'validating' }, { target: 'enterToken' }],
    },
    enterToken: {
      on: {
        'reset.edit': { actions: 'clearNotice' },
        'reset.submitToken': {
          target: 'validating',
          actions: ['clearNotice', assign({ token: ({ event }) => event.values.token })],
        },
      },
    },
    validating: {
      invoke: {
        src: 'validateResetToken',
        input: ({ context }) => ({ token: context.token.trim() }),
        onDone: { target: 'setPassword' },
        onError: {
          target: 'enterToken',
          actions: assign({
            notice: ({ event }) =>
              noticeOf(event.error, { title: INVALID_TOKEN_TITLE, description: AUTH_MESSAGES.resetTokenInvalid }),
            fieldIssues: ({ event }) => fieldIssuesOf(event.error),
          }),
        },
      },
    },
    setPassword: {
      on: {
        'reset.edit': { actions: 'clearNotice' },
        'reset.submitPassword': { target: 'submitting', actions: 'clearNotice' },
      },
    },
    submitting: {
      invoke: {
        src: 'resetPassword',
        // The new password travels in the event, never into the context: nothing keeps it afterwards.
        input: ({ context, event }) => {
          assertEvent(event, 'reset.submitPassword');
          return { token: context.token.trim(), newPassword: event.values.newPassword };
        },
        onDone: { target: 'complete' },
        onError: {
          target: 'setPassword',
          actions: assign({
            notice: ({ event }) => noticeOf(event.error, { title: RESET_FAILED_TITLE, description: RESET_FAILED }),
            fieldIssues: ({ event }) => fieldIssuesOf(event.error),
          }),
        },
      },
    },
    complete: {
      entry: [assign({ notice: null, fieldIssues: [] }), 'announceSuccess'],
      after: { redirectDelay: { target: 'redirected' } },
    },
    redirected: {
      type: 'final',
      entry: 'redirectToSignIn',
    },
  },
});
