/**
 * Which scripts a page of the SPA needs beyond its entry, from the build's Vite manifest, so the
 * server can name them in the page's HTML (`<link rel="modulepreload">`) and the browser fetches
 * them together with the entry instead of after running it. The router splits each route's
 * component into its own chunk (autoCodeSplitting); its address follows from the route file's
 * name by TanStack Router's flat-file conventions: `job.$jobId.tsx` is `/job/:jobId`,
 * `reset-password.index.tsx` is `/reset-password` under the `reset-password.tsx` layout, and
 * `dashboard_.jobs.tsx` is `/dashboard/jobs` outside the `dashboard.tsx` layout.
 */

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

interface RouteChunks {
  /** Path segments; null for a `$param`. */
  segments: Array<string | null>;
  /** A layout (another route file nests under it): it also matches longer addresses. */
  layout: boolean;
  /** Absolute script addresses, entry and its imports left out. */
  scripts: string[];
}

const SPLIT_ROUTE = /^src\/routes\/([^/]+)\.tsx\?tsr-split=/;

/**
 * The scripts to preload for a page address, given the build's manifest and its `index.html`. What
 * the page itself loads is left out: the scripts and module preloads `index.html` names, and what
 * they import. The manifest alone does not say it once the entry module is in a chunk group (ADR
 * 109): Vite then writes no `index.html` entry (`isEntry`), and the page names the group's files.
 */
export function routePreloads(manifest: ViteManifest, indexHtml = ''): (pathname: string) => string[] {
  const pageScripts = new Set(scriptsOf(indexHtml));
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || pageScripts.has(`/${manifest[key]!.file}`));
  const inEntry = closure(manifest, entries);

  const chunksByRoute = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const name = SPLIT_ROUTE.exec(key)?.[1];
    if (!name || name === '__root') continue;
    chunksByRoute.set(name, [...(chunksByRoute.get(name) ?? []), key]);
  }
  const names = [...chunksByRoute.keys()];
  const routes: RouteChunks[] = names.map((name) => ({
    segments: segmentsOf(name),
    layout: names.some((other) => other.startsWith(`${name}.`)),
    scripts: [...closure(manifest, chunksByRoute.get(name)!)].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key]!.file}`),
  }));

  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    const scripts = routes.filter((route) => matches(route, parts)).flatMap((route) => route.scripts);
    return [...new Set(scripts)];
  };
}

/** `<link rel="modulepreload">` for each script, before `</head>` (as Vite writes its own). */
export function withModulePreloads(html: string, scripts: readonly string[]): string {
  if (scripts.length === 0) return html;
  const links = scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`);
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The addresses of the scripts a page loads: its module scripts and module preloads. */
function scriptsOf(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /^<script\b/.test(tag) || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1])
    .filter((address): address is string => address !== undefined);
}

function segmentsOf(routeName: string): Array<string | null> {
  return routeName
    .split('.')
    .filter((segment) => segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) => (segment.startsWith('$') ? null : segment));
}

function matches(route: RouteChunks, parts: string[]): boolean {
  if (route.layout ? parts.length < route.segments.length : parts.length !== route.segments.length) return false;
  return route.segments.every((segment, index) => segment === null || segment === parts[index]);
}

/** The chunks and everything they import statically. */
function closure(manifest: ViteManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}
