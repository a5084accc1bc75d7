import type { Job } from '@hireloop/contracts';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import type { JobViewer } from '../lib/viewer';
import { EditJobDialog } from './edit-job-dialog';

/** Who may edit a job (ADR 064): the company that posted it, or an admin; an imported job is edited at its source. */
export const canEditJob = (job: Pick<Job, 'source' | 'companyId'>, viewer: JobViewer | null) =>
  job.source === 'internal' && viewer !== null && (viewer.isAdmin || (viewer.companyId !== null && viewer.companyId === job.companyId));

/** "Edit Job" and its dialog. */
export function EditJobButton({ job, size = 'sm' }: { job: Job; size?: ButtonProps['size'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PencilIcon aria-hidden="true" />
        Edit Job
      </Button>
      <EditJobDialog job={job} open={open} onOpenChange={setOpen} />
    </>
  );
}
