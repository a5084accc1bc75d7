export const PAGE_VIEWS_PATH = '/api/analytics/page-views';

/**
 * Tells the server the app showed a page (ADR 041): the route pattern only (`/job/$jobId`), no
 * address, no sign-in token, no cookie. A page view that cannot be sent is not worth telling
 * anyone about.
 */
export function sendPageView(route: string): void {
  try {
    void fetch(PAGE_VIEWS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without one): nothing to count.
  }
}
