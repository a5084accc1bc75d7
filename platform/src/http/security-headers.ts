import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** The app is reached over https (its public URL): browsers may be told to never use http. */
  https: boolean;
  /** Other origins the SPA may show in a frame (the AI assistant's sign-in pages, ADR 043). */
  frameSources?: readonly string[];
}

type Directives = Record<string, string[]>;

/**
 * What the SPA needs, and nothing more: sign-in tokens live in localStorage, so a script from
 * anywhere else must not run. Scripts come only from our own bundle (Vite emits no inline
 * script; the job pages' JSON-LD is a data block, which script-src does not govern). Styles
 * allow 'unsafe-inline' because Radix injects `<style>` elements (scroll lock, select
 * viewport) at run time; style injection cannot read localStorage.
 */
export const SPA_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI at /api/docs: the same, plus the data: images its stylesheet uses for icons. */
export const API_DOCS_DIRECTIVES: Directives = { ...SPA_DIRECTIVES, 'img-src': ["'self'", 'data:'] };

/** A policy as the header's text, e.g. for @fastify/swagger-ui's `staticCSP`. */
export const policyText = (directives: Directives, options: SecurityHeadersOptions) =>
  Object.entries(withUpgrade(directives, options))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

// Over https, a stray http:// URL is fetched over https rather than blocked as mixed content.
const withUpgrade = (directives: Directives, { https }: SecurityHeadersOptions): Directives =>
  https ? { ...directives, 'upgrade-insecure-requests': [] } : directives;

/** `frame-src` names the extra origins; without any, frames fall back to default-src ('self'). */
const withFrames = (directives: Directives, origins: readonly string[]): Directives =>
  origins.length ? { ...directives, 'frame-src': ["'self'", ...origins] } : directives;

const throwIfError = (error?: unknown) => {
  if (error) throw error;
};

const isSignedIn = (request: FastifyRequest) => /^Bearer\s/i.test(request.headers.authorization ?? '');

/**
 * The security headers of every answer (through helmet), and no caching of anything answered to
 * a signed-in request: a shared cache or the browser's back button must never show one person's
 * data to another.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    // Built once: @fastify/helmet called `helmet(options)` again on every request, which parsed the
    // policy and built every header's middleware anew (2–3 % of a job post's CPU, ADR 114, 123).
    // No route has helmet options of its own, nor uses `reply.helmet` or CSP nonces.
    const setHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: withUpgrade(withFrames(SPA_DIRECTIVES, options.frameSources ?? []), options) },
      // Only a site reached over https may promise to stay on https (HSTS over http is ignored, and
      // on localhost it would pin every local app to https).
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // helmet's middlewares set headers synchronously and, since helmet 8.1, throw rather than
    // pass an error on (as @fastify/helmet's own callback did).
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, throwIfError);
      done();
    });

    // Root hooks run before the routes' own onSend hooks, which may only make this stricter.
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith('/api/') || !isSignedIn(request)) return;
      const current = reply.getHeader('cache-control');
      if (typeof current === 'string' && /\bno-store\b/i.test(current)) return;
      reply.header('cache-control', 'private, no-store');
    });
  },
  { name: 'hireloop-security-headers' },
);
