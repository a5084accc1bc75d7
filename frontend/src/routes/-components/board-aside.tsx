import { lazy, Suspense } from 'react';
import { useConsent } from '../../features/consent/lib/consent';
import type { JobViewer } from '../../features/jobs/lib/viewer';
import { AdSlot, configuredAdNetwork } from '../../features/marketing/components/ad-slot';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query';

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

const network = configuredAdNetwork();
const placeholder = <div className="h-[600px] rounded-lg border bg-card" aria-hidden="true" />;

/**
 * The board's aside extras, loaded after the board (candidates-panel-slot.tsx): the ad slot, joining
 * the consent and marketing features (ADR 044), or the candidates side panel on large screens.
 */
export default function BoardAside({ viewer, ads }: { viewer: JobViewer | null; ads?: boolean }) {
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const { consent } = useConsent();
  if (ads) return <AdSlot audience={viewer?.type ?? 'visitor'} consent={consent} network={network} />;
  if (!large) return null;
  return (
    <Suspense fallback={placeholder}>
      {viewer?.type === 'company' ? <CompanyCandidatesPanel /> : <CandidateSidePanel viewer={viewer ? { type: viewer.type } : null} />}
    </Suspense>
  );
}
