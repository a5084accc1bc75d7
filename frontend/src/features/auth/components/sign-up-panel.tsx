import { MESSAGES, type AuthSuccess } from '@hireloop/contracts';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleAlertIcon } from 'lucide-react';
import { useEffect, type ComponentProps, type FormEvent } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  canLeaveStepOne,
  isPasswordLongEnough,
  signUpMachine,
  type CandidateSignUpValues,
  type CompanySignUpValues,
  type SignUpField,
  type SignUpKind,
} from '../machines/sign-up-machine';
import { FormField } from './form-field';

interface SignUpPanelProps {
  kind: SignUpKind;
  onSignedUp: (session: AuthSuccess) => void;
}

type InputProps = Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'inputMode' | 'placeholder'>;

interface FieldSpec<TValues> extends InputProps {
  field: keyof TValues & SignUpField;
  label: string;
  hint?: string;
}

const CANDIDATE_STEPS: [FieldSpec<CandidateSignUpValues>[], FieldSpec<CandidateSignUpValues>[]] = [
  [
    { field: 'name', label: 'Full Name', autoComplete: 'name' },
    { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ],
  [
    { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
    { field: 'location', label: 'Location', placeholder: 'City, Country' },
    { field: 'currentRole', label: 'Current Role', placeholder: 'e.g. Frontend Engineer' },
    {
      field: 'skills',
      label: 'Skills',
      placeholder: 'React, TypeScript, Node.js',
      hint: 'Separate skills with commas.',
    },
  ],
];

const COMPANY_STEPS: [FieldSpec<CompanySignUpValues>[], FieldSpec<CompanySignUpValues>[]] = [
  [
    { field: 'companyName', label: 'Company Name', autoComplete: 'organization' },
    { field: 'contactName', label: 'Contact Name', autoComplete: 'name' },
    { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ],
  [
    { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
    { field: 'website', label: 'Website', inputMode: 'url', autoComplete: 'url', placeholder: 'https://example.com' },
    { field: 'location', label: 'Location', placeholder: 'City, Country' },
    { field: 'industry', label: 'Industry', placeholder: 'e.g. Fintech' },
  ],
];

function passwordHint(password: string): string | undefined {
  if (!password) return undefined;
  return isPasswordLongEnough(password) ? 'Password strength: Good' : MESSAGES.passwordTooShort;
}

/** The For Candidates and For Companies tabs: a two-step sign-up wizard. */
export function SignUpPanel({ kind, onSignedUp }: SignUpPanelProps) {
  const actorRef = useActorRef(signUpMachine, { input: { kind } });
  const state = useSelector(actorRef, (snapshot) => snapshot);
  const { error } = state.context;

  useEffect(() => {
    // Subscribed (not derived in render) so the news arrives even if the dialog closes at once.
    const subscription = actorRef.subscribe({
      complete: () => {
        const session = actorRef.getSnapshot().output?.session;
        if (session) onSignedUp(session);
      },
    });
    return () => subscription.unsubscribe();
  }, [actorRef, onSignedUp]);

  const stepTwo = state.matches('stepTwo');
  const submitting = state.matches({ stepTwo: 'submitting' });

  const renderFields = <TValues extends CandidateSignUpValues | CompanySignUpValues>(
    specs: FieldSpec<TValues>[],
    values: TValues,
  ) =>
    specs.map(({ field, label, hint, ...inputProps }) => {
      const value = String(values[field]);
      return (
        <FormField
          key={field}
          label={label}
          value={value}
          onValueChange={(next) => actorRef.send({ type: 'signUp.change', field, value: next })}
          hint={field === 'password' ? passwordHint(value) : hint}
          disabled={submitting}
          {...inputProps}
        />
      );
    });

  const fields =
    kind === 'candidate'
      ? renderFields(CANDIDATE_STEPS[stepTwo ? 1 : 0], state.context.candidate)
      : renderFields(COMPANY_STEPS[stepTwo ? 1 : 0], state.context.company);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send(stepTwo ? { type: 'signUp.submit' } : { type: 'signUp.next' });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">
          {kind === 'candidate' ? 'Create your candidate account' : 'Create your company account'}
        </h3>
        <span className="text-xs font-medium whitespace-nowrap text-muted-foreground">
          {stepTwo ? 'Step 2 of 2' : 'Step 1 of 2'}
        </span>
      </div>
      {fields}
      {error ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {stepTwo ? (
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => actorRef.send({ type: 'signUp.back' })} disabled={submitting}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
          <Button type="submit" className="flex-1" disabled={submitting}>
            {submitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </div>
      ) : (
        <Button type="submit" disabled={!canLeaveStepOne(state.context)}>
          Next
        </Button>
      )}
    </form>
  );
}
