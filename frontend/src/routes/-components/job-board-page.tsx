import type { ReactNode } from 'react';
import { PageShell } from '../../components/layout/page-shell';
import { JobBoard } from '../../features/jobs/components/job-board';
import type { JobBoardSearch, JobBoardSearchUpdate } from '../../features/jobs/lib/board-search';
import { usePageTitle } from '../../lib/page-title';
import { CandidatesPanelSlot } from './candidates-panel-slot';
import { useJobViewer } from './use-job-viewer';

export interface JobBoardRouteProps {
  /** The board's state from the route's search params. */
  search: JobBoardSearch;
  onSearchChange: (update: JobBoardSearchUpdate, options: { replace: boolean }) => void;
}

/** `/jobs`, `/job-board`, and `/` for visitors. */
export function JobBoardPage({ banner, search, onSearchChange }: JobBoardRouteProps & { banner?: ReactNode }) {
  const { viewer, viewerLoading } = useJobViewer();
  usePageTitle('Jobs');
  return (
    <PageShell>
      {banner ? <div className="mb-6">{banner}</div> : null}
      <JobBoard
        search={search}
        onSearchChange={onSearchChange}
        viewer={viewer}
        viewerLoading={viewerLoading}
        candidatesPanel={<CandidatesPanelSlot viewer={viewer} />}
        ads={<CandidatesPanelSlot viewer={viewer} ads />}
      />
    </PageShell>
  );
}
