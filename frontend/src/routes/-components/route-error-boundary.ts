import { lazy } from 'react';

/**
 * The shared error screen as data routes name it (ADR 060): fetched only when an error shows. The
 * router preloads every split screen of a route with its page (TanStack Router's `loadRouteChunk`),
 * so a split `errorComponent` would cost each first load a request and its bytes (the /jobs budget,
 * ADR 014); this stays in the route tree and loads `route-error.tsx` on demand instead.
 */
export const RouteError = lazy(() => import('./route-error').then((module) => ({ default: module.RouteError })));
