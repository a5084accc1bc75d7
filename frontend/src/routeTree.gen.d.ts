/**
 * Stand-in for `routeTree.gen.ts` so `tsc` runs on a fresh clone, before anything has generated
 * the real file (it is gitignored). TypeScript prefers a `.ts` file over a `.d.ts` of the same
 * name, so once `routeTree.gen.ts` exists (`npm run build -w @hireloop/frontend`, `vite`, or
 * `tsx frontend/scripts/generate-route-tree.ts`) this file is ignored and route paths are
 * checked exactly. Until then they are only checked loosely (any path is accepted).
 */
import type { AnyRoute } from '@tanstack/react-router';

export declare const routeTree: AnyRoute;

declare module '@tanstack/react-router' {
  interface FileRoutesByPath {
    [path: `/${string}`]: {
      id: string;
      path: string;
      fullPath: string;
      preLoaderRoute: AnyRoute;
      parentRoute: AnyRoute;
    };
  }
}
