import { createAi, type AiPort } from '@hireloop/platform/ai';
import { createPostgresAccountSecrets } from '@hireloop/platform/accounts/postgres';
import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import { createPostgresIdempotencyStore } from '@hireloop/platform/idempotency/postgres';
import type { IdempotencyStore } from '@hireloop/platform/idempotency/types';
import { createOidcProvider, type IdentityProvider } from '@hireloop/platform/identity/oidc';
import { createPostgresOutbox } from '@hireloop/platform/mailer/outbox';
import { createSmtpMailer } from '@hireloop/platform/mailer/smtp';
import type { Mailer } from '@hireloop/platform/mailer/types';
import type { OutboxStore } from '@hireloop/platform/outbox';
import { createPostgresRateLimiter } from '@hireloop/platform/rate-limit/postgres';
import type { RateLimiter } from '@hireloop/platform/rate-limit/types';
import { createMemoryBus, createNatsBus, type Bus } from '@hireloop/platform/bus';
import type { Config } from '@hireloop/platform/config';
import { startEmbeddedPostgres } from '@hireloop/platform/embedded-postgres';
import { createPostgresEventStore, type EventStore, type LegacyRedaction } from '@hireloop/platform/event-store';
import { createPostgresOutboxStore, insertOutboxMessages } from '@hireloop/platform/outbox/postgres';
import { createPostgresPersonalDataKeys } from '@hireloop/platform/personal-data/postgres';
import { createPostgresProfilePictures } from '@hireloop/platform/profile-pictures/postgres';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import { protectPersonalData, type PersonalDataProtection } from '@hireloop/platform/personal-data/protected-event-store';
import { personalDataRules } from '@hireloop/contracts';
import { migrate } from '@hireloop/platform/migrations/migrate';
import { createPayments, type PaymentsPort } from '@hireloop/platform/payments';
import { assistantSettings, createAssistant, type AssistantPort } from '@hireloop/platform/assistant';
import type { AssistantSettings } from '@hireloop/contracts';
import { createGa4PageViewSink, createWebAnalytics, type PageViewSink, type WebAnalyticsPort } from '@hireloop/platform/web-analytics';
import { createPostgresReadStore, type ReadStore } from '@hireloop/platform/read-store';
import { randomIds, systemClock, type Clock, type IdGenerator } from '@hireloop/platform/runtime';
import { createPostgresReactionCheckpoints, type ReactionCheckpoints } from '@hireloop/platform/reactions/checkpoints';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { describeUnavailable, survivePoolErrors } from '@hireloop/platform/database/availability';

/** Every adapter a process needs, chosen by configuration only. */
export interface Runtime {
  /** The log as the app reads and writes it: personal fields sealed on append, opened on read (ADR 019). */
  eventStore: EventStore;
  /** The log as stored, personal fields sealed: for tools that must see exactly what is kept. */
  storedLog: StoredLog;
  /** The log is kept apart from PostgreSQL (EVENT_STORE=kurrentdb): /healthz probes it too. */
  eventLogApart: boolean;
  /** Forgets a person (ADR 019). */
  personalData: PersonalDataProtection;
  readStore: ReadStore;
  secrets: AccountSecrets;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyStore;
  mailer: Mailer;
  /** Work appended with events (mail), for the outbox relay of a command service (ADR 053). */
  outbox: OutboxStore;
  /** Profile pictures and cover photos as files, beside the log (ADR 046). */
  pictures: ProfilePictureStore;
  linkedin: IdentityProvider | null;
  /** The AI port chosen by AI_PROVIDER (ADR 025). */
  ai: AiPort;
  /** The Payments port: Stripe when STRIPE_SECRET_KEY is set, else the simulated checkout (ADR 030). */
  payments: PaymentsPort;
  /** The AI-assistant connection: the `http` adapter when ASSISTANT_API_URL is set, else the built-in provider (ADR 043). */
  assistant: { port: AssistantPort | null; settings: AssistantSettings; apiKey?: string };
  /** The admin Analytics tab's GA4 section: the GA4 Data API when GA4_PROPERTY_ID is set, else 'GA4 not configured' (ADR 034). */
  webAnalytics: WebAnalyticsPort;
  /** Consented page views also go to GA4 when GA4_MEASUREMENT_ID and GA4_API_SECRET are set (ADR 041); else null. */
  pageViewSink: PageViewSink | null;
  /** How far each reaction has read the log (they resume there after a restart). */
  reactionCheckpoints: ReactionCheckpoints;
  bus: Bus;
  clock: Clock;
  ids: IdGenerator;
  /** Where the database lives, for the start-up banner (password removed). */
  databaseLabel: string;
  /** The shared connection pool (health probes). */
  pool: pg.Pool;
  /** How long making this runtime took, by step (the start-up line: where a restart spends its time). */
  startupMs: { database: number; migrations: number; adapters: number; bus: number };
  close(): Promise<void>;
}

/** The log as stored: PostgreSQL's or KurrentDB's (EVENT_STORE, ADR 075), with the outbox its appends fill. */
export type StoredLog = EventStore & Partial<LegacyRedaction> & { readonly outbox: OutboxStore };

/**
 * The log EVENT_STORE names. KurrentDB keeps the events only: the outbox stays in PostgreSQL
 * (written right after the events, ADR 075), and so do checkpoints, secrets and the rest. A
 * KurrentDB that cannot be reached stops start-up, naming KURRENTDB_URL.
 */
export async function openStoredLog(config: Config, pool: pg.Pool): Promise<StoredLog> {
  if (config.eventStore.kind === 'postgres') return createPostgresEventStore({ pool, groupCommit: config.EVENT_STORE_GROUP_COMMIT === 'on' });
  // Loaded only when configured: the KurrentDB client (gRPC) takes seconds to load on a busy
  // machine, and every process restart (a projections process killed, say) would pay for it.
  const { createKurrentDbEventStore } = await import('@hireloop/platform/event-store/kurrentdb');
  const table = 'public.outbox_messages';
  const listeners = new Set<() => void>();
  const outbox = createPostgresOutboxStore({
    pool,
    table,
    onAdded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return createKurrentDbEventStore({
    connectionString: config.eventStore.url,
    outbox: {
      ...outbox,
      async add(messages) {
        await insertOutboxMessages(pool, table, messages);
        for (const listener of listeners) listener();
      },
    },
  });
}

/** The configured PostgreSQL: `DATABASE_URL`, or the embedded one in `DATA_DIR` (started if need be). */
export interface Database {
  url: string;
  /** Where it lives, for messages (password removed). */
  label: string;
  /** Stops the embedded server if this process started it. */
  stop(): Promise<void>;
}

export async function openDatabase(config: Config, log: (line: string) => void = () => undefined): Promise<Database> {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    url.password = '';
    return { url: config.DATABASE_URL, label: url.toString(), stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (line) => (/ERROR|FATAL|PANIC/.test(line) ? log(line) : undefined), notice: log });
  return { url: embedded.url, label: `embedded PostgreSQL, data in ${config.dataDir}`, stop: embedded.stop };
}

/**
 * NATS_URL is set and the server cannot be reached: said to the person starting hireloop in one
 * sentence, naming the variable (the CLI prints it without a stack trace).
 */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}

export interface RuntimeOptions {
  /**
   * false: this process needs no bus (a CLI command that only reads, or appends events: the
   * processes that follow the log find them by LISTEN/NOTIFY and polling; ADR 050). It then
   * works while NATS is away; anything that would queue work on the bus throws, saying so.
   * Default true: NATS when NATS_URL is set, else the in-process bus.
   */
  bus?: boolean;
}

/** The bus of a process that needs none: notifications are dropped (they are hints), work is refused. */
export function createNoBus(): Bus {
  const refuse = async (): Promise<never> => {
    throw new Error('This command runs without a bus and cannot queue work for other processes (mail, reactions).');
  };
  return {
    publish: async () => undefined,
    subscribe: async () => async () => undefined,
    enqueue: refuse,
    work: refuse,
    close: async () => undefined,
  };
}

/**
 * The read store MONGODB_URL names cannot be used (unreachable, or not a replica set): said to the
 * person starting hireloop in one line naming the variable.
 */
export class ReadStoreUnavailableError extends Error {
  override name = 'ReadStoreUnavailableError';
}

/** The read models' store (ADR 073): PostgreSQL (the pool's database), or MongoDB at MONGODB_URL. */
export async function openReadStore(config: Pick<Config, 'readStore'>, pool: pg.Pool): Promise<ReadStore> {
  if (config.readStore.kind === 'postgres') return createPostgresReadStore({ pool });
  // Loaded only when configured, as the KurrentDB client is (the driver takes a second or more to load).
  const { createMongoReadStore, MongoReadStoreUnavailableError } = await import('@hireloop/platform/read-store/mongodb');
  try {
    return await createMongoReadStore({ url: config.readStore.url });
  } catch (error) {
    if (!(error instanceof MongoReadStoreUnavailableError)) throw error;
    throw new ReadStoreUnavailableError(`${error.message} (MONGODB_URL). Start it, or set MONGODB_URL to a running replica set (READ_STORE=postgres keeps the read models in PostgreSQL).`, { cause: error });
  }
}

/** NATS_URL without the credentials it may hold, for messages. */
const natsLabel = (url: string) => url.replace(/\/\/[^@\s/,]*@/g, '//[REDACTED]@');

export async function createRuntime(config: Config, log: (line: string) => void = () => undefined, options: RuntimeOptions = {}): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  try {
    let lap = performance.now();
    const took = () => {
      const now = performance.now();
      const ms = now - lap;
      lap = now;
      return Math.round(ms);
    };
    const database = await openDatabase(config, log);
    const databaseMs = took();
    closers.unshift(database.stop);
    const databaseUrl = database.url;
    const databaseLabel = database.label;
    // Every process brings the schema up to date before its adapters check for their tables;
    // processes starting together take turns (ADR 022).
    await migrate(databaseUrl, { log });
    const migrationsMs = took();

    // JIT compilation costs tens of milliseconds on the short read-model queries and saves nothing.
    // A connection that does not open within 5 s fails the request (503) instead of holding it.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off', connectionTimeoutMillis: 5_000 });
    // A connection dropped by the server (restart, failover), idle or in use, must not crash the
    // process; the pool opens a new one on the next checkout (ADR 050). Said once per outage.
    let lostAt = 0;
    survivePoolErrors(pool, (error) => {
      if (Date.now() - lostAt > 10_000) log(`PostgreSQL connection lost: ${describeUnavailable(error)}`);
      lostAt = Date.now();
    });
    closers.unshift(() => pool.end());
    const storedLog = await openStoredLog(config, pool);
    closers.unshift(() => storedLog.close());
    const personalData = protectPersonalData({ eventStore: storedLog, keys: await createPostgresPersonalDataKeys({ pool }), rules: personalDataRules });
    const eventStore = personalData.eventStore;
    const readStore = await openReadStore(config, pool);
    closers.unshift(() => readStore.close());
    // Active sessions remembered per process, evicted on every revocation heard from PostgreSQL (ADR 029).
    const secrets = await createPostgresAccountSecrets({
      pool,
      cacheSessions: { onError: (error) => log(`Session revocations not heard (sessions are read from the database until listening again): ${error instanceof Error ? error.message : String(error)}`) },
    });
    closers.unshift(() => secrets.close());
    const rateLimiter = await createPostgresRateLimiter({ pool });
    const reactionCheckpoints = await createPostgresReactionCheckpoints({ pool });
    const idempotency = await createPostgresIdempotencyStore({ pool });
    const pictures = await createPostgresProfilePictures({ pool });
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
    const adaptersMs = took();
    const natsUrl = config.NATS_URL;
    const bus =
      options.bus === false
        ? createNoBus()
        : natsUrl
          ? await createNatsBus({ servers: natsUrl, subjectPrefix: config.NATS_PREFIX, streamName: `${config.NATS_PREFIX.toUpperCase()}_WORK` }).catch((error: unknown) => {
              const reason = error instanceof Error ? error.message : String(error);
              throw new BusUnavailableError(`NATS at ${natsLabel(natsUrl)} (NATS_URL) cannot be reached: ${reason}. Start it, or set NATS_URL to a running server.`, { cause: error });
            })
          : createMemoryBus();
    closers.unshift(() => bus.close());
    const busMs = took();
    const webAnalytics = createWebAnalytics(config);
    closers.unshift(async () => webAnalytics.close?.());
    const pageViewSink = createGa4PageViewSink({
      measurementId: config.GA4_MEASUREMENT_ID,
      apiSecret: config.GA4_API_SECRET,
      publicUrl: config.publicUrl,
      collectUrl: config.GA4_MEASUREMENT_PROTOCOL_URL,
      onWarning: (message, details) => console.warn(`[hireloop] ${message}${details ? ` ${JSON.stringify(details)}` : ''}`),
    });

    return {
      eventStore,
      storedLog,
      eventLogApart: config.eventStore.kind !== 'postgres',
      personalData,
      readStore,
      secrets,
      rateLimiter,
      idempotency,
      mailer,
      outbox: storedLog.outbox,
      pictures,
      linkedin,
      ai: createAi(config, { now: () => systemClock.now() }),
      payments: createPayments(config, systemClock),
      assistant: { port: createAssistant(config), settings: assistantSettings(config), apiKey: config.ASSISTANT_API_KEY },
      webAnalytics,
      pageViewSink,
      reactionCheckpoints,
      bus,
      clock: systemClock,
      ids: randomIds,
      databaseLabel,
      pool,
      startupMs: { database: databaseMs, migrations: migrationsMs, adapters: adaptersMs, bus: busMs },
      async close() {
        for (const close of closers) await close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}
