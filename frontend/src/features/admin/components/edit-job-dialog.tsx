import { EditJobBody, EXPERIENCE_LEVELS, JOB_TYPES, type Job, type PostJobCommandData } from '@hireloop/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { useEditAdminJob } from '../api/admin-jobs';
import { useOnceAtATime } from '../../../lib/submit-once';
import { failureToast } from '../lib/admin-display';
import { JobFields, type JobFieldValues } from './job-fields';
import { FormFooter } from './form-footer';

export const ADMIN_EDIT_JOB_TEXT = {
  saved: 'Job updated',
  failed: 'Failed to update job',
} as const;

interface Values extends JobFieldValues {
  type: (typeof JOB_TYPES)[number];
}

const valuesOf = (job: Job): Values => ({
  title: job.title,
  company: job.company,
  location: job.location,
  salary: job.salary ?? '',
  type: JOB_TYPES.find((type) => type === job.type) ?? 'Full-time',
  remote: job.remote,
  experience: EXPERIENCE_LEVELS.find((level) => level === job.experience) ?? 'Entry level',
  description: job.description,
  requirements: job.requirements.join('\n'),
  skills: job.skills.join(', '),
  benefits: job.benefits ?? '',
});

/** Job Management's Edit (ADR 064): the job's fields with the posting rules; the company account it belongs to stays. */
export function EditJobDialog({ job, open, onOpenChange }: { job: Job | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Job</DialogTitle>
          <DialogDescription>Title, description and location are required.</DialogDescription>
        </DialogHeader>
        {open && job ? <EditJobForm job={job} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditJobForm({ job, onClose }: { job: Job; onClose: () => void }) {
  const form = useForm<Values, unknown, PostJobCommandData>({
    resolver: contractResolver(EditJobBody),
    defaultValues: valuesOf(job),
  });
  const edit = useEditAdminJob();
  const once = useOnceAtATime();
  const save = (body: PostJobCommandData) =>
    once((release) =>
      edit.mutate(
        { jobId: job.id, body },
        {
          onSuccess: () => {
            toast({
              title: ADMIN_EDIT_JOB_TEXT.saved,
              description: body.title,
              variant: 'success',
            });
            onClose();
          },
          onError: (error) => failureToast(ADMIN_EDIT_JOB_TEXT.failed, error),
          onSettled: release,
        },
      ),
    );

  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
        <JobFields types={JOB_TYPES} />
        <FormFooter onCancel={onClose} pending={edit.isPending} submitLabel="Save Changes" pendingLabel="Saving..." />
      </form>
    </FormProvider>
  );
}
