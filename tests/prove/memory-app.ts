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
import { routeTableOf } from './authz-matrix';
import type { OpenApiDocument } from './fuzz';

/** The app's OpenAPI document, from the app on memory adapters (no database): for unit tests of what it declares. */
export async function openApiDocumentOfTheApp(): Promise<OpenApiDocument> {
  return (await describeTheApp()).document;
}

/** The app on memory adapters: its OpenAPI document and fastify's route table (every route, in the document or hidden from it). */
export async function describeTheApp(): Promise<{ document: OpenApiDocument; routeTable: string[] }> {
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
    return { document: app.swagger() as unknown as OpenApiDocument, routeTable: routeTableOf(app) };
  } finally {
    await app.close();
  }
}
