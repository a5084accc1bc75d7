/**
 * Writes `src/routeTree.gen.ts` from the files in `src/routes`, exactly as the Vite plugin does
 * during `vite` / `vite build`, for tools that do not run Vite (a strict `tsc` on a fresh clone):
 *
 *   npx tsx frontend/scripts/generate-route-tree.ts && npx tsc -p frontend/tsconfig.json --noEmit
 *
 * `@tanstack/router-generator` is the generator inside `@tanstack/router-plugin` (its pinned
 * dependency), so it is always installed alongside it.
 */
import { Generator, getConfig } from '@tanstack/router-generator';
import { fileURLToPath } from 'node:url';
import { routeTreeConfig } from '../route-tree.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const generator = new Generator({ config: getConfig(routeTreeConfig, root), root });
await generator.run();
console.info(`Route tree written to ${routeTreeConfig.generatedRouteTree}`);
