import { UpdateAdminCompanyBody, type AdminCompany } from '@hireloop/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useUpdateAdminCompany } from '../api/admin-people';
import { failureToast } from '../lib/admin-display';
import { FormFooter } from './form-footer';

export const MANAGE_COMPANY_TEXT = { saved: 'Company updated', failed: 'Failed to update company' } as const;

type Values = { [K in keyof UpdateAdminCompanyBody]-?: string };

/** The Companies tab's Manage (ADR 064): the admin view's fields with the Add Company rules. */
export function ManageCompanyDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  return (
    <Dialog open={company !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Company</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {company ? <ManageCompanyForm key={company.id} company={company} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManageCompanyForm({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof UpdateAdminCompanyBody>>({
    resolver: contractResolver(UpdateAdminCompanyBody),
    defaultValues: { name: company.name, description: company.description, website: company.website, location: company.location },
  });
  const { control } = form;
  const update = useUpdateAdminCompany();
  const save = (body: z.output<typeof UpdateAdminCompanyBody>) =>
    update.mutate(
      { id: company.id, body },
      {
        onSuccess: () => {
          toast({ title: MANAGE_COMPANY_TEXT.saved, variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(MANAGE_COMPANY_TEXT.failed, error),
      },
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
      <FormFooter onCancel={onClose} pending={update.isPending} submitLabel="Save Changes" pendingLabel="Saving..." />
    </form>
  );
}
