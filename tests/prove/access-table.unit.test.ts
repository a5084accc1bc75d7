import { describe, expect, it } from 'vitest';
import { personalDataRules } from '@hireloop/contracts';
import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import { createMemoryOutbox } from '@hireloop/platform/mailer/outbox';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { createMemoryRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { randomIds, systemClock } from '@hireloop/platform/runtime';
import { buildApp } from '../../cli/src/app';
import { ACCESS } from './access-table';
import { undeclared } from './authz-matrix';

/*
 * The authorisation matrix of `npm run prove` (ADR 089) calls the routes declared in
 * access-table.ts: every route of the app (its route table, as the OpenAPI document lists it) must
 * have a line there, so a new route is declared — who may call it — when it is added.
 */
async function routesOfTheApp() {
  const storedLog = createMemoryEventStore();
  const personalData = protectPersonalData({ eventStore: storedLog, keys: createMemoryPersonalDataKeys(), rules: personalDataRules });
  const app = await buildApp(
    {
      eventStore: personalData.eventStore,
      personalData,
      readStore: createMemoryReadStore(),
      secrets: createMemoryAccountSecrets(),
      rateLimiter: createMemoryRateLimiter(),
      idempotency: createMemoryIdempotencyStore(),
      mailer: createMemoryOutbox({ from: 'Hireloop <no-reply@hireloop.test>', clock: systemClock }),
      outbox: storedLog.outbox,
      bus: createMemoryBus(),
      clock: systemClock,
      ids: randomIds,
    },
    { spaDir: false, projections: false, logger: false },
  );
  try {
    await app.ready();
    const paths = (app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    return Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
  } finally {
    await app.close();
  }
}

describe('the access table', () => {
  it('declares every route of the app, and nothing else', async () => {
    const routes = await routesOfTheApp();
    expect(routes.length).toBeGreaterThan(100);
    expect(undeclared(routes)).toEqual({ missing: [], stale: [] });
  });

  it('a route the app gains without a declaration is reported', () => {
    expect(undeclared([...Object.keys(ACCESS), 'POST /api/brand-new/{id}']).missing).toEqual(['POST /api/brand-new/{id}']);
  });

  it('every object route declares a status for each way a caller stands to the object', () => {
    for (const [route, access] of Object.entries(ACCESS)) {
      if (!('object' in access)) continue;
      for (const relation of ['visitor', 'owner', 'sameKind', 'otherKind', 'admin', 'superAdmin'] as const) expect(access.expect[relation], `${route} ${relation}`).toBeTypeOf('number');
    }
  });
});
