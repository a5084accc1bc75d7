import {
  PASSWORD_MIN_LENGTH,
  type AuthSuccess,
  type CandidateSignupBody,
  type CompanySignupBody,
} from '@hireloop/contracts';
import { assign, fromPromise, setup } from 'xstate';
import { CANDIDATE_SIGNUP_FAILED, COMPANY_SIGNUP_FAILED, signUpCandidate, signUpCompany } from '../api/sign-up';

export interface CandidateSignUpValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  location: string;
  currentRole: string;
  /** Comma-separated. */
  skills: string;
}

export interface CompanySignUpValues {
  companyName: string;
  contactName: string;
  email: string;
  password: string;
  phone: string;
  website: string;
  location: string;
  industry: string;
}

export type SignUpValues = CandidateSignUpValues | CompanySignUpValues;
export type SignUpField = keyof CandidateSignUpValues | keyof CompanySignUpValues;

export type SignUpKind = 'candidate' | 'company';

export interface SignUpContext {
  kind: SignUpKind;
  candidate: CandidateSignUpValues;
  company: CompanySignUpValues;
  error: string | null;
  /** The new user and token, once the account exists. */
  session: AuthSuccess | null;
}

export type SignUpEvent =
  | { type: 'signUp.change'; field: SignUpField; value: string }
  | { type: 'signUp.next' }
  | { type: 'signUp.back' }
  | { type: 'signUp.submit' };

export type SignUpSubmission =
  { kind: 'candidate'; values: CandidateSignUpValues } | { kind: 'company'; values: CompanySignUpValues };

export const emptyCandidateValues = (): CandidateSignUpValues => ({
  name: '',
  email: '',
  password: '',
  phone: '',
  location: '',
  currentRole: '',
  skills: '',
});

export const emptyCompanyValues = (): CompanySignUpValues => ({
  companyName: '',
  contactName: '',
  email: '',
  password: '',
  phone: '',
  website: '',
  location: '',
  industry: '',
});

/** Step 1 needs these filled (spec part 1, §5). */
export const STEP_ONE_FIELDS = {
  candidate: ['name', 'email', 'password'],
  company: ['companyName', 'contactName', 'email', 'password'],
} as const satisfies {
  candidate: readonly (keyof CandidateSignUpValues)[];
  company: readonly (keyof CompanySignUpValues)[];
};

export function isPasswordLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** The Next button's rule: step 1's fields filled and a password of 8 or more characters. */
export function canLeaveStepOne(context: Pick<SignUpContext, 'kind' | 'candidate' | 'company'>): boolean {
  if (context.kind === 'candidate') {
    const values = context.candidate;
    return (
      STEP_ONE_FIELDS.candidate.every((field) => values[field].trim() !== '') && isPasswordLongEnough(values.password)
    );
  }
  const values = context.company;
  return STEP_ONE_FIELDS.company.every((field) => values[field].trim() !== '') && isPasswordLongEnough(values.password);
}

const splitSkills = (skills: string): string[] =>
  skills
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);

export const toCandidateSignupBody = (values: CandidateSignUpValues): CandidateSignupBody => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  password: values.password,
  location: values.location.trim(),
  currentRole: values.currentRole.trim(),
  skills: splitSkills(values.skills),
});

export const toCompanySignupBody = (values: CompanySignUpValues): CompanySignupBody => ({
  companyName: values.companyName.trim(),
  contactName: values.contactName.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  password: values.password,
  website: values.website.trim(),
  location: values.location.trim(),
  industry: values.industry.trim(),
});

function isCandidateField(field: SignUpField): field is keyof CandidateSignUpValues {
  return field in emptyCandidateValues();
}

function isCompanyField(field: SignUpField): field is keyof CompanySignUpValues {
  return field in emptyCompanyValues();
}

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
      input.kind === 'candidate'
        ? signUpCandidate(toCandidateSignupBody(input.values))
        : signUpCompany(toCompanySignupBody(input.values)),
    ),
  },
  guards: {
    canLeaveStepOne: ({ context }) => canLeaveStepOne(context),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'signUp.change') return {};
      const { field, value } = event;
      if (context.kind === 'candidate' && isCandidateField(field)) {
        return { candidate: { ...context.candidate, [field]: value }, error: null };
      }
      if (context.kind === 'company' && isCompanyField(field)) {
        return { company: { ...context.company, [field]: value }, error: null };
      }
      return {};
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    kind: input.kind,
    candidate: emptyCandidateValues(),
    company: emptyCompanyValues(),
    error: null,
    session: null,
  }),
  initial: 'stepOne',
  on: {
    'signUp.change': { actions: 'assignField' },
  },
  states: {
    stepOne: {
      on: {
        'signUp.next': { guard: 'canLeaveStepOne', target: 'stepTwo', actions: 'clearError' },
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
            input: ({ context }): SignUpSubmission =>
              context.kind === 'candidate'
                ? { kind: 'candidate', values: context.candidate }
                : { kind: 'company', values: context.company },
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
