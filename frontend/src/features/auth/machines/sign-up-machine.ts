import type { AuthSuccess, CandidateSignupBody, CompanySignupBody } from '@hireloop/contracts';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldIssuesOf, type FieldIssue } from '../../../lib/forms';
import { CANDIDATE_SIGNUP_FAILED, COMPANY_SIGNUP_FAILED, signUpCandidate, signUpCompany } from '../api/sign-up';

export type SignUpKind = 'candidate' | 'company';

/** A new account's body, as the form parsed it with the contract's schema for its kind. */
export type SignUpSubmission =
  | { kind: 'candidate'; body: CandidateSignupBody }
  | { kind: 'company'; body: CompanySignupBody };

export interface SignUpContext {
  kind: SignUpKind;
  /** Shown in the dialog's destructive alert (spec part 1, §2). */
  error: string | null;
  /** The server's reasons about single fields (a 400's details), for the form to show at them. */
  fieldIssues: FieldIssue[];
  /** The new user and token, once the account exists. */
  session: AuthSuccess | null;
}

/**
 * The form owns the fields and checks them with the contract's schema (react-hook-form): it
 * sends `signUp.next` once step 1 is valid, and the parsed body with `signUp.submit`.
 */
export type SignUpEvent =
  | { type: 'signUp.next' }
  | { type: 'signUp.back' }
  /** The person typed again: the last failure no longer applies. */
  | { type: 'signUp.edit' }
  | { type: 'signUp.submit'; submission: SignUpSubmission };

/**
 * The sign-up wizards of the For Candidates and For Companies tabs (spec part 1, §2):
 * step 1 of 2 (who you are, a password), step 2 of 2 (details), then the account is created.
 */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as { kind: SignUpKind },
    output: {} as { session: AuthSuccess | null; kind: SignUpKind },
  },
  actors: {
    submitSignUp: fromPromise<AuthSuccess, SignUpSubmission>(({ input }) =>
      input.kind === 'candidate' ? signUpCandidate(input.body) : signUpCompany(input.body),
    ),
  },
  actions: {
    clearError: assign({ error: null, fieldIssues: [] }),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({ kind: input.kind, error: null, fieldIssues: [], session: null }),
  initial: 'stepOne',
  on: {
    'signUp.edit': { actions: assign({ error: null }) },
  },
  states: {
    stepOne: {
      on: {
        'signUp.next': { target: 'stepTwo', actions: 'clearError' },
      },
    },
    stepTwo: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'signUp.back': { target: '#signUp.stepOne', actions: 'clearError' },
            'signUp.submit': { target: 'submitting', actions: 'clearError' },
          },
        },
        submitting: {
          invoke: {
            src: 'submitSignUp',
            input: ({ event }) => {
              assertEvent(event, 'signUp.submit');
              return event.submission;
            },
            onDone: { target: '#signUp.signedUp', actions: assign({ session: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: assign({
                error: ({ event, context }) =>
                  event.error instanceof Error && event.error.message
                    ? event.error.message
                    : context.kind === 'company'
                      ? COMPANY_SIGNUP_FAILED
                      : CANDIDATE_SIGNUP_FAILED,
                fieldIssues: ({ event }) => fieldIssuesOf(event.error),
              }),
            },
          },
        },
      },
    },
    signedUp: { type: 'final' },
  },
  output: ({ context }) => ({ session: context.session, kind: context.kind }),
});
