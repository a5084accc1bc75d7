import { useInvitableJobs } from '../api/admin-jobs';
import { SelectField } from './form-parts';

/** The job to invite to: open jobs posted on Hireloop. */
export function JobPicker({ value, onChange }: { value: string; onChange: (jobId: string) => void }) {
  const jobs = useInvitableJobs();
  const list = jobs.data ?? [];
  return (
    <div className="grid gap-1.5">
      <SelectField label="Job" value={value} onChange={onChange} disabled={jobs.isPending}>
        <option value="">{jobs.isPending ? 'Loading jobs...' : 'Select a job'}</option>
        {list.map((job) => (
          <option key={job.id} value={job.id}>
            {job.title} — {job.company}
          </option>
        ))}
      </SelectField>
      {jobs.isSuccess && list.length === 0 ? <p className="text-sm text-muted-foreground">No open jobs yet: create one in Job Management.</p> : null}
      {jobs.isError ? <p className="text-sm text-destructive">Could not load jobs.</p> : null}
    </div>
  );
}
