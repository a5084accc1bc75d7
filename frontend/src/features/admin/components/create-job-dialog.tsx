import { ADMIN_JOB_TYPES, ADMIN_MESSAGES, AdminCreateJobBody } from '@hireloop/contracts';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { inputClassName } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { useCreateAdminJob } from '../api/admin-jobs';
import { useAdminCompanies } from '../api/admin-people';
import { useOnceAtATime } from '../../../lib/submit-once';
import { failureToast, splitComma } from '../lib/admin-display';
import { JobFields, type JobFieldValues } from './job-fields';
import { FormFooter } from './form-footer';

/**
 * The body of `POST /api/admin/jobs` from the form (part 2 §5 "Create Job (admin)"): the contract's
 * schema trims, turns empty optional text into null, keeps requirements one per line and skills
 * comma-split; benefits, comma-separated as typed, are sent as the list the admin form gives.
 */
const CreateJobFormBody = AdminCreateJobBody.extend({
  benefits: z
    .string()
    .transform(splitComma)
    .pipe(z.array(z.string().max(500)).max(50)),
});
type CreateJobBody = z.output<typeof CreateJobFormBody>;

interface Values extends JobFieldValues {
  type: (typeof ADMIN_JOB_TYPES)[number];
  companyId: string;
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
  const required = useWatch({
    control,
    name: ['title', 'description', 'location'],
  });
  const complete = required.every((value) => value.trim() !== '');
  const create = useCreateAdminJob();
  const once = useOnceAtATime();
  // The company account the job belongs to: picked from the companies (the first 100 by name).
  const companies = useAdminCompanies({ search: '', page: 1, pageSize: 100 });

  const save = (body: CreateJobBody) =>
    once((release) =>
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Job created successfully', variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(ADMIN_MESSAGES.createJobFailed, error),
        onSettled: release,
      }),
    );

  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
        <JobFields
          types={ADMIN_JOB_TYPES}
          benefitsHint="Separate benefits with commas."
          companyAccount={
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
          }
        />
        <FormFooter onCancel={onClose} pending={create.isPending} submitLabel="Create Job" pendingLabel="Creating..." incomplete={!complete} />
      </form>
    </FormProvider>
  );
}
