import { lazy, Suspense } from 'react';
import type { JobViewer } from '../../features/jobs/lib/viewer';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query';

// The panel is not part of the board's first load (the /jobs budget): its code comes after.
const CandidateSidePanel = lazy(() =>
  import('../../features/candidates/components/candidate-side-panel').then((module) => ({
    default: module.CandidateSidePanel,
  })),
);

/**
 * The anonymous candidates side panel in the job board's aside (part 1 §2): on large screens only,
 * where it is neither loaded nor asked for below `lg`.
 */
export function CandidatesPanelSlot({ viewer }: { viewer: JobViewer | null }) {
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  if (!large) return null;
  return (
    <Suspense fallback={<div className="h-[600px] rounded-lg border bg-card" aria-hidden="true" />}>
      <CandidateSidePanel viewer={viewer ? { type: viewer.type } : null} />
    </Suspense>
  );
}
