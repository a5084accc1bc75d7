import { randomUUID } from 'node:crypto';

/** Google's Measurement Protocol collect endpoint for GA4. */
export const GA4_COLLECT_URL = 'https://www.google-analytics.com/mp/collect';

/**
 * The analytics id rule (spec part 1 §6): a GA4 measurement id is `G-` followed by 10 letters or
 * digits; any other value is not initialised.
 */
export const isGa4MeasurementId = (id: string | undefined | null): id is string => typeof id === 'string' && /^G-[A-Z0-9]{10}$/.test(id);

export interface PageViewSink {
  /** Sends one page view of `route` (a route pattern); never throws, never waits for an answer it does not need. */
  pageView(route: string): void;
}

export interface MeasurementProtocolOptions {
  measurementId: string | undefined;
  apiSecret: string | undefined;
  publicUrl: string;
  collectUrl?: string;
  fetch?: typeof fetch;
  /** Something an operator should know (a bad id, the endpoint failing); never carries the secret. */
  onWarning?: (message: string, details?: Record<string, unknown>) => void;
}

/**
 * GA4 page views through the Measurement Protocol (ADR 041), or null when GA4 is not configured or
 * its measurement id breaks the rule. Each consented page view is one `page_view` event whose
 * `page_location` is the public address of the route pattern; its `client_id` is random per
 * event: Hireloop keeps no identifier of a visitor, so GA4's users and sessions mean nothing and
 * its page views are right.
 */
export function createGa4PageViewSink(options: MeasurementProtocolOptions): PageViewSink | null {
  const warn = options.onWarning ?? (() => undefined);
  if (!options.measurementId && !options.apiSecret) return null;
  if (!isGa4MeasurementId(options.measurementId)) {
    warn('GA4_MEASUREMENT_ID is not a GA4 measurement id (G- and 10 letters or digits): GA4 page views are not initialised');
    return null;
  }
  if (!options.apiSecret) {
    warn('GA4_MEASUREMENT_ID needs GA4_API_SECRET: GA4 page views are not initialised');
    return null;
  }
  const url = new URL(options.collectUrl ?? GA4_COLLECT_URL);
  url.searchParams.set('measurement_id', options.measurementId);
  url.searchParams.set('api_secret', options.apiSecret);
  const target = url.toString();
  const base = options.publicUrl.replace(/\/$/, '');
  const send = options.fetch ?? fetch;
  let failing = false;
  return {
    pageView(route) {
      const body = JSON.stringify({ client_id: randomUUID(), events: [{ name: 'page_view', params: { page_location: `${base}${route}`, engagement_time_msec: 1 } }] });
      void send(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(5000) })
        .then((response) => {
          if (!response.ok && !failing) warn('GA4 page views are refused; will keep trying', { status: response.status });
          failing = !response.ok;
        })
        .catch((error: unknown) => {
          if (!failing) warn('GA4 page views cannot be sent; will keep trying', { error: error instanceof Error ? error.name : 'error' });
          failing = true;
        });
    },
  };
}
