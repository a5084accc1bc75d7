import { ADMIN_EXPERIENCE_LEVELS, UpdateAdminCandidateBody, type AdminCandidate } from '@hireloop/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormCheckbox, FormField } from '../../../components/ui/form-field';
import { Input, inputClassName, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { useUpdateAdminCandidate } from '../api/admin-people';
import { failureToast, fullName, splitComma } from '../lib/admin-display';

export const MANAGE_CANDIDATE_TEXT = { saved: 'Candidate updated', failed: 'Failed to update candidate' } as const;

const ManageCandidateFormBody = UpdateAdminCandidateBody.extend({
  skills: z.string().transform(splitComma).pipe(UpdateAdminCandidateBody.shape.skills.in.unwrap()),
});
type ManageCandidateBody = z.output<typeof ManageCandidateFormBody>;
type Values = { [K in Exclude<keyof z.input<typeof ManageCandidateFormBody>, 'isPrivate'>]-?: string } & { isPrivate: boolean };

const valuesOf = (candidate: AdminCandidate): Values => ({
  firstName: candidate.firstName,
  lastName: candidate.lastName,
  phone: candidate.phone,
  title: candidate.title,
  location: candidate.location,
  experience: candidate.experience,
  skills: candidate.skills.join(', '),
  summary: candidate.summary,
  isPrivate: candidate.isPrivate,
});

/**
 * The Candidates tab's Manage (ADR 064): the admin view's fields, the Add Candidate rules. The
 * email is shown, not edited: it is the person's sign-in.
 */
export function ManageCandidateDialog({ candidate, onClose }: { candidate: AdminCandidate | null; onClose: () => void }) {
  return (
    <Dialog open={candidate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Manage Candidate</DialogTitle>
          <DialogDescription>{candidate ? `${fullName(candidate)} · ${candidate.email}` : null}</DialogDescription>
        </DialogHeader>
        {candidate ? <ManageCandidateForm key={candidate.id} candidate={candidate} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManageCandidateForm({ candidate, onClose }: { candidate: AdminCandidate; onClose: () => void }) {
  const form = useForm<Values, unknown, ManageCandidateBody>({ resolver: contractResolver(ManageCandidateFormBody), defaultValues: valuesOf(candidate) });
  const { control } = form;
  const update = useUpdateAdminCandidate();
  const save = (body: ManageCandidateBody) =>
    update.mutate(
      { id: candidate.id, body },
      {
        onSuccess: () => {
          toast({ title: MANAGE_CANDIDATE_TEXT.saved, variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(MANAGE_CANDIDATE_TEXT.failed, error),
      },
    );
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="firstName" label="First Name" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="lastName" label="Last Name" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="phone" label="Phone">
          {(field) => <Input {...field} type="tel" />}
        </FormField>
        <FormField control={control} name="title" label="Title">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="location" label="Location">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="experience" label="Experience">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              <option value="">Not specified</option>
              {ADMIN_EXPERIENCE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level} years
                </option>
              ))}
              {field.value && !(ADMIN_EXPERIENCE_LEVELS as readonly string[]).includes(field.value) ? <option value={field.value}>{field.value}</option> : null}
            </select>
          )}
        </FormField>
        <FormField control={control} name="skills" label="Skills" hint="Separate skills with commas.">
          {(field) => <Input {...field} />}
        </FormField>
      </div>
      <FormField control={control} name="summary" label="Summary">
        {(field) => <Textarea {...field} rows={3} />}
      </FormField>
      <FormCheckbox control={control} name="isPrivate" label="Private profile" />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
