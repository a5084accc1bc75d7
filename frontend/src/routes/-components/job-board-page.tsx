import type { ReactNode } from 'react';
import { PageShell } from '../../components/layout/page-shell';
import { JobBoard } from '../../features/jobs/components/job-board';

export function JobBoardPage({ banner }: { banner?: ReactNode }) {
  return (
    <PageShell>
      {banner ? <div className="mb-6">{banner}</div> : null}
      <JobBoard />
    </PageShell>
  );
}
