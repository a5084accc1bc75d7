/**
 * The first screen of the job board, rendered at build time (ADR 086): `vite build` writes
 * `dist/shells.json`, `{ "/jobs": "<div …>…</div>" }`, and the server sends that HTML inside the
 * root element of those addresses (cli/src/spa.ts), so the browser paints the board's heading,
 * filters and loading list before any script has run. The SPA then renders the same screen over
 * it (`createRoot`, not hydration: nothing in it has to match).
 *
 * Rendered as a visitor's browser first renders it: no session, no answer yet (every `fetch`
 * stays pending, so lists show their loading skeletons), and no Suspense content (the lazily
 * loaded parts, the cookie banner among them, come with the scripts).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

/** The addresses given a pre-rendered first screen: the job board's (ADR 086). */
export const SHELL_PATHS = ['/jobs', '/job-board'] as const;

export const SHELLS_FILE = 'shells.json';

/**
 * React's server renderer marks a Suspense boundary that fell back (a lazily loaded part) with a
 * `<template>` whose attributes say why, with the build machine's file paths: they go. The empty
 * marker and React's boundary comments stay (harmless to `createRoot`; hydration would need them).
 */
export function cleanShell(html: string): string {
  return html.replace(/<template\b[^>]*>/g, '<template>');
}

/** Renders each of `SHELL_PATHS` with the app's own modules (through Vite, as in development). */
export async function prerenderShells(frontendRoot: string): Promise<Record<string, string>> {
  const server = await createServer({
    root: frontendRoot,
    configFile: path.join(frontendRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  const realFetch = globalThis.fetch;
  // The page's reads never answer: the shell is the screen before any answer.
  globalThis.fetch = () => new Promise<Response>(() => {});
  try {
    const { renderShell } = (await server.ssrLoadModule('/src/prerender/render-shell.tsx')) as { renderShell: (url: string) => Promise<string> };
    const shells: Record<string, string> = {};
    for (const pathname of SHELL_PATHS) shells[pathname] = cleanShell(await renderShell(pathname));
    return shells;
  } finally {
    globalThis.fetch = realFetch;
    await server.close();
  }
}

/** The Vite plugin: after a build, writes `shells.json` beside `index.html`. */
export function prerenderShellsPlugin(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'hireloop:prerender-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const shells = await prerenderShells(root);
      await writeFile(path.join(outDir, SHELLS_FILE), `${JSON.stringify(shells, null, 2)}\n`);
    },
  };
}
