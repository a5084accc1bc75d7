import type { FastifyRequest } from 'fastify';

/**
 * The origin a browser is on, for links it follows straight away (the checkout's and the billing
 * portal's return; ADR 063): the request's `Origin` when it is `PUBLIC_URL`'s origin, or the
 * origin this request reached (same-origin: `Origin` names the host and scheme the request came
 * to, through a trusted proxy's `X-Forwarded-*` when `TRUST_PROXY` says so). Anything else —
 * no `Origin`, `null`, another site — gets `PUBLIC_URL`. A browser cannot forge `Origin`, so a
 * page elsewhere cannot send a company's browser back to itself. Links in mails never use this:
 * they are read later, elsewhere, and use `PUBLIC_URL` only.
 */
export function browserOrigin(request: Pick<FastifyRequest, 'headers' | 'host' | 'protocol'>, publicUrl: string): string {
  const fallback = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === fallback) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return fallback;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) return fallback;
  const sameOrigin = parsed.protocol === `${request.protocol}:` && parsed.host === request.host;
  return sameOrigin ? origin : fallback;
}
