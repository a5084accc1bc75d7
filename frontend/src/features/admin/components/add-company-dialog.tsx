import { ADMIN_MESSAGES, CreateAdminCompanyBody } from '@hireloop/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useCreateAdminCompany } from '../api/admin-people';
import { failureToast } from '../lib/admin-display';
import { issuesByField, TextField } from './form-parts';

const EMPTY = { name: '', description: '', website: '', location: '' };
type Values = typeof EMPTY;

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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAdminCompany();
  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CreateAdminCompanyBody.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Company created successfully', variant: 'success' });
        onClose();
      },
      onError: (error) => failureToast(ADMIN_MESSAGES.createCompanyFailed, error),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <TextField label="Company Name" required value={values.name} onChange={set('name')} error={errors.name} autoComplete="off" />
      <TextField label="Website" type="url" value={values.website} onChange={set('website')} error={errors.website} placeholder="https://example.com" />
      <TextField label="Location" value={values.location} onChange={set('location')} error={errors.location} />
      <TextField label="Description" multiline value={values.description} onChange={set('description')} error={errors.description} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={values.name.trim() === '' || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Company'}
        </Button>
      </DialogFooter>
    </form>
  );
}
