import { EXPERIENCE_LEVELS, JOB_TYPES, MESSAGES } from '@hireloop/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { usePostJob } from '../api/post-job';
import { emptyPostJobForm, isExperienceLevel, isJobType, toPostJobBody, type PostJobForm } from '../lib/post-job-form';

interface PostJobDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefills the Company field (the poster's company). */
  defaultCompany?: string;
}

/** The post-a-job modal (spec part 2, Dashboard). */
export function PostJobDialog({ open, onOpenChange, defaultCompany = '' }: PostJobDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Post a New Job</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from an empty form. */}
        {open ? (
          <PostJobFormFields
            defaultCompany={defaultCompany}
            onPosted={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The asterisk is for the eye; the field's name stays "Job Title", not "Job Title *". */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

function PostJobFormFields({
  defaultCompany,
  onPosted,
  onCancel,
}: {
  defaultCompany: string;
  onPosted: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<PostJobForm>(() => emptyPostJobForm(defaultCompany));
  const postJob = usePostJob();
  const set = <K extends keyof PostJobForm>(field: K, value: PostJobForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toPostJobBody(form);
    if (!body) {
      toast({ title: 'Missing Required Fields', description: MESSAGES.jobRequiredFields, variant: 'destructive' });
      return;
    }
    postJob.mutate(body, {
      onSuccess: () => {
        toast({
          title: 'Job Posted Successfully!',
          description: 'Your job posting is now live and candidates can apply.',
          variant: 'success',
        });
        onPosted();
      },
      onError: (error) => {
        toast({
          title: 'Error Creating Job',
          description: displayError(error, 'Failed to create job posting. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const pending = postJob.isPending;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('title')}>
            Job Title
            <RequiredMark />
          </Label>
          <Input
            id={fieldId('title')}
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            placeholder="e.g. Senior Frontend Engineer"
            aria-required="true"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('company')}>Company</Label>
          <Input
            id={fieldId('company')}
            value={form.company}
            onChange={(e) => set('company', e.target.value)}
            autoComplete="organization"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('location')}>
            Location
            <RequiredMark />
          </Label>
          <Input
            id={fieldId('location')}
            value={form.location}
            onChange={(e) => set('location', e.target.value)}
            placeholder="e.g. Berlin, Germany"
            aria-required="true"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('salary')}>Salary</Label>
          <Input
            id={fieldId('salary')}
            value={form.salary}
            onChange={(e) => set('salary', e.target.value)}
            placeholder="e.g. $120k - $150k"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('type')}>Job Type</Label>
          <Select value={form.type} onValueChange={(value) => isJobType(value) && set('type', value)}>
            <SelectTrigger id={fieldId('type')}>
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
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId('experience')}>Experience Level</Label>
          <Select
            value={form.experience}
            onValueChange={(value) => isExperienceLevel(value) && set('experience', value)}
          >
            <SelectTrigger id={fieldId('experience')}>
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
        </div>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={fieldId('remote')}
          type="checkbox"
          className="size-4 rounded border-input accent-primary"
          checked={form.remote}
          onChange={(e) => set('remote', e.target.checked)}
        />
        <Label htmlFor={fieldId('remote')}>Remote</Label>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId('description')}>
          Description
          <RequiredMark />
        </Label>
        <Textarea
          id={fieldId('description')}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          rows={5}
          aria-required="true"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId('requirements')}>Requirements</Label>
        <Textarea
          id={fieldId('requirements')}
          value={form.requirements}
          onChange={(e) => set('requirements', e.target.value)}
          rows={4}
          placeholder="One requirement per line"
          aria-describedby={fieldId('requirements-hint')}
        />
        <p id={fieldId('requirements-hint')} className="text-xs text-muted-foreground">
          One requirement per line.
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId('skills')}>Skills</Label>
        <Input
          id={fieldId('skills')}
          value={form.skills}
          onChange={(e) => set('skills', e.target.value)}
          placeholder="React, TypeScript, Node.js"
          aria-describedby={fieldId('skills-hint')}
        />
        <p id={fieldId('skills-hint')} className="text-xs text-muted-foreground">
          Separate skills with commas.
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId('benefits')}>Benefits</Label>
        <Textarea
          id={fieldId('benefits')}
          value={form.benefits}
          onChange={(e) => set('benefits', e.target.value)}
          rows={3}
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating...' : 'Post Job'}
        </Button>
      </DialogFooter>
    </form>
  );
}
