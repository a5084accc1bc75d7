import { ADMIN_EXPERIENCE_LEVELS, ADMIN_MESSAGES, CreateAdminCandidateBody } from '@hireloop/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useCreateAdminCandidate } from '../api/admin-people';
import { failureToast, splitComma } from '../lib/admin-display';
import { CheckboxField, issuesByField, SelectField, TextField } from './form-parts';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', location: '', title: '', summary: '', experience: '', skills: '', isPrivate: false };
type Values = typeof EMPTY;

/** Part 2 §5 "Add Candidate (admin)": first name, last name and a valid email required; skills comma-split. */
export function AddCandidateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Candidate</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {open ? <AddCandidateForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddCandidateForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAdminCandidate();
  const set = <K extends keyof Values>(name: K) => (value: Values[K]) => setValues((current) => ({ ...current, [name]: value }));
  const complete = values.firstName.trim() !== '' && values.lastName.trim() !== '' && values.email.trim() !== '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CreateAdminCandidateBody.safeParse({ ...values, skills: splitComma(values.skills) });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Candidate created successfully', variant: 'success' });
        onClose();
      },
      onError: (error) => failureToast(ADMIN_MESSAGES.createCandidateFailed, error),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" required value={values.firstName} onChange={set('firstName')} error={errors.firstName} autoComplete="off" />
        <TextField label="Last Name" required value={values.lastName} onChange={set('lastName')} error={errors.lastName} autoComplete="off" />
        <TextField label="Email" type="email" required value={values.email} onChange={set('email')} error={errors.email} autoComplete="off" />
        <TextField label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
        <TextField label="Title" value={values.title} onChange={set('title')} error={errors.title} placeholder="e.g. Backend Engineer" />
        <TextField label="Location" value={values.location} onChange={set('location')} error={errors.location} />
        <SelectField label="Experience" value={values.experience} onChange={set('experience')}>
          <option value="">Not specified</option>
          {ADMIN_EXPERIENCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level} years
            </option>
          ))}
        </SelectField>
        <TextField label="Skills" value={values.skills} onChange={set('skills')} hint="Separate skills with commas." placeholder="React, TypeScript" />
      </div>
      <TextField label="Summary" multiline value={values.summary} onChange={set('summary')} error={errors.summary} />
      <CheckboxField label="Private profile" checked={values.isPrivate} onChange={set('isPrivate')} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!complete || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Candidate'}
        </Button>
      </DialogFooter>
    </form>
  );
}
