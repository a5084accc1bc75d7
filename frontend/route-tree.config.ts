import { fileURLToPath } from 'node:url';

/**
 * One configuration for the TanStack Router generator, shared by the Vite plugin and by
 * `scripts/generate-route-tree.ts`, so both write the same `src/routeTree.gen.ts`.
 */
export const routeTreeConfig = {
  target: 'react' as const,
  routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
  generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
  quoteStyle: 'single' as const,
  semicolons: true,
  autoCodeSplitting: true,
  // A route's loader travels with its page (ADR 060): the route tree, part of every first load,
  // keeps only what the router needs before any page's chunk (search schemas, the pending screen,
  // the error screen's lazy wrapper: routes/-components/route-error-boundary.ts).
  codeSplittingOptions: {
    defaultBehavior: [['loader', 'component'], ['notFoundComponent']] as Array<Array<'loader' | 'component' | 'notFoundComponent'>>,
  },
};
