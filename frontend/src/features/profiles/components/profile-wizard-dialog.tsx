import {
  PARSE_RESUME_KINDS,
  ProfileFormBody,
  resumeFileAccept,
  type CandidateProfile,
  type ProfileFormData,
  type ProfileSaved,
} from '@hireloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeftIcon, CircleCheckIcon, FileUpIcon, LoaderCircleIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { contractResolver, showFieldIssues } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { saveProfileAndRemember, type SaveProfileInput } from '../api/save-profile';
import { clearProfileDraft, readProfileDraft, writeProfileDraft } from '../lib/profile-draft';
import { addSkill, PROFILE_FORM_FIELDS, type ProfileFormValues } from '../lib/profile-form';
import {
  profileWizardMachine,
  WIZARD_STEP_COUNT,
  wizardProgress,
  wizardStep,
  type WizardStep,
} from '../machines/profile-wizard-machine';
import { ImageInput } from './image-input';
import { SkillsInput } from './skills-input';

export interface ProfileWizardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in candidate (whose cached profile the save updates). */
  userId: string;
  /** Edit mode: opens at the confirm step with this profile's values. Create mode without. */
  profile?: CandidateProfile | null;
  /** Called 1 second after the profile is saved (spec part 2, "Profile wizard"). */
  onComplete?: () => void;
  /** Where the focus goes when the dialog closes (Radix's `onCloseAutoFocus`). */
  onCloseAutoFocus?: (event: Event) => void;
}

type WizardActor = ActorRefFrom<typeof profileWizardMachine>;

const STEP_NAMES: Record<WizardStep, string> = {
  1: 'Upload your resume',
  2: 'Read your resume',
  3: 'Confirm your details',
  4: 'All done',
};

/**
 * `accept` of the resume input: exactly what `POST /api/parse-resume` reads (spec part 2 §5's
 * .pdf, .doc and .docx; ADR 048).
 */
const RESUME_ACCEPT = resumeFileAccept(PARSE_RESUME_KINDS);

/**
 * The profile wizard (spec part 2, "Profile wizard"), create and edit: upload a resume, let it be
 * read, confirm the profile form, done. Closing it starts it again in create mode.
 */
export function ProfileWizardDialog({
  open,
  onOpenChange,
  userId,
  profile = null,
  onComplete,
  onCloseAutoFocus,
}: ProfileWizardDialogProps) {
  const queryClient = useQueryClient();
  const completed = useRef(onComplete);
  useEffect(() => {
    completed.current = onComplete;
  }, [onComplete]);

  // Provided once: the save also updates the cache (the dashboard shows the new profile at once).
  // The ref is read when the callback runs (after render), so the latest one is called.
  // eslint-disable-next-line react-hooks/refs
  const [machine] = useState(() =>
    profileWizardMachine.provide({
      actors: {
        saveProfile: fromPromise<ProfileSaved, SaveProfileInput>(async ({ input }) => {
          const saved = await saveProfileAndRemember(queryClient, userId, input);
          clearProfileDraft(userId);
          return saved;
        }),
      },
      actions: { completed: () => completed.current?.() },
    }),
  );
  // A draft kept in this tab (ADR 110): a reload in the middle of creating the profile comes back to it.
  const [draft] = useState(() => (open && !profile ? readProfileDraft(userId) : null));
  const actorRef = useActorRef(machine, { input: { profile: open ? profile : null, draft } });
  const step = useSelector(actorRef, wizardStep);
  const mode = useSelector(actorRef, (snapshot) => snapshot.context.mode);

  // Opening in edit mode starts at confirm with the current values (the first opening got them as input).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && profile) actorRef.send({ type: 'wizard.edit', profile });
    wasOpen.current = open;
  }, [open, profile, actorRef]);

  const changeOpen = (next: boolean) => {
    if (!next) {
      // Closed on purpose: the draft is given up with the wizard (it starts again at step 1).
      clearProfileDraft(userId);
      actorRef.send({ type: 'wizard.close' });
    }
    onOpenChange(next);
  };

  // Each new step's heading takes the focus, so keyboard and screen reader users start there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // Closing goes back to step 1 too: the focus then goes back to the page, not to the heading.
    if (open) headingRef.current?.focus();
  }, [step, open]);

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{mode === 'edit' ? 'Edit Your Profile' : 'Create Your Profile'}</DialogTitle>
          <DialogDescription>
            Step {step} of {WIZARD_STEP_COUNT}: {STEP_NAMES[step]}
          </DialogDescription>
        </DialogHeader>
        <WizardProgress step={step} />
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
          {STEP_NAMES[step]}
        </h3>
        {step === 1 ? (
          <UploadStep actorRef={actorRef} />
        ) : step === 2 ? (
          <ParseStep actorRef={actorRef} />
        ) : step === 3 ? (
          <ConfirmStep actorRef={actorRef} userId={userId} />
        ) : (
          <CompleteStep actorRef={actorRef} onDone={() => changeOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WizardProgress({ step }: { step: WizardStep }) {
  const percent = wizardProgress(step);
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between text-xs font-medium text-muted-foreground" aria-hidden="true">
        <span>
          Step {step} of {WIZARD_STEP_COUNT}
        </span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Profile wizard progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${step} of ${WIZARD_STEP_COUNT}, ${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Step 1: a resume file, chosen or dropped; or Skip and Fill Manually. */
function UploadStep({ actorRef }: { actorRef: WizardActor }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);
  const select = (file: File | undefined) => {
    if (file) actorRef.send({ type: 'wizard.selectFile', file });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    select(event.dataTransfer.files[0]);
  };

  return (
    <>
      <p className="text-sm text-muted-foreground">
        We read your resume and fill in your profile for you. Every detail stays yours to change.
      </p>
      <div
        className={cn(
          'grid justify-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-input',
        )}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="resume-drop-zone"
      >
        <FileUpIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <input
          id={inputId}
          type="file"
          accept={RESUME_ACCEPT}
          aria-describedby={hintId}
          className="peer sr-only"
          onChange={(event) => {
            const input = event.currentTarget;
            select(input.files?.[0]);
            input.value = '';
          }}
        />
        <Label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 hover:bg-primary/90"
        >
          Upload Resume
        </Label>
        <p id={hintId} className="text-xs text-muted-foreground">
          PDF or Word (.pdf, .docx). You can also drop the file here.
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={() => actorRef.send({ type: 'wizard.skip' })}>
          Skip and Fill Manually
        </Button>
      </DialogFooter>
    </>
  );
}

/** Step 2: progress while the resume is read; on failure, why, with Try Again, Back and Skip. */
function ParseStep({ actorRef }: { actorRef: WizardActor }) {
  const parsing = useSelector(actorRef, (snapshot) => snapshot.matches({ parse: 'parsing' }));
  const { file, parseError } = useSelector(actorRef, (snapshot) => snapshot.context);

  return (
    <>
      {parsing ? (
        <div className="grid gap-3" role="status">
          <p className="flex items-center gap-2 text-sm">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin text-primary" />
            Parsing {file?.name ?? 'your resume'}... This takes a few seconds.
          </p>
          <div
            role="progressbar"
            aria-label="Parsing resume"
            aria-busy="true"
            className="relative h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="absolute inset-y-0 w-1/3 animate-pulse rounded-full bg-primary" />
          </div>
        </div>
      ) : (
        <Alert variant="destructive">
          <AlertTitle>Resume Parsing Failed</AlertTitle>
          <AlertDescription>
            <p>{parseError}</p>
            <p>Try again, choose another file, or fill in your profile yourself.</p>
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={() => actorRef.send({ type: 'wizard.back' })}>
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        {parsing ? null : (
          <Button variant="outline" onClick={() => actorRef.send({ type: 'wizard.retry' })}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
        )}
        <Button variant={parsing ? 'outline' : 'default'} onClick={() => actorRef.send({ type: 'wizard.skip' })}>
          Skip and Fill Manually
        </Button>
      </DialogFooter>
    </>
  );
}

/** Step 3: the profile form of spec part 2, §5, prefilled; checked with the contract's schema. */
function ConfirmStep({ actorRef, userId }: { actorRef: WizardActor; userId: string }) {
  const { values, fieldIssues, mode, revision, fromDraft } = useSelector(actorRef, (snapshot) => snapshot.context);
  const saving = useSelector(actorRef, (snapshot) => snapshot.matches({ confirm: 'saving' }));
  // Creating: what the form holds is kept in this tab as it changes, so a reload does not lose it (ADR 110).
  const keepDraft = mode === 'create' ? (next: ProfileFormValues) => writeProfileDraft(userId, next) : undefined;
  // A new prefill (a parsed resume, another profile) starts the form again from it.
  return (
    <>
      {fromDraft && revision === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          We kept what you had entered before the page reloaded.
        </p>
      ) : null}
      <ProfileForm
        key={revision}
        actorRef={actorRef}
        values={values}
        fieldIssues={fieldIssues}
        mode={mode}
        saving={saving}
        onValuesChange={keepDraft}
      />
    </>
  );
}

function ProfileForm({
  actorRef,
  values,
  fieldIssues,
  mode,
  saving,
  onValuesChange,
}: {
  actorRef: WizardActor;
  values: ProfileFormValues;
  fieldIssues: ReturnType<WizardActor['getSnapshot']>['context']['fieldIssues'];
  mode: 'create' | 'edit';
  saving: boolean;
  /** Called with what the form holds when it starts and after every change. */
  onValuesChange?: (values: ProfileFormValues) => void;
}) {
  const activeId = useId();
  const publicId = useId();
  const [skillDraft, setSkillDraft] = useState('');
  const form = useForm<ProfileFormValues, unknown, ProfileFormData>({
    // The contract's schema: the same rules and words as the server's (part 2, §5).
    resolver: contractResolver(ProfileFormBody),
    defaultValues: values,
  });
  const { control } = form;

  useEffect(() => {
    showFieldIssues(form.setError, fieldIssues, PROFILE_FORM_FIELDS);
  }, [form.setError, fieldIssues]);

  const valuesChanged = useRef(onValuesChange);
  useEffect(() => {
    valuesChanged.current = onValuesChange;
  }, [onValuesChange]);
  const watched = useWatch({ control: form.control });
  useEffect(() => {
    valuesChanged.current?.(form.getValues());
  }, [form, watched]);

  const submit = form.handleSubmit((body) =>
    actorRef.send({ type: 'wizard.submit', values: form.getValues(), body }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A skill typed but not added yet is added, rather than lost.
    if (skillDraft.trim()) {
      form.setValue('skills', addSkill(form.getValues('skills'), skillDraft));
      setSkillDraft('');
    }
    void submit(event);
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Profile details">
      <p className="text-sm text-muted-foreground">Check every detail and change anything. Fields marked * are required.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="jobTitle" label="Job Title" required>
          {(field) => <Input {...field} placeholder="e.g. Senior Frontend Engineer" disabled={saving} />}
        </FormField>
        <FormField control={control} name="experience" label="Experience" required>
          {(field) => <Input {...field} placeholder="e.g. 5+ years" disabled={saving} />}
        </FormField>
        <FormField control={control} name="location" label="Location" required>
          {(field) => <Input {...field} placeholder="e.g. Berlin, Germany" disabled={saving} />}
        </FormField>
        <FormField control={control} name="phone" label="Phone">
          {(field) => <Input {...field} type="tel" autoComplete="tel" disabled={saving} />}
        </FormField>
      </div>
      <FormField control={control} name="skills" label="Skills" required hint="Add one skill at a time: press Enter or Add skill.">
        {({ value, onChange, ...field }) => (
          <SkillsInput
            skills={value}
            onSkillsChange={onChange}
            draft={skillDraft}
            onDraftChange={setSkillDraft}
            inputProps={field}
            disabled={saving}
          />
        )}
      </FormField>
      <FormField control={control} name="bio" label="Bio">
        {(field) => <Textarea {...field} rows={4} placeholder="A few lines about you and your work" disabled={saving} />}
      </FormField>
      <FormField control={control} name="linkedinUrl" label="LinkedIn URL">
        {(field) => <Input {...field} type="url" placeholder="https://www.linkedin.com/in/..." disabled={saving} />}
      </FormField>
      <fieldset className="grid gap-4 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">More details</legend>
        <FormField control={control} name="email" label="Contact Email">
          {(field) => <Input {...field} type="email" autoComplete="email" disabled={saving} />}
        </FormField>
        <FormField control={control} name="githubUrl" label="GitHub URL">
          {(field) => <Input {...field} type="url" placeholder="https://github.com/..." disabled={saving} />}
        </FormField>
        <FormField control={control} name="portfolioUrl" label="Portfolio URL">
          {(field) => <Input {...field} type="url" placeholder="https://..." disabled={saving} />}
        </FormField>
        <FormField control={control} name="education" label="Education" className="sm:col-span-2">
          {(field) => <Textarea {...field} rows={2} placeholder="e.g. BSc Computer Science - University of Porto" disabled={saving} />}
        </FormField>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={control}
          name="isActivelyLooking"
          render={({ field: { value, onChange, disabled: _disabled, ...field } }) => (
            <div className="flex items-center gap-2">
              <input
                {...field}
                id={activeId}
                type="checkbox"
                className="size-4 rounded border-input accent-primary"
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
                disabled={saving}
              />
              <Label htmlFor={activeId}>Actively looking for a job</Label>
            </div>
          )}
        />
        <Controller
          control={control}
          name="isPublic"
          render={({ field: { value, onChange, disabled: _disabled, ...field } }) => (
            <div className="flex items-center gap-2">
              <input
                {...field}
                id={publicId}
                type="checkbox"
                className="size-4 rounded border-input accent-primary"
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
                disabled={saving}
              />
              <Label htmlFor={publicId}>Public profile</Label>
            </div>
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="profilePicture" label="Profile Picture" hint="PNG, JPEG, WebP or GIF, at most 2 MB.">
          {({ value, onChange, ...field }) => (
            <ImageInput
              what="profile picture"
              removeLabel="Clear picture"
              value={value}
              onChange={(next) => {
                form.clearErrors('profilePicture');
                onChange(next);
              }}
              onProblem={(message) => form.setError('profilePicture', { type: 'file', message }, { shouldFocus: true })}
              inputProps={field}
              disabled={saving}
            />
          )}
        </FormField>
        <FormField control={control} name="coverPhoto" label="Cover Photo" hint="PNG, JPEG, WebP or GIF, at most 2 MB.">
          {({ value, onChange, ...field }) => (
            <ImageInput
              what="cover photo"
              removeLabel="Clear cover"
              wide
              value={value}
              onChange={(next) => {
                form.clearErrors('coverPhoto');
                onChange(next);
              }}
              onProblem={(message) => form.setError('coverPhoto', { type: 'file', message }, { shouldFocus: true })}
              inputProps={field}
              disabled={saving}
            />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() => actorRef.send({ type: 'wizard.back', values: form.getValues() })}
          disabled={saving}
        >
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : mode === 'edit' ? 'Update Profile' : 'Create Profile'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Step 4: done, with the way to the profile page. */
function CompleteStep({ actorRef, onDone }: { actorRef: WizardActor; onDone: () => void }) {
  const { saved, mode } = useSelector(actorRef, (snapshot) => snapshot.context);
  return (
    <>
      <Alert variant="success">
        <CircleCheckIcon aria-hidden="true" />
        <AlertTitle>{mode === 'edit' ? 'Your profile is updated.' : 'Your profile is ready.'}</AlertTitle>
        <AlertDescription>Companies can now find you by your skills and experience.</AlertDescription>
      </Alert>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
        {saved ? (
          <Button asChild>
            {/* A plain link: the dialog is also rendered outside the router (its tests). */}
            <a href={`/profile/${encodeURIComponent(saved.id)}`}>View Your Profile</a>
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}
