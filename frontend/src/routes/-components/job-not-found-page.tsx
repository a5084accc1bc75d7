import { PageShell } from '../../components/layout/page-shell';
import { JOB_NOT_FOUND_TITLE, JobNotFound } from '../../features/jobs/components/job-detail';
import { usePageTitle } from '../../lib/page-title';

/** `/job/{jobId}` and `/share/job/{shareToken}` when the API answers 404 (spec part 1, §2 "Job Not Found"). */
export function JobNotFoundPage() {
  usePageTitle(JOB_NOT_FOUND_TITLE);
  return (
    <PageShell>
      <JobNotFound />
    </PageShell>
  );
}
