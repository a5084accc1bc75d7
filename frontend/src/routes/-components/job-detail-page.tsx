import { PageShell } from '../../components/layout/page-shell';
import { CompanyAboutCard } from '../../features/companies/components/company-about';
import { JobDetail } from '../../features/jobs/components/job-detail';
import { useJobViewer } from './use-job-viewer';

/** `/job/{jobId}` and `/share/job/{shareToken}`, with the company's profile beside the job (ADR 028). */
export function JobDetailPage({ by }: { by: { jobId: string } | { shareToken: string } }) {
  const { viewer, viewerLoading } = useJobViewer();
  return (
    <PageShell>
      <JobDetail by={by} viewer={viewer} viewerLoading={viewerLoading} aside={(job) => <CompanyAboutCard companyId={job.companyId} />} />
    </PageShell>
  );
}
