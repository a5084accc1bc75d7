import { PageShell } from '../../components/layout/page-shell';
import { JobDetail } from '../../features/jobs/components/job-detail';
import { useJobViewer } from './use-job-viewer';

/** `/job/{jobId}` and `/share/job/{shareToken}`. */
export function JobDetailPage({ by }: { by: { jobId: string } | { shareToken: string } }) {
  const { viewer, viewerLoading } = useJobViewer();
  return (
    <PageShell>
      <JobDetail by={by} viewer={viewer} viewerLoading={viewerLoading} />
    </PageShell>
  );
}
