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
};
