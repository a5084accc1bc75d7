import { ADMIN_JOB_TYPES, ADMIN_MESSAGES, AdminCreateJobBody, EXPERIENCE_LEVELS } from '@hireloop/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormCheckbox, FormField } from '../../../components/ui/form-field';
import { Input, inputClassName, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { useCreateAdminJob } from '../api/admin-jobs';
import { useAdminCompanies } from '../api/admin-people';
import { failureToast, splitComma } from '../lib/admin-display';

/**
 * The body of `POST /api/admin/jobs` from the form (part 2 §5 "Create Job (admin)"): the contract's
 * schema trims, turns empty optional text into null, keeps requirements one per line and skills
 * comma-split; benefits, comma-separated as typed, are sent as the list the admin form gives.
 */
const CreateJobFormBody = AdminCreateJobBody.extend({
  benefits: z.string().transform(splitComma).pipe(z.array(z.string().max(500)).max(50)),
});
type CreateJobBody = z.output<typeof CreateJobFormBody>;

interface Values {
  title: string;
  company: string;
  companyId: string;
  location: string;
  salary: string;
  type: (typeof ADMIN_JOB_TYPES)[number];
  remote: boolean;
  experience: (typeof EXPERIENCE_LEVELS)[number];
  description: string;
  requirements: string;
  skills: string;
  benefits: string;
}

const EMPTY: Values = {
  title: '',
  company: '',
  companyId: '',
  location: '',
  salary: '',
  type: 'Full-time',
  remote: false,
  experience: 'Entry level',
  description: '',
  requirements: '',
  skills: '',
  benefits: '',
};

export function CreateJobDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Job</DialogTitle>
          <DialogDescription>Title, description and location are required.</DialogDescription>
        </DialogHeader>
        {open ? <CreateJobForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateJobForm({ onClose }: { onClose: () => void }) {
  const form = useForm<Values, unknown, CreateJobBody>({
    // The contract's schema: the same rules and words as the server's.
    resolver: contractResolver(CreateJobFormBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const required = useWatch({ control, name: ['title', 'description', 'location'] });
  const complete = required.every((value) => value.trim() !== '');
  const create = useCreateAdminJob();
  // The company account the job belongs to: picked from the companies (the first 100 by name).
  const companies = useAdminCompanies({ search: '', page: 1, pageSize: 100 });

  const save = (body: CreateJobBody) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Job created successfully', variant: 'success' });
        onClose();
      },
      onError: (error) => failureToast(ADMIN_MESSAGES.createJobFailed, error),
    });

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="title" label="Job Title" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="location" label="Location" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="companyId" label="Company Account">
          {({ onChange, ...field }) => (
            <select
              {...field}
              onChange={(event) => {
                const companyId = event.target.value;
                onChange(companyId);
                // Choosing an account fills in its name (still editable).
                const company = companies.data?.companies.find((entry) => entry.id === companyId);
                if (company) form.setValue('company', company.name);
              }}
              className={cn(inputClassName, 'h-10')}
            >
              <option value="">None</option>
              {(companies.data?.companies ?? []).map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField control={control} name="company" label="Company Name">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="salary" label="Salary">
          {(field) => <Input {...field} placeholder="e.g. $120k - $150k" />}
        </FormField>
        <FormField control={control} name="type" label="Job Type">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              {ADMIN_JOB_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField control={control} name="experience" label="Experience Level">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              {EXPERIENCE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex items-end pb-2">
          <FormCheckbox control={control} name="remote" label="Remote" />
        </div>
      </div>
      <FormField control={control} name="description" label="Description" required>
        {(field) => <Textarea {...field} rows={5} />}
      </FormField>
      <FormField control={control} name="requirements" label="Requirements" hint="One requirement per line.">
        {(field) => <Textarea {...field} rows={4} />}
      </FormField>
      <FormField control={control} name="skills" label="Skills" hint="Separate skills with commas.">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={control} name="benefits" label="Benefits" hint="Separate benefits with commas.">
        {(field) => <Input {...field} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!complete || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Job'}
        </Button>
      </DialogFooter>
    </form>
  );
}
