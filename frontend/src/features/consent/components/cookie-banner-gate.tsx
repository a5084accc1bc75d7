import { lazy, Suspense } from 'react';
import { useConsent } from '../lib/consent';

/** The banner's code loads only for a visitor who has not answered yet (off the /jobs first-load budget, ADR 014). */
const CookieBanner = lazy(() => import('./cookie-banner').then((module) => ({ default: module.CookieBanner })));

export function CookieBannerGate() {
  const { consent, dismissed } = useConsent();
  if (consent !== null || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
