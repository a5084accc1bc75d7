import { PageShell } from '../../components/layout/page-shell';
import { JobBoard } from '../../features/jobs/components/job-board';

export function JobBoardPage() {
  return (
    <PageShell>
      <JobBoard />
    </PageShell>
  );
}
