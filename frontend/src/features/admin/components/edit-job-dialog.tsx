import { EditJobBody, EXPERIENCE_LEVELS, JOB_TYPES, type Job, type PostJobCommandData } from '@hireloop/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormCheckbox, FormField } from '../../../components/ui/form-field';
import { Input, inputClassName, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { contractResolver } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { useEditAdminJob } from '../api/admin-jobs';
import { failureToast } from '../lib/admin-display';

export const ADMIN_EDIT_JOB_TEXT = { saved: 'Job updated', failed: 'Failed to update job' } as const;

interface Values {
  title: string;
  company: string;
  location: string;
  salary: string;
  type: (typeof JOB_TYPES)[number];
  remote: boolean;
  experience: (typeof EXPERIENCE_LEVELS)[number];
  description: string;
  requirements: string;
  skills: string;
  benefits: string;
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
  const form = useForm<Values, unknown, PostJobCommandData>({ resolver: contractResolver(EditJobBody), defaultValues: valuesOf(job) });
  const { control } = form;
  const edit = useEditAdminJob();
  const save = (body: PostJobCommandData) =>
    edit.mutate(
      { jobId: job.id, body },
      {
        onSuccess: () => {
          toast({ title: ADMIN_EDIT_JOB_TEXT.saved, description: body.title, variant: 'success' });
          onClose();
        },
        onError: (error) => failureToast(ADMIN_EDIT_JOB_TEXT.failed, error),
      },
    );

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="title" label="Job Title" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="location" label="Location" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="company" label="Company Name">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="salary" label="Salary">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="type" label="Job Type">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              {JOB_TYPES.map((type) => (
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
      <FormField control={control} name="benefits" label="Benefits">
        {(field) => <Input {...field} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
