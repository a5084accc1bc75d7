import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routeTreeConfig } from './route-tree.config.ts';
import { prerenderShellsPlugin } from './scripts/prerender-shells.ts';

/**
 * Every lucide-react icon built with `src/lib/lucide-icon.ts` instead of the package's generic
 * `Icon` (ADR 102): the same `<svg>`, ~1 kB gzipped less on a first visit. Build only: tests and the
 * pre-render use lucide-react as published.
 */
function lucideIconsPlugin(): Plugin {
  const ours = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));
  return {
    name: 'hireloop:lucide-icons',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../createLucideIcon.mjs' && importer && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)) return ours;
      return null;
    },
  };
}

/**
 * Vite wraps every `import()` in its preload helper, which preloads the files the imported chunk
 * needs and its stylesheets, and dispatches `vite:preloadError` when the import fails. Here every
 * list is empty (`modulePreload.resolveDependencies` below, and one stylesheet, which the page
 * links: `cssCodeSplit: false`), so the helper only calls the import: 0.5 kB gzipped on every first
 * page for nothing (ADR 111). This one calls it. A build whose chunk's import()s would preload a
 * file fails, rather than losing it.
 */
function importWithoutPreloadHelper(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'hireloop:import-without-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === helper ? helper : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : null),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          // Vite's list of the files a chunk's import()s preload, written only when one has any.
          if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps')) this.error(`${chunk.fileName}'s import()s preload files: the preload helper is needed again (ADR 111)`);
        }
      },
    },
  };
}

/**
 * The modules a first page loads: the entries and what they import statically, known when the
 * build has read every module (before the chunks are made). The `framework` group takes only the
 * packages' modules among them (ADR 109): a router or React Query module only a lazily loaded page
 * uses comes with that page, not on every first visit.
 */
function firstPageModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  return {
    has: (id) => modules.has(id),
    plugin: {
      name: 'hireloop:first-page-modules',
      apply: 'build',
      buildEnd() {
        modules.clear();
        const visit = (id: string) => {
          if (modules.has(id)) return;
          modules.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
      },
    },
  };
}

const firstPage = firstPageModules();
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack|clsx|class-variance-authority|use-sync-external-store)[\\/]/;

const zodPackage = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The router plugin must come before the React plugin: it generates the route tree and
  // splits route components into lazy chunks.
  plugins: [
    tanstackRouter(routeTreeConfig),
    lucideIconsPlugin(),
    importWithoutPreloadHelper(),
    react(),
    tailwindcss(),
    // Hashed assets compressed once, at the highest levels, for the server to send as they are
    // (brotli or gzip by Accept-Encoding; cli/src/spa.ts). A copy no smaller than its file is skipped.
    compression({ include: /^assets\/.+\.(?:js|css)$/, algorithms: ['brotliCompress', 'gzip'], skipIfLargerOrEqual: true }),
    // The job board's first screen as HTML, for the server to send before the scripts (ADR 086).
    prerenderShellsPlugin(),
    firstPage.plugin,
  ],
  resolve: {
    alias: [
      // Zod without eval, to keep the Content-Security-Policy free of 'unsafe-eval' (see the module).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      // React 19 has useSyncExternalStore: the store's selector hook (the router's) need not carry
      // the shim for React 17 (ADR 102).
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      // `zod/mini` (the contracts' answers for the board and the session, read by later pages: a
      // first page checks them without zod, ADR 095) from zod's own TypeScript source, its
      // `@zod/source` export: a core of its own, holding only what mini uses (ADR 014). The two
      // never mix schemas.
      { find: /^zod\/mini$/, replacement: path.join(zodPackage, 'src/mini/index.ts') },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads the chunks of the page it serves (cli/src/route-preloads.ts).
    manifest: true,
    // No preload helper: it put the file names of every lazily loaded chunk's imports, and the
    // helper itself, into the entry (3.0 kB gzipped of the /jobs first load, ADR 086). A lazy
    // chunk's imports are now found when it arrives (one more round trip when a dialog first
    // opens; the router still preloads a link's route on intent); the page's own come with
    // <link rel="modulepreload"> from the server. The one stylesheet is not split per chunk.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // The app's one stylesheet, linked by the page: no chunk's import() names a stylesheet to load
    // (ADR 111; the lazily loaded chunks import no CSS of their own).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // What every page needs, in one file: fewer requests and better compression than a dozen
        // small chunks, and it changes only with the dependencies (ADR 014).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // React Query's modules only as far as a first page uses them: its context (ADR 122). The
              // rest (the client, its caches, the observers) comes with the pages and parts that load it.
              test: (id: string) => FRAMEWORK.test(id) && firstPage.has(id) && (!/@tanstack[\\/](react-query|query-core)[\\/]/.test(id) || /[\\/]QueryClientProvider\.js$/.test(id)),
            },
            {
              // The app's own shared pieces (the API client, session, layout, small UI parts, the job
              // board's query and the contracts' constants the first page needs), in one file rather
              // than one per page that shares them, and the icons of the job board: 16 files of about 250
              // bytes each. With them and the constants here, a first visit to /jobs went from 28 files
              // and 150.0 kB to 10 files and 146.9 kB gzipped (ADR 014). Lazily opened parts stay out.
              // The board's parts a job's page shares (Apply, the match badge, the job's formatting,
              // their icons) are here too: on a first visit to /jobs they were six files of 160 B to
              // 1.4 kB, each with its own imports and exports (ADR 102).
              name: 'app',
              test: /frontend[\\/]src[\\/](main\.tsx|lib[\\/](lucide-icon|api-client|auth-token|auth-dialog|page-title|product|utils|search-params|use-debounced-text|page-window|lazy-query)|components[\\/](layout[\\/]|ui[\\/](button|card|input|label|badge|alert|skeleton|pagination|select-trigger|deferred-select|toast)\.)|features[\\/]auth[\\/]hooks[\\/]use-auth\.|features[\\/]jobs[\\/](api[\\/](get-jobs|get-my-application)\.|lib[\\/]format-job\.|components[\\/]apply-button\.)|lib[\\/]match-score\.|components[\\/]match-score-badge\.|routes[\\/]-components[\\/]use-job-viewer\.)|contracts[\\/]src[\\/](jobs|candidates)[\\/]constants\.|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/](check|x|plus|clock|search|lock|circle-check|eye|briefcase|map-pin|users|share-2|triangle-exclamation-point|building-complex|sparkles|globe|dollar-sign|external-link)\.mjs)/,
            },
          ],
        },
      },
    },
  },
});
