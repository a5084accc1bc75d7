import { ADMIN_DEFAULT_PAGE_SIZE, type Job } from '@hireloop/contracts';
import { BriefcaseIcon, LockIcon, MapPinIcon, PencilIcon, PlusIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useAdminJobList, useChangeAdminJobStatus } from '../api/admin-jobs';
import { failureToast, formatDay } from '../lib/admin-display';
import { CreateJobDialog } from './create-job-dialog';
import { EditJobDialog } from './edit-job-dialog';
import { AdminListFooter, AdminSearchBox, ListStates, PageSizeSelect } from './table-controls';

/**
 * Job Management (part 2 "Admin panel"; ADR 064): Create Job, and every job, open and closed,
 * searched and paged on the server (the admin page sizes), each with Edit (jobs posted on
 * Hireloop; an imported one is edited at its source) and Close or Reopen.
 */
export function JobsTab() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ job: Job; open: boolean } | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(ADMIN_DEFAULT_PAGE_SIZE);
  const list = useAdminJobList({ search, page, pageSize });
  const changeStatus = useChangeAdminJobStatus();
  const rows = list.data?.jobs ?? [];

  const change = (job: Job, action: 'close' | 'reopen') =>
    changeStatus.mutate(
      { jobId: job.id, action },
      {
        onSuccess: () => toast({ title: action === 'close' ? 'Job closed' : 'Job reopened', description: job.title, variant: 'success' }),
        onError: (error) => failureToast(action === 'close' ? 'Failed to close job' : 'Failed to reopen job', error),
      },
    );

  return (
    <section aria-labelledby="admin-jobs-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-jobs-heading" className="text-xl font-semibold">
          Job Management
        </h2>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Create Job
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <AdminSearchBox
          label="Search jobs"
          value={search}
          placeholder="Search by title, company or skill"
          onChange={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        <PageSizeSelect
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </div>
      <ListStates noun="jobs" query={list} empty={rows.length === 0 ? (search ? 'No jobs match your search.' : 'No jobs yet.') : null}>
        <ul aria-label="Jobs" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((job) => {
            const busy = changeStatus.isPending && changeStatus.variables?.jobId === job.id;
            return (
              <li key={job.id}>
                <Card className="flex h-full flex-col" role="article" aria-label={job.title}>
                  <CardHeader>
                    <CardTitle className="text-base">{job.title}</CardTitle>
                    <CardDescription>{job.company}</CardDescription>
                  </CardHeader>
                  <CardContent className="grid flex-1 gap-2 text-sm">
                    <span className="flex items-center gap-1.5 text-muted-foreground">
                      <MapPinIcon className="size-4" aria-hidden="true" />
                      {job.location}
                    </span>
                    <span className="flex items-center gap-1.5 text-muted-foreground">
                      <BriefcaseIcon className="size-4" aria-hidden="true" />
                      {job.type}
                      {job.remote ? ' · Remote' : ''}
                    </span>
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={job.isActive ? 'success' : 'outline'}>{job.isActive ? 'Active' : 'Closed'}</Badge>
                      <Badge variant="secondary">Posted {formatDay(job.createdAt)}</Badge>
                      {job.source === 'internal' ? null : <Badge variant="outline">Imported</Badge>}
                    </div>
                  </CardContent>
                  <CardFooter className="flex flex-wrap gap-2">
                    {job.source === 'internal' ? (
                      <Button size="sm" variant="outline" aria-haspopup="dialog" onClick={() => setEditing({ job, open: true })}>
                        <PencilIcon aria-hidden="true" />
                        Edit
                      </Button>
                    ) : null}
                    {job.isActive ? (
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => change(job, 'close')}>
                        <LockIcon aria-hidden="true" />
                        {busy ? 'Closing...' : 'Close'}
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => change(job, 'reopen')}>
                        <RotateCcwIcon aria-hidden="true" />
                        {busy ? 'Reopening...' : 'Reopen'}
                      </Button>
                    )}
                  </CardFooter>
                </Card>
              </li>
            );
          })}
        </ul>
      </ListStates>
      <AdminListFooter answer={list.data} noun="jobs" onPageChange={setPage} disabled={list.isPlaceholderData} />
      <CreateJobDialog open={creating} onOpenChange={setCreating} />
      <EditJobDialog
        job={editing?.job ?? null}
        open={editing?.open ?? false}
        onOpenChange={(open) => setEditing((current) => (current ? { ...current, open } : current))}
      />
    </section>
  );
}
