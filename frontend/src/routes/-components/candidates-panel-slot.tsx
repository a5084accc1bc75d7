import { lazy, Suspense } from 'react';
import type { JobViewer } from '../../features/jobs/lib/viewer';
import { loadQueryClient } from '../../lib/lazy-query';

/** How long after the board shows the side panel and the ad slot start loading. */
export const CANDIDATES_PANEL_DELAY_MS = 1500;

// The board's aside extras, the anonymous candidates panel and the ad slot (ADR 044), are not
// part of the board's first load (the /jobs budget of tests/e2e/assets): their code, and the
// panel's data, come after the board's. One chunk serves both slots.
// React Query's client comes with them (the panel's and the ad slot's reads use it, ADR 122).
const BoardAside = lazy(() =>
  new Promise((done) => setTimeout(done, CANDIDATES_PANEL_DELAY_MS)).then(() => Promise.all([import('./board-aside'), loadQueryClient()]).then(([module]) => module)),
);

const placeholder = <div className="h-[600px] rounded-lg border bg-card" aria-hidden="true" />;

/**
 * The job board's aside slots: the anonymous candidates side panel (part 1 §2; large screens only,
 * its code neither loaded nor asked for below `lg`; a company's cards get Request to Apply there
 * too), or with `ads`, the ad slot.
 */
export function CandidatesPanelSlot({ viewer, ads }: { viewer: JobViewer | null; ads?: boolean }) {
  return (
    <Suspense fallback={ads ? null : placeholder}>
      <BoardAside viewer={viewer} ads={ads} />
    </Suspense>
  );
}
