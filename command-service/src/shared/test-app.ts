import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import { createMemoryRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { personalDataRules, type PlanId } from '@hireloop/contracts';
import type { FastifyInstance } from 'fastify';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { createMemoryOutbox } from '@hireloop/platform/mailer/outbox';
import type { MailMessage, Mailer } from '@hireloop/platform/mailer/types';
import { startMailWorker } from '@hireloop/platform/mailer/worker';
import { mailHandlers } from '@hireloop/platform/mailer/hand-over';
import { createMemoryOutboxStore, startOutboxRelay, type OutboxStore } from '@hireloop/platform/outbox';
import { randomIds, systemClock } from '@hireloop/platform/runtime';
import { registerCommandService } from '../app';
import type { CommandServiceDeps } from './deps';

/** The command routes on memory adapters, for `app.inject()` tests. */
export async function buildTestCommandApp(overrides: Partial<CommandServiceDeps> = {}, appOptions: BaseAppOptions = {}) {
  const outbox = createMemoryOutbox({ from: 'Hireloop <no-reply@hireloop.test>', clock: overrides.clock ?? systemClock });
  const inbox = recipientsInbox(outbox);
  const storedLog = createMemoryEventStore();
  const personalData = protectPersonalData({ eventStore: storedLog, keys: createMemoryPersonalDataKeys(), rules: personalDataRules });
  // Mail appended with events waits in the outbox of the store the test runs on (a memory event store
  // carries one; a test's own wrapper without one sends no mail it reads).
  const pending = overrides.eventStore ? (overrides.eventStore as { outbox?: OutboxStore }).outbox : storedLog.outbox;
  const deps: CommandServiceDeps = {
    eventStore: personalData.eventStore,
    personalData,
    secrets: createMemoryAccountSecrets(),
    rateLimiter: createMemoryRateLimiter(),
    idempotency: createMemoryIdempotencyStore(),
    bus: createMemoryBus(),
    clock: systemClock,
    ids: randomIds,
    sessionTtlMs: 3600_000,
    publicUrl: 'http://hireloop.test',
    linkedin: null,
    mailer: inbox,
    ...overrides,
    outbox: overrides.outbox ?? pending ?? createMemoryOutboxStore(),
  };
  const stopMailWorker = await startMailWorker(deps.bus, deps.mailer);
  const outboxRelay = pending ? startOutboxRelay({ store: pending, handlers: mailHandlers(deps.mailer) }) : null;
  const app = createBaseApp(appOptions);
  await registerCommandService(app, deps);
  app.addHook('onClose', async () => {
    await stopMailWorker();
    await outboxRelay?.stop();
    await deps.bus.close();
  });
  await app.ready();
  return { app, deps, outbox, inbox };
}

/**
 * What the recipients receive, for tests that follow a link from a mail as its recipient would
 * (the outbox itself never keeps the secrets). Everything else goes on to the outbox.
 */
export function recipientsInbox(outbox: Mailer) {
  const received: MailMessage[] = [];
  const keys = new Set<string>();
  return {
    kind: outbox.kind,
    async send(message: MailMessage, options?: { key?: string }) {
      await outbox.send(message, options);
      // A mail sent again with its key (a relay's retry) is the same mail: received once.
      if (options?.key && keys.has(options.key)) return;
      if (options?.key) keys.add(options.key);
      received.unshift(message);
    },
    list: (options?: Parameters<Mailer['list']>[0]) => outbox.list(options),
    forget: (address: string) => outbox.forget(address),
    close: () => outbox.close(),
    /** Mails as delivered to `to`, newest first, secrets included. */
    receivedBy: (to: string) => received.filter((mail) => mail.to === to.toLowerCase()),
  } satisfies Mailer & { receivedBy(to: string): MailMessage[] };
}

export const candidate = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 5555 0100',
  password: 'correct horse battery',
  location: 'London, UK',
  currentRole: 'Software Engineer',
  skills: ['TypeScript', 'PostgreSQL'],
};

export const company = {
  companyName: 'Northwind Analytics',
  contactName: 'Maya Okafor',
  email: 'talent@northwind.example',
  phone: '+1 512 555 0142',
  password: 'a-long-enough-secret',
  website: 'https://northwind.example',
  location: 'Austin, TX',
  industry: 'Data',
};

/**
 * Puts the company of `token` on `planId` the way a company user does: the free plan at once, a
 * paid plan through the simulated checkout (it starts the plan's trial). For tests whose company
 * posts more jobs than the free plan allows (plan limits, ADR 030).
 */
export async function subscribeToPlan(app: { inject: FastifyInstance['inject'] }, token: string, planId: PlanId): Promise<void> {
  const created = await app.inject({ method: 'POST', url: '/api/subscription/create', headers: { authorization: `Bearer ${token}` }, payload: { planId } });
  if (created.statusCode !== 200) throw new Error(`Choosing ${planId} failed: ${created.statusCode} ${created.body}`);
  const { checkoutUrl } = created.json<{ checkoutUrl?: string }>();
  if (!checkoutUrl) return;
  const confirmed = await app.inject({
    method: 'POST',
    url: `${new URL(checkoutUrl, 'http://localhost').pathname}/confirm`,
    payload: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (confirmed.statusCode !== 303) throw new Error(`The test checkout for ${planId} failed: ${confirmed.statusCode} ${confirmed.body}`);
}
