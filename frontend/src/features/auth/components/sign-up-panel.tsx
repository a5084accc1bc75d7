import {
  CandidateSignupBody,
  CompanySignupBody,
  type AuthSuccess,
} from '@hireloop/contracts';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleAlertIcon } from 'lucide-react';
import { useEffect, useMemo, type FormEvent } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { contractResolver, showFieldIssues } from '../../../lib/forms';
import { useLocationAutoDetect } from '../../../lib/location/use-location-auto-detect';
import { useEditsClearFailure } from '../hooks/use-edits-clear-failure';
import {
  CANDIDATE_STEP_ONE,
  CANDIDATE_STEPS,
  COMPANY_STEP_ONE,
  COMPANY_STEPS,
  emptyCandidateValues,
  emptyCompanyValues,
  passwordHint,
  type CandidateSignUpValues,
  type CompanySignUpValues,
  type SignUpSteps,
} from '../lib/sign-up-form';
import { signUpMachine, type SignUpKind } from '../machines/sign-up-machine';

interface SignUpPanelProps {
  kind: SignUpKind;
  onSignedUp: (session: AuthSuccess) => void;
}

type SignUpActor = ActorRefFrom<typeof signUpMachine>;

/** The For Candidates and For Companies tabs: a two-step sign-up wizard. */
export function SignUpPanel({ kind, onSignedUp }: SignUpPanelProps) {
  const actorRef = useActorRef(signUpMachine, { input: { kind } });

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

  return kind === 'candidate' ? <CandidateSignUp actorRef={actorRef} /> : <CompanySignUp actorRef={actorRef} />;
}

function CandidateSignUp({ actorRef }: { actorRef: SignUpActor }) {
  const form = useForm<CandidateSignUpValues, unknown, CandidateSignupBody>({
    resolver: contractResolver(CandidateSignupBody),
    defaultValues: emptyCandidateValues(),
    // Step 1's Next stays disabled until it is valid: each field says what is wrong once left.
    mode: 'onTouched',
  });
  return (
    <SignUpWizard
      actorRef={actorRef}
      form={form}
      heading="Create your candidate account"
      steps={CANDIDATE_STEPS}
      isStepOneValid={(values) => CANDIDATE_STEP_ONE.safeParse(values).success}
      onSubmit={(body) => actorRef.send({ type: 'signUp.submit', submission: { kind: 'candidate', body } })}
    />
  );
}

function CompanySignUp({ actorRef }: { actorRef: SignUpActor }) {
  const form = useForm<CompanySignUpValues, unknown, CompanySignupBody>({
    resolver: contractResolver(CompanySignupBody),
    defaultValues: emptyCompanyValues(),
    mode: 'onTouched',
  });
  return (
    <SignUpWizard
      actorRef={actorRef}
      form={form}
      heading="Create your company account"
      steps={COMPANY_STEPS}
      isStepOneValid={(values) => COMPANY_STEP_ONE.safeParse(values).success}
      onSubmit={(body) => actorRef.send({ type: 'signUp.submit', submission: { kind: 'company', body } })}
    />
  );
}

interface SignUpWizardProps<TValues extends Record<string, string>, TBody> {
  actorRef: SignUpActor;
  form: UseFormReturn<TValues, unknown, TBody>;
  heading: string;
  steps: SignUpSteps<TValues>;
  isStepOneValid: (values: unknown) => boolean;
  /** The body, parsed by the contract's schema, once both steps are valid. */
  onSubmit: (body: TBody) => void;
}

/**
 * Step 1 of 2, then step 2 of 2, in one form: the values of both steps stay in it while the
 * person goes back and forth, and the whole body is checked by the contract's schema on submit.
 */
function SignUpWizard<TValues extends Record<string, string>, TBody>({
  actorRef,
  form,
  heading,
  steps,
  isStepOneValid,
  onSubmit,
}: SignUpWizardProps<TValues, TBody>) {
  const { error, fieldIssues } = useSelector(actorRef, (snapshot) => snapshot.context);
  const stepTwo = useSelector(actorRef, (snapshot) => snapshot.matches('stepTwo'));
  const submitting = useSelector(actorRef, (snapshot) => snapshot.matches({ stepTwo: 'submitting' }));
  const values = useWatch({ control: form.control });
  const [stepOneFields, stepTwoFields] = useMemo(
    () => [steps[0].map(({ name }) => name), steps[1].map(({ name }) => name)] as const,
    [steps],
  );

  // Location auto-detect (part 1 §4, §7, §8; ADR 044): when step 2 shows an empty Location field.
  const locationField = stepTwoFields.find((name) => name === 'location');
  const { detecting } = useLocationAutoDetect({
    active: stepTwo && locationField !== undefined,
    isEmpty: () => !locationField || !String(form.getValues(locationField) ?? '').trim(),
    fill: (location) => {
      if (locationField) form.setValue(locationField, location as never, { shouldDirty: true, shouldValidate: true });
    },
  });

  useEditsClearFailure(form, error !== null, () => actorRef.send({ type: 'signUp.edit' }));
  const { setError } = form;
  useEffect(() => {
    // The reasons about fields on screen come first, so the focus goes to one of them.
    const fields = stepTwo ? [...stepTwoFields, ...stepOneFields] : stepOneFields;
    showFieldIssues(setError, fieldIssues, fields);
  }, [setError, fieldIssues, stepTwo, stepOneFields, stepTwoFields]);

  const next = async () => {
    if (await form.trigger(stepOneFields, { shouldFocus: true })) actorRef.send({ type: 'signUp.next' });
  };
  const submit = (event: FormEvent) => {
    if (stepTwo) return form.handleSubmit(onSubmit)(event);
    event.preventDefault();
    return next();
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{heading}</h3>
        <span className="text-xs font-medium whitespace-nowrap text-muted-foreground">
          {stepTwo ? 'Step 2 of 2' : 'Step 1 of 2'}
        </span>
      </div>
      {steps[stepTwo ? 1 : 0].map(({ name, label, hint, ...inputProps }) => (
        <FormField
          key={name}
          control={form.control}
          name={name}
          label={label}
          hint={
            name === 'password'
              ? ({ value, invalid }) => passwordHint(String(value), invalid)
              : name === 'location' && detecting
                ? 'Detecting your location...'
                : hint
          }
          liveHint={name === 'password' || name === 'location'}
        >
          {(field) => (
            <Input {...field} {...inputProps} disabled={submitting} aria-busy={name === 'location' && detecting ? true : undefined} />
          )}
        </FormField>
      ))}
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
        <Button type="submit" disabled={!isStepOneValid(values)}>
          Next
        </Button>
      )}
    </form>
  );
}
