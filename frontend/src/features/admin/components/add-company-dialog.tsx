import { ADMIN_MESSAGES, CreateAdminCompanyBody } from '@hireloop/contracts';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useCreateAdminCompany } from '../api/admin-people';
import { useOnceAtATime } from '../../../lib/submit-once';
import { failureToast } from '../lib/admin-display';
import { FormFooter } from './form-footer';

type Values = { [K in keyof CreateAdminCompanyBody]-?: string };
const EMPTY: Values = { name: '', description: '', website: '', location: '' };

/** Part 2 §5 "Add Company (admin)": name required; the website must be a URL. */
export function AddCompanyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Company</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {open ? <AddCompanyForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddCompanyForm({ onClose }: { onClose: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof CreateAdminCompanyBody>>({
    // The contract's schema: the same rules and words as the server's.
    resolver: contractResolver(CreateAdminCompanyBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const name = useWatch({ control, name: 'name' });
  const create = useCreateAdminCompany();
  const once = useOnceAtATime();

  const save = (body: z.output<typeof CreateAdminCompanyBody>) =>
    once((release) =>
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Company created successfully', variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(ADMIN_MESSAGES.createCompanyFailed, error),
        onSettled: release,
      }),
    );

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
      <FormField control={control} name="name" label="Company Name" required>
        {(field) => <Input {...field} autoComplete="off" />}
      </FormField>
      <FormField control={control} name="website" label="Website">
        {(field) => <Input {...field} type="url" placeholder="https://example.com" />}
      </FormField>
      <FormField control={control} name="location" label="Location">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={control} name="description" label="Description">
        {(field) => <Textarea {...field} rows={3} />}
      </FormField>
      <FormFooter onCancel={onClose} pending={create.isPending} submitLabel="Create Company" pendingLabel="Creating..." incomplete={name.trim() === ''} />
    </form>
  );
}
