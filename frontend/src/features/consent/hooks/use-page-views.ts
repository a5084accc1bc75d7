import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConsent } from '../lib/consent';

/**
 * The route pattern of the page shown (`/job/$jobId`), `/not-found` when no route matched. A
 * route id marks a route that leaves its parent's layout with a trailing `_` (`/dashboard_/jobs`):
 * the pattern is the address's shape (`/dashboard/jobs`), which the API accepts.
 */
export function routePattern(routeId: string | undefined): string {
  if (!routeId || routeId === '__root__') return '/not-found';
  const pattern = routeId.replace(/_(?=\/|$)/g, '');
  return pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern;
}

/**
 * Page views on each route change (part 1 §2), sent only once the visitor accepted analytics
 * cookies: before consent, or with Essential Only, no analytics request leaves the browser (ADR 041).
 */
export function usePageViews() {
  const { consent } = useConsent();
  const { href, routeId } = useRouterState({
    select: (state) => ({ href: state.resolvedLocation?.href ?? null, routeId: state.matches.at(-1)?.routeId }),
    structuralSharing: true,
  });
  useEffect(() => {
    if (consent !== 'accepted' || href === null) return;
    // The sender loads once analytics are accepted: a first visit, which has not answered yet, never needs it (ADR 102).
    const route = routePattern(routeId);
    void import('../api/page-views').then(({ sendPageView }) => sendPageView(route));
  }, [consent, href, routeId]);
}
