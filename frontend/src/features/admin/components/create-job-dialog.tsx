import { ADMIN_JOB_TYPES, ADMIN_MESSAGES, AdminCreateJobBody } from '@hireloop/contracts';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useCreateAdminJob } from '../api/admin-jobs';
import { useOnceAtATime } from '../../../lib/submit-once';
import { failureToast, splitComma } from '../lib/admin-display';
import { JobFields, type JobFieldValues } from './job-fields';
import { FormFooter } from './form-footer';
import { CompanyAccountPicker } from './company-account-picker';

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
          companyAccount={<CompanyAccountPicker />}
        />
        <FormFooter onCancel={onClose} pending={create.isPending} submitLabel="Create Job" pendingLabel="Creating..." incomplete={!complete} />
      </form>
    </FormProvider>
  );
}
