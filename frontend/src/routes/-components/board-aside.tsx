import { lazy, Suspense } from 'react';
import { useConsent } from '../../features/consent/lib/consent';
import type { JobViewer } from '../../features/jobs/lib/viewer';
import { AdSlot, configuredAdNetwork, type AdAudience } from '../../features/marketing/components/ad-slot';
import { useMyProfile } from '../../features/profiles/api/get-my-profile';
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
  const candidateId = ads && viewer?.type === 'candidate' ? viewer.userId : null;
  const profile = useMyProfile(candidateId);
  if (ads) {
    // A candidate's promotion waits for their profile: no "build your profile" flash for one who has it.
    if (candidateId !== null && profile.isPending) return null;
    const audience: AdAudience =
      viewer?.type === 'candidate' ? (profile.data ? 'candidate-with-profile' : 'candidate') : (viewer?.type ?? 'visitor');
    return <AdSlot audience={audience} consent={consent} network={network} />;
  }
  if (!large) return null;
  return (
    <Suspense fallback={placeholder}>
      {viewer?.type === 'company' ? <CompanyCandidatesPanel /> : <CandidateSidePanel viewer={viewer ? { type: viewer.type } : null} />}
    </Suspense>
  );
}
