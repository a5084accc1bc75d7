import { createMemoryAccountSecrets } from '@hireloop/platform/accounts/memory';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import { createMemoryRateLimiter } from '@hireloop/platform/rate-limit/memory';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { personalDataRules } from '@hireloop/contracts';
import { createBaseApp, type BaseAppOptions } from '@hireloop/platform/http/app';
import { createMemoryOutbox } from '@hireloop/platform/mailer/outbox';
import type { MailMessage, Mailer } from '@hireloop/platform/mailer/types';
import { startMailWorker } from '@hireloop/platform/mailer/worker';
import { randomIds, systemClock } from '@hireloop/platform/runtime';
import { registerCommandService } from '../app';
import type { CommandServiceDeps } from './deps';

/** The command routes on memory adapters, for `app.inject()` tests. */
export async function buildTestCommandApp(overrides: Partial<CommandServiceDeps> = {}, appOptions: BaseAppOptions = {}) {
  const outbox = createMemoryOutbox({ from: 'Hireloop <no-reply@hireloop.test>', clock: overrides.clock ?? systemClock });
  const inbox = recipientsInbox(outbox);
  const personalData = protectPersonalData({ eventStore: createMemoryEventStore(), keys: createMemoryPersonalDataKeys(), rules: personalDataRules });
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
  };
  const stopMailWorker = await startMailWorker(deps.bus, deps.mailer);
  const app = createBaseApp(appOptions);
  await registerCommandService(app, deps);
  app.addHook('onClose', async () => {
    await stopMailWorker();
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
  return {
    kind: outbox.kind,
    async send(message: MailMessage) {
      await outbox.send(message);
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
