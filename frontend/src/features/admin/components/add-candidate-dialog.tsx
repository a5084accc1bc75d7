import { ADMIN_EXPERIENCE_LEVELS, ADMIN_MESSAGES, CreateAdminCandidateBody } from '@hireloop/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormCheckbox, FormField } from '../../../components/ui/form-field';
import { Input, inputClassName, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { useCreateAdminCandidate } from '../api/admin-people';
import { failureToast, splitComma } from '../lib/admin-display';

/** The contract's body with skills as typed: comma-separated text, split before the contract's own check. */
const AddCandidateFormBody = CreateAdminCandidateBody.extend({
  skills: z.string().transform(splitComma).pipe(CreateAdminCandidateBody.shape.skills.in.unwrap()),
});
type AddCandidateBody = z.output<typeof AddCandidateFormBody>;
type Values = { [K in Exclude<keyof z.input<typeof AddCandidateFormBody>, 'isPrivate'>]-?: string } & { isPrivate: boolean };
const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', location: '', title: '', summary: '', experience: '', skills: '', isPrivate: false };

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
  const form = useForm<Values, unknown, AddCandidateBody>({
    // The contract's schema: the same rules and words as the server's.
    resolver: contractResolver(AddCandidateFormBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const required = useWatch({ control, name: ['firstName', 'lastName', 'email'] });
  const complete = required.every((value) => value.trim() !== '');
  const create = useCreateAdminCandidate();

  const save = (body: AddCandidateBody) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Candidate created successfully', variant: 'success' });
        onClose();
      },
      onError: (error) => failureToast(ADMIN_MESSAGES.createCandidateFailed, error),
    });

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="firstName" label="First Name" required>
          {(field) => <Input {...field} autoComplete="off" />}
        </FormField>
        <FormField control={control} name="lastName" label="Last Name" required>
          {(field) => <Input {...field} autoComplete="off" />}
        </FormField>
        <FormField control={control} name="email" label="Email" required>
          {(field) => <Input {...field} type="email" autoComplete="off" />}
        </FormField>
        <FormField control={control} name="phone" label="Phone">
          {(field) => <Input {...field} type="tel" />}
        </FormField>
        <FormField control={control} name="title" label="Title">
          {(field) => <Input {...field} placeholder="e.g. Backend Engineer" />}
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
            </select>
          )}
        </FormField>
        <FormField control={control} name="skills" label="Skills" hint="Separate skills with commas.">
          {(field) => <Input {...field} placeholder="React, TypeScript" />}
        </FormField>
      </div>
      <FormField control={control} name="summary" label="Summary">
        {(field) => <Textarea {...field} rows={3} />}
      </FormField>
      <FormCheckbox control={control} name="isPrivate" label="Private profile" />
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
