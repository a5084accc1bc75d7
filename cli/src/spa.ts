import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePreloads, withModulePreloads, type ViteManifest } from './route-preloads';

/**
 * How the built SPA (`frontend/dist`) is served, by the app and by the gateway alike (ADR 014).
 *
 * Vite names everything under `assets/` by its content hash, so such a file never changes: the
 * browser keeps it for a year without asking again. The build writes each one brotli- and
 * gzip-compressed beside it (`.br`, `.gz`), sent as the request's Accept-Encoding allows. The
 * HTML names the current assets, so the browser asks for it on every visit.
 */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PAGE_CACHE_CONTROL = 'no-cache';
/** Files without a hash in their name (the favicon): a changed one shows within the hour. */
export const FILE_CACHE_CONTROL = 'public, max-age=3600';

export interface Spa {
  root: string;
  /** `index.html`, read once: every page, the server-rendered job pages included, starts from it. */
  indexHtml: string;
  /** The route chunks a page address needs (from the build's manifest; none without one). */
  preloads: (pathname: string) => string[];
  /** Whether an address is a page of the SPA (from the build's `routes.json`; every address without one). */
  knowsPage: (pathname: string) => boolean;
  /** The pre-rendered first screen of an address, for its root element (the build's `shells.json`, ADR 086), or null. */
  shell: (pathname: string) => string | null;
}

/**
 * Whether `pathname` is one of the SPA's page addresses (`/job/$jobId`: a `$` segment is any one
 * segment). Any other address still gets the SPA, which shows its not-found page, but with a 404
 * status, so crawlers do not index it (issue 15).
 */
export function pageMatcher(routes: readonly string[]): (pathname: string) => boolean {
  const patterns = routes.map((route) => route.split('/').filter(Boolean));
  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    return patterns.some((pattern) => pattern.length === parts.length && pattern.every((segment, index) => segment.startsWith('$') || segment === parts[index]));
  };
}

/** The built SPA in `dir`, or null when there is none to serve (not built, or turned off). */
export function loadSpa(dir: string | false): Spa | null {
  if (dir === false) return null;
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return null;
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const routesFile = path.join(root, 'routes.json');
  const knowsPage = existsSync(routesFile) ? pageMatcher(JSON.parse(readFileSync(routesFile, 'utf8')) as string[]) : () => true;
  const shellsFile = path.join(root, 'shells.json');
  const shells = new Map(Object.entries(existsSync(shellsFile) ? (JSON.parse(readFileSync(shellsFile, 'utf8')) as Record<string, string>) : {}));
  const indexHtml = readFileSync(index, 'utf8');
  return { root, indexHtml, preloads: routePreloads(manifest, indexHtml), knowsPage, shell: (pathname) => shells.get(pathname) ?? null };
}

/**
 * The page with its pre-rendered first screen in the root element (ADR 086): the browser paints
 * it before any script has run, and the SPA renders over it. Only for the address without a query:
 * the screen shows the default filters, and a board asked for with others must not show these first.
 */
export function withShell(html: string, spa: Spa, url: string): string {
  const [pathname = '/', query] = url.split('?');
  const shell = query === undefined ? spa.shell(pathname) : null;
  return shell === null ? html : html.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`);
}

/** A page of the app rendered on the server (a job page), or null to send the plain SPA. */
export type RenderPage = (pathname: string) => Promise<{ status: number; html: string } | null>;

/**
 * A file's extension (`.js`, `.svg`, `.webmanifest`): a dot and a few letters or digits. A page's
 * address may hold a dot too, inside a token (`/invitation/<id>.<43-character secret>`, ADR 031),
 * and is still a page.
 */
const hasFileExtension = (pathname: string) => /^\.[a-z0-9]{1,12}$/i.test(path.extname(pathname));

/**
 * Answers what no route matched: a GET for an address without a file extension outside `/api`
 * is a page of the SPA (its router decides what to show), sent with the scripts of its route
 * to preload; anything else is a JSON 404.
 */
export function spaFallback(spa: Spa | null, renderPage?: RenderPage) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && !hasFileExtension(pathname);
    if (!spa || !isPage) return reply.status(404).send({ success: false, error: `No route for ${request.method} ${pathname}` });
    const page = (await renderPage?.(pathname).catch(() => null)) ?? { status: spa.knowsPage(pathname) ? 200 : 404, html: withShell(spa.indexHtml, spa, request.url) };
    return reply
      .status(page.status)
      .header('cache-control', PAGE_CACHE_CONTROL)
      .type('text/html; charset=utf-8')
      .send(withModulePreloads(page.html, spa.preloads(pathname)));
  };
}

/**
 * Serves the files of the build (`/assets/…`, `/favicon.svg`) with the cache rules above. Pages,
 * `/` included, are spaFallback's.
 */
export async function serveSpaFiles(app: FastifyInstance, spa: Spa) {
  const assets = path.join(spa.root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: spa.root,
    // Routes for the files present at start-up (`.vite/` not among them); any other address
    // falls through to spaFallback.
    wildcard: false,
    // The compressed copies are variants of their file, not addresses of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    index: false,
    preCompressed: true,
    cacheControl: false,
    // `file` is the file actually sent, the `.br` or `.gz` copy included.
    setHeaders: (reply, file) => {
      const cacheControl = file.startsWith(assets) ? ASSET_CACHE_CONTROL : path.basename(file) === 'index.html' ? PAGE_CACHE_CONTROL : FILE_CACHE_CONTROL;
      reply.header('cache-control', cacheControl);
    },
  });
}

/**
 * `/signup` (the profile page's "Sign Up as Company" opens `/signup?type=company`, spec part 2) is
 * no page of its own: it sends the browser to `/signin`, which opens the sign-up dialog on that tab.
 */
export function registerPageRedirects(app: FastifyInstance) {
  app.get('/signup', { schema: { hide: true } }, async (request, reply) => {
    const type = (request.query as Record<string, unknown> | undefined)?.type;
    return reply.redirect(`/signin?join=${type === 'company' ? 'company' : 'candidate'}`, 302);
  });
}
