import { describe, expect, it } from 'vitest';
import { ACCESS, HIDDEN } from './access-table';
import { routeTableOf, undeclared } from './authz-matrix';
import { operationsOf } from './fuzz';
import { describeTheApp } from './memory-app';

/*
 * The authorisation matrix of `npm run prove` (ADR 089) calls the routes declared in
 * access-table.ts: every route of the app (its route table, as the OpenAPI document lists it) must
 * have a line there, so a new route is declared — who may call it — when it is added.
 */
describe('the access table', () => {
  it('declares every route of the app, in its OpenAPI document or hidden from it, and nothing else', async () => {
    const { document, routeTable } = await describeTheApp();
    const routes = operationsOf(document).map((operation) => operation.key);
    expect(routes.length).toBeGreaterThan(100);
    expect(routeTable.length).toBeGreaterThan(routes.length);
    expect(undeclared(routes, routeTable)).toEqual({ missing: [], stale: [] });
  });

  it('a route hidden from the document without a declaration is reported', () => {
    const documented = Object.keys(ACCESS);
    expect(undeclared(documented, [...documented, ...Object.keys(HIDDEN), 'GET /internal/{id}']).missing).toEqual(['GET /internal/{id}']);
  });

  it('reads every route of fastify’s route table, parameters as the document writes them', () => {
    const table = `├── /api/jobs (GET, HEAD, POST)
│   └── /:jobId (GET, HEAD, PUT)
│       └── /close (POST)
├── /healthz (GET, HEAD)
└── * (GET, HEAD)
`;
    expect(routeTableOf({ printRoutes: () => table })).toEqual(['GET /api/jobs', 'POST /api/jobs', 'GET /api/jobs/{jobId}', 'PUT /api/jobs/{jobId}', 'POST /api/jobs/{jobId}/close', 'GET /healthz', 'GET *']);
  });

  it('a route the app gains without a declaration is reported', () => {
    expect(undeclared([...Object.keys(ACCESS), 'POST /api/brand-new/{id}']).missing).toEqual(['POST /api/brand-new/{id}']);
  });

  it('every object route declares a status for each way a caller stands to the object', () => {
    for (const [route, declaration] of Object.entries({ ...ACCESS, ...HIDDEN })) {
      for (const access of Array.isArray(declaration) ? declaration : [declaration]) {
        if (!('object' in access)) continue;
        for (const relation of ['visitor', 'owner', 'sameKind', 'otherKind', 'admin', 'superAdmin'] as const) expect(access.expect[relation], `${route} ${relation}`).toBeTypeOf('number');
      }
    }
  });
});
