import { BriefcaseIcon, MapPinIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAdminJobGrid } from '../api/admin-jobs';
import { formatDay } from '../lib/admin-display';
import { CreateJobDialog } from './create-job-dialog';
import { ListStates } from './table-controls';

/** Job Management (part 2 "Admin panel"): Create Job and a grid of the first 6 jobs. */
export function JobsTab() {
  const [creating, setCreating] = useState(false);
  const jobs = useAdminJobGrid();
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
      <ListStates noun="jobs" query={jobs} empty={jobs.data?.length === 0 ? 'No jobs yet.' : null}>
        <ul aria-label="Jobs" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(jobs.data ?? []).map((job) => (
            <li key={job.id}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle className="text-base">{job.title}</CardTitle>
                  <CardDescription>{job.company}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
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
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </ListStates>
      <CreateJobDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
