import { PageShell } from '../../components/layout/page-shell';
import { CompanyAboutCard } from '../../features/companies/components/company-about';
import { JobDetail } from '../../features/jobs/components/job-detail';
import { JobHistoryCard } from '../../features/jobs/components/job-history';
import { useJobViewer } from './use-job-viewer';

/** `/job/{jobId}` and `/share/job/{shareToken}`, with the company's profile (ADR 028) and the job's history (ADR 079) beside the job. */
export function JobDetailPage({ by }: { by: { jobId: string } | { shareToken: string } }) {
  const { viewer, viewerLoading } = useJobViewer();
  return (
    <PageShell>
      <JobDetail by={by} viewer={viewer} viewerLoading={viewerLoading} aside={(job) => (
          <>
            <CompanyAboutCard companyId={job.companyId} />
            <JobHistoryCard jobId={job.id} />
          </>
        )} />
    </PageShell>
  );
}
