import { lazy, Suspense, useEffect, useState } from 'react';
import type { JobViewer } from '../../features/jobs/lib/viewer';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query';

// The panel is not part of the board's first load (the /jobs budget of tests/e2e/assets): its
// code and its data come after the board's.
const CandidateSidePanel = lazy(() =>
  import('../../features/candidates/components/candidate-side-panel').then((module) => ({
    default: module.CandidateSidePanel,
  })),
);

// A company's panel adds Request to Apply (its jobs and requests): loaded for companies only.
const CompanyCandidatesPanel = lazy(() =>
  import('./company-candidates-panel').then((module) => ({
    default: module.CompanyCandidatesPanel,
  })),
);

/** How long after the board shows the side panel starts loading. */
export const CANDIDATES_PANEL_DELAY_MS = 1500;

const placeholder = <div className="h-[600px] rounded-lg border bg-card" aria-hidden="true" />;

/**
 * The anonymous candidates side panel in the job board's aside (part 1 §2): on large screens only
 * (neither loaded nor asked for below `lg`), and once the board itself has loaded. A company's
 * cards get Request to Apply there too.
 */
export function CandidatesPanelSlot({ viewer }: { viewer: JobViewer | null }) {
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!large || started) return;
    const timer = window.setTimeout(() => setStarted(true), CANDIDATES_PANEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [large, started]);
  if (!large) return null;
  if (!started) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      {viewer?.type === 'company' ? <CompanyCandidatesPanel /> : <CandidateSidePanel viewer={viewer ? { type: viewer.type } : null} />}
    </Suspense>
  );
}
