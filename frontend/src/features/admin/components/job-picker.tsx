import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { inputClassName } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useInvitableJobs } from '../api/admin-jobs';

/**
 * The job to invite to, a field of the form's: open jobs posted on Hireloop. A job not chosen is
 * said by the form's "Selection Required" toast (part 2 §8), not under the field.
 */
export function JobPicker<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed>({
  control,
  name,
}: {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
}) {
  const jobs = useInvitableJobs();
  const list = jobs.data ?? [];
  return (
    <div className="grid gap-1.5">
      <FormField control={control} name={name} label="Job" showError={false}>
        {(field) => (
          <select {...field} disabled={jobs.isPending} className={cn(inputClassName, 'h-10')}>
            <option value="">{jobs.isPending ? 'Loading jobs...' : 'Select a job'}</option>
            {list.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title} — {job.company}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {jobs.isSuccess && list.length === 0 ? <p className="text-sm text-muted-foreground">No open jobs yet: create one in Job Management.</p> : null}
      {jobs.isError ? <p className="text-sm text-destructive">Could not load jobs.</p> : null}
    </div>
  );
}
