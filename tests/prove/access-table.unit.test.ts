import { describe, expect, it } from 'vitest';
import { ACCESS } from './access-table';
import { undeclared } from './authz-matrix';
import { operationsOf } from './fuzz';
import { openApiDocumentOfTheApp } from './memory-app';

/*
 * The authorisation matrix of `npm run prove` (ADR 089) calls the routes declared in
 * access-table.ts: every route of the app (its route table, as the OpenAPI document lists it) must
 * have a line there, so a new route is declared — who may call it — when it is added.
 */
describe('the access table', () => {
  it('declares every route of the app, and nothing else', async () => {
    const routes = operationsOf(await openApiDocumentOfTheApp()).map((operation) => operation.key);
    expect(routes.length).toBeGreaterThan(100);
    expect(undeclared(routes)).toEqual({ missing: [], stale: [] });
  });

  it('a route the app gains without a declaration is reported', () => {
    expect(undeclared([...Object.keys(ACCESS), 'POST /api/brand-new/{id}']).missing).toEqual(['POST /api/brand-new/{id}']);
  });

  it('every object route declares a status for each way a caller stands to the object', () => {
    for (const [route, declaration] of Object.entries(ACCESS)) {
      for (const access of Array.isArray(declaration) ? declaration : [declaration]) {
        if (!('object' in access)) continue;
        for (const relation of ['visitor', 'owner', 'sameKind', 'otherKind', 'admin', 'superAdmin'] as const) expect(access.expect[relation], `${route} ${relation}`).toBeTypeOf('number');
      }
    }
  });
});
