import { createPostgresAccountSecrets } from '@hireloop/platform/accounts/postgres';
import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import { createPostgresIdempotencyStore } from '@hireloop/platform/idempotency/postgres';
import type { IdempotencyStore } from '@hireloop/platform/idempotency/types';
import { createOidcProvider, type IdentityProvider } from '@hireloop/platform/identity/oidc';
import { createPostgresOutbox } from '@hireloop/platform/mailer/outbox';
import { createSmtpMailer } from '@hireloop/platform/mailer/smtp';
import type { Mailer } from '@hireloop/platform/mailer/types';
import { createPostgresRateLimiter } from '@hireloop/platform/rate-limit/postgres';
import type { RateLimiter } from '@hireloop/platform/rate-limit/types';
import { createMemoryBus, createNatsBus, type Bus } from '@hireloop/platform/bus/index';
import type { Config } from '@hireloop/platform/config';
import { startEmbeddedPostgres } from '@hireloop/platform/embedded-postgres';
import { createPostgresEventStore, type EventStore } from '@hireloop/platform/event-store/index';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store/index';
import { randomIds, systemClock, type Clock, type IdGenerator } from '@hireloop/platform/runtime';
import pg from 'pg';

/** Every adapter a process needs, chosen by configuration only. */
export interface Runtime {
  eventStore: EventStore;
  readStore: ReadStore;
  secrets: AccountSecrets;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyStore;
  mailer: Mailer;
  linkedin: IdentityProvider | null;
  bus: Bus;
  clock: Clock;
  ids: IdGenerator;
  /** Where the database lives, for the start-up banner (password removed). */
  databaseLabel: string;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, log: (line: string) => void = () => undefined): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  try {
    let databaseUrl = config.DATABASE_URL;
    let databaseLabel: string;
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      url.password = '';
      databaseLabel = url.toString();
    } else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (line) => (/ERROR|FATAL|PANIC/.test(line) ? log(line) : undefined), notice: log });
      closers.unshift(embedded.stop);
      databaseUrl = embedded.url;
      databaseLabel = `embedded PostgreSQL, data in ${config.dataDir}`;
    }

    // JIT compilation costs tens of milliseconds on the short read-model queries and saves nothing.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => log(`PostgreSQL connection lost: ${error.message}`));
    closers.unshift(() => pool.end());
    const eventStore = await createPostgresEventStore({ pool });
    closers.unshift(() => eventStore.close());
    const readStore = await createPostgresReadStore({ pool });
    closers.unshift(() => readStore.close());
    const secrets = await createPostgresAccountSecrets({ pool });
    closers.unshift(() => secrets.close());
    const rateLimiter = await createPostgresRateLimiter({ pool });
    const idempotency = await createPostgresIdempotencyStore({ pool });
    const mailer = config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : await createPostgresOutbox({ pool, from: config.MAIL_FROM, clock: systemClock });
    closers.unshift(() => mailer.close());
    const linkedin =
      config.LINKEDIN_CLIENT_ID && config.LINKEDIN_CLIENT_SECRET
        ? createOidcProvider({
            name: 'linkedin',
            issuer: config.LINKEDIN_ISSUER,
            clientId: config.LINKEDIN_CLIENT_ID,
            clientSecret: config.LINKEDIN_CLIENT_SECRET,
            redirectUri: `${config.publicUrl.replace(/\/$/, '')}/api/auth/linkedin/callback`,
            allowInsecureRequests: config.LINKEDIN_ISSUER.startsWith('http://'),
          })
        : null;
    const bus = config.NATS_URL
      ? await createNatsBus({ servers: config.NATS_URL, subjectPrefix: config.NATS_PREFIX, streamName: `${config.NATS_PREFIX.toUpperCase()}_WORK` })
      : createMemoryBus();
    closers.unshift(() => bus.close());

    return {
      eventStore,
      readStore,
      secrets,
      rateLimiter,
      idempotency,
      mailer,
      linkedin,
      bus,
      clock: systemClock,
      ids: randomIds,
      databaseLabel,
      async close() {
        for (const close of closers) await close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}
