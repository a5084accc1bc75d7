import { EXPERIENCE_LEVELS, JOB_TYPES, MESSAGES, PostJobBody, type PostJobCommandData } from '@hireloop/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { contractResolver, fieldIssuesOf, showFieldIssues } from '../../../lib/forms';
import { useSubmitOnce } from '../../../lib/submit-once';
import { usePostJob } from '../api/post-job';
import {
  emptyPostJobForm,
  isExperienceLevel,
  isJobType,
  isMissingRequiredField,
  POST_JOB_FIELDS,
  type PostJobFormValues,
} from '../lib/post-job-form';
import { clearPostJobDraft, readPostJobDraft, writePostJobDraft } from '../lib/post-job-draft';

interface PostJobDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefills the Company field (the poster's company). */
  defaultCompany?: string;
  /**
   * The plan's refusal when the company's open job posts already fill it (the plan limit is known
   * before anything is typed): said instead of the form (issue 24).
   */
  limitReached?: string | null;
  /** The signed-in user's id: what they type is kept as their draft in this tab until posted or cancelled (ADR 116). */
  draftOwner?: string;
}

export const JOB_POST_LIMIT_TITLE = 'Job post limit reached';

/** The post-a-job modal (spec part 2, Dashboard). */
export function PostJobDialog({ open, onOpenChange, defaultCompany = '', limitReached = null, draftOwner }: PostJobDialogProps) {
  // Once this opening has sent a post, the form stays until the answer: the post itself fills a
  // Free plan, and the count's refresh (which may land before the post's own answer is handled)
  // must not swap the form for the limit's refusal, leaving the dialog open over a job that was
  // posted (seen in CI: the dialog never closed, no success toast).
  const [sent, setSent] = useState(false);
  if (!open && sent) setSent(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Post a New Job</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from an empty form (or the draft kept in this tab). */}
        {open && limitReached && !sent ? (
          <div className="grid gap-4">
            <Alert variant="destructive">
              <AlertTitle>{JOB_POST_LIMIT_TITLE}</AlertTitle>
              <AlertDescription>{limitReached}</AlertDescription>
            </Alert>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button asChild>
                <a href="/pricing">View Plans</a>
              </Button>
            </DialogFooter>
          </div>
        ) : open ? (
          <PostJobFormFields
            defaultCompany={defaultCompany}
            draftOwner={draftOwner}
            onSending={() => setSent(true)}
            onRefused={() => setSent(false)}
            onPosted={() => {
              if (draftOwner) clearPostJobDraft(draftOwner);
              onOpenChange(false);
            }}
            onCancel={() => {
              if (draftOwner) clearPostJobDraft(draftOwner);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PostJobFormFields({
  defaultCompany,
  draftOwner,
  onSending,
  onRefused,
  onPosted,
  onCancel,
}: {
  defaultCompany: string;
  draftOwner: string | undefined;
  onSending: () => void;
  /** The post was refused: the form may give way to the plan's limit again if the count says so. */
  onRefused: () => void;
  onPosted: () => void;
  onCancel: () => void;
}) {
  const postJob = usePostJob();
  // Read once, when the dialog opens: the draft kept in this tab, or an empty form.
  const [defaultValues] = useState(() => (draftOwner ? readPostJobDraft(draftOwner, defaultCompany) : null) ?? emptyPostJobForm(defaultCompany));
  const keepDraft = useCallback((values: PostJobFormValues) => draftOwner && writePostJobDraft(draftOwner, values), [draftOwner]);
  return (
    <JobFormFields
      defaultValues={defaultValues}
      onChange={draftOwner ? keepDraft : undefined}
      pending={postJob.isPending}
      submitLabel="Post Job"
      pendingLabel="Creating..."
      onCancel={onCancel}
      onSubmit={(body, { showErrorsAtFields }) => {
        onSending();
        // Handled on the promise, not in mutate's callbacks: those are dropped when the form
        // unmounts before the answer, and the answer must still close the dialog and say so.
        return postJob.mutateAsync(body).then(
          () => {
            toast({
              title: 'Job Posted Successfully!',
              description: 'Your job posting is now live and candidates can apply.',
              variant: 'success',
            });
            onPosted();
          },
          (error: unknown) => {
            onRefused();
            showErrorsAtFields(error);
            toast({
              title: 'Error Creating Job',
              description: displayError(error, 'Failed to create job posting. Please try again.'),
              variant: 'destructive',
            });
          },
        );
      }}
    />
  );
}

interface JobFormFieldsProps {
  defaultValues: PostJobFormValues;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  /**
   * `showErrorsAtFields`: a refusal that names fields (a 400's details) is also said at those fields.
   * Answers a promise that settles when the request is done: until then, another press sends nothing.
   */
  onSubmit: (body: PostJobCommandData, helpers: { showErrorsAtFields: (error: unknown) => void }) => Promise<unknown>;
  /** Told every change of the form's values (to keep a draft). */
  onChange?: (values: PostJobFormValues) => void;
}

/** The job form, for posting and for editing (ADR 064): the same fields, rules and messages. */
export function JobFormFields({ defaultValues, pending, submitLabel, pendingLabel, onCancel, onSubmit, onChange }: JobFormFieldsProps) {
  const remoteId = useId();
  const form = useForm<PostJobFormValues, unknown, PostJobCommandData>({
    // The contract's schema: the same rules and words as the server's (part 2, §5).
    resolver: contractResolver(PostJobBody),
    defaultValues,
  });
  const { control } = form;
  const submitOnce = useSubmitOnce();
  // As the profile wizard keeps its draft (ADR 110): every change of the values is told.
  const valuesChanged = useRef(onChange);
  useEffect(() => {
    valuesChanged.current = onChange;
  }, [onChange]);
  const watched = useWatch({ control });
  useEffect(() => {
    valuesChanged.current?.(form.getValues());
  }, [form, watched]);

  const post = (body: PostJobCommandData) =>
    onSubmit(body, { showErrorsAtFields: (error) => showFieldIssues(form.setError, fieldIssuesOf(error), POST_JOB_FIELDS) });

  // Each message is shown at its field (which gets the focus); the spec's toast says it too.
  const refuse = (errors: FieldErrors<PostJobFormValues>) => {
    const messages = POST_JOB_FIELDS.map((field) => errors[field]?.message);
    if (isMissingRequiredField(messages)) {
      toast({ title: 'Missing Required Fields', description: MESSAGES.jobRequiredFields, variant: 'destructive' });
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submitOnce(form.handleSubmit(post, refuse))} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="title" label="Job Title" required>
          {(field) => <Input {...field} placeholder="e.g. Senior Frontend Engineer" />}
        </FormField>
        <FormField control={control} name="company" label="Company">
          {(field) => <Input {...field} autoComplete="organization" />}
        </FormField>
        <FormField control={control} name="location" label="Location" required>
          {(field) => <Input {...field} placeholder="e.g. Berlin, Germany" />}
        </FormField>
        <FormField control={control} name="salary" label="Salary">
          {(field) => <Input {...field} placeholder="e.g. $120k - $150k" />}
        </FormField>
        <FormField control={control} name="type" label="Job Type">
          {({ value, onChange, name: _name, ...trigger }) => (
            <Select value={value} onValueChange={(next) => isJobType(next) && onChange(next)}>
              <SelectTrigger {...trigger}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {JOB_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {type}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField control={control} name="experience" label="Experience Level">
          {({ value, onChange, name: _name, ...trigger }) => (
            <Select value={value} onValueChange={(next) => isExperienceLevel(next) && onChange(next)}>
              <SelectTrigger {...trigger}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {EXPERIENCE_LEVELS.map((level) => (
                  <SelectItem key={level} value={level}>
                    {level}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <Controller
        control={control}
        name="remote"
        render={({ field: { value, onChange, disabled: _disabled, ...field } }) => (
          <div className="flex items-center gap-2">
            <input
              {...field}
              id={remoteId}
              type="checkbox"
              className="size-4 rounded border-input accent-primary"
              checked={value}
              onChange={(event) => onChange(event.target.checked)}
            />
            <Label htmlFor={remoteId}>Remote</Label>
          </div>
        )}
      />
      <FormField control={control} name="description" label="Description" required>
        {(field) => <Textarea {...field} rows={5} />}
      </FormField>
      <FormField control={control} name="requirements" label="Requirements" hint="One requirement per line.">
        {(field) => <Textarea {...field} rows={4} placeholder="One requirement per line" />}
      </FormField>
      <FormField control={control} name="skills" label="Skills" hint="Separate skills with commas.">
        {(field) => <Input {...field} placeholder="React, TypeScript, Node.js" />}
      </FormField>
      <FormField control={control} name="benefits" label="Benefits">
        {(field) => <Textarea {...field} rows={3} />}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
