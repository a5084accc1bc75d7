import type { Job } from '@hireloop/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { useEditJob } from '../api/edit-job';
import { jobToPostJobForm } from '../lib/post-job-form';
import { JobFormFields } from './post-job-dialog';

export const EDIT_JOB_TEXT = {
  title: 'Edit Job',
  saved: 'Job updated',
  failed: 'Could not update the job',
} as const;

interface EditJobDialogProps {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit a posted job (its company, or an admin; ADR 064): the post-a-job form, filled in. */
export function EditJobDialog({ job, open, onOpenChange }: EditJobDialogProps) {
  const edit = useEditJob();
  return (
    <Dialog open={open} onOpenChange={(next) => !edit.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{EDIT_JOB_TEXT.title}</DialogTitle>
          <DialogDescription>Fields marked * are required. Changes show on the board at once.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the job as it is now. */}
        {open ? (
          <JobFormFields
            defaultValues={jobToPostJobForm(job)}
            pending={edit.isPending}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            onCancel={() => onOpenChange(false)}
            onSubmit={(body, { showErrorsAtFields }) =>
              edit
                .mutateAsync(
                  { job, body },
                  {
                    onSuccess: () => {
                      toast({ title: EDIT_JOB_TEXT.saved, description: body.title, variant: 'success' });
                      onOpenChange(false);
                    },
                    onError: (error) => {
                      showErrorsAtFields(error);
                      toast({ title: EDIT_JOB_TEXT.failed, description: displayError(error, 'Please try again.'), variant: 'destructive' });
                    },
                  },
                )
                .catch(() => undefined)
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
