import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** First path segments under /api that Hireloop's own routes use: the assistant's segment must be another. */
const RESERVED_API_SEGMENTS = new Set(['auth', 'jobs', 'admin', 'public', 'candidates', 'profile', 'profiles', 'subscription', 'invitations', 'my-invitations', 'job-invitations', 'docs', 'analytics', 'payments', 'companies', 'company', 'parse-resume', 'extract-resume', 'api-keys', 'mcp', 'profile-pictures']);

const Schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL for events, read models and secrets. Unset in the embedded profile: started from npm. */
  DATABASE_URL: optionalSetting,
  /** NATS with JetStream. Unset: the in-process bus (one process only). */
  NATS_URL: optionalSetting,
  /** Subjects and stream names on NATS start with this, so deployments can share a server. */
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{0,30}$/, 'lower-case letters and digits, starting with a letter')
    .default('hireloop'),
  /** Where people reach the app; used in links sent by email. */
  PUBLIC_URL: optionalSetting,
  /** SMTP delivery (`smtp://host:port`); unset: mails go to the outbox (`hireloop mail`). */
  SMTP_URL: optionalSetting,
  MAIL_FROM: z.string().default('Hireloop <no-reply@hireloop.local>'),
  /** LinkedIn sign-in (OpenID Connect). Both id and secret, or neither. */
  LINKEDIN_CLIENT_ID: optionalSetting,
  LINKEDIN_CLIENT_SECRET: optionalSetting,
  LINKEDIN_ISSUER: z.string().default('https://www.linkedin.com/oauth'),
  /**
   * Which hops in front of this process are trusted to say the client's address in
   * X-Forwarded-For (ADR 051): `false` (none: the socket's address), a hop count (`1` behind
   * `serve gateway`), or the proxies' addresses / CIDRs, comma-separated.
   */
  TRUST_PROXY: optionalSetting.transform((value, context) => parseTrustProxy(value, context)),
  /** Feeds (URLs or files, comma-separated) imported on a schedule by the process that runs commands. */
  IMPORT_FEEDS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((feed) => feed.trim()).filter(Boolean)),
  IMPORT_INTERVAL_MINUTES: z.coerce.number().positive().max(7 * 24 * 60).default(60),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** How long a query waits for `X-Min-Position` before answering with what it has. */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  /** Group commit of one-stream appends (ADR 076): `on` shares a transaction between appends made meanwhile, `off` commits each alone. */
  EVENT_STORE_GROUP_COMMIT: z.enum(['on', 'off'], { error: 'EVENT_STORE_GROUP_COMMIT must be on or off' }).default('on'),
  /** `serve gateway`: where the query service replicas (comma-separated) and the command service listen (ADR 051). */
  GATEWAY_QUERY_URL: optionalSetting.transform((value, context) => (value === undefined ? undefined : parseServiceUrls('GATEWAY_QUERY_URL', value, context))),
  GATEWAY_COMMAND_URL: optionalSetting.transform((value, context) => (value === undefined ? undefined : parseServiceUrls('GATEWAY_COMMAND_URL', value, context, { single: true })?.[0])),
  /** Who reads resumes and writes candidate summaries: `local` (offline heuristics) or `openai`. */
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  /** The OpenAI adapter: key, server (any OpenAI-compatible one) and model. */
  OPENAI_API_KEY: optionalSetting,
  OPENAI_BASE_URL: optionalSetting.pipe(z.url({ error: 'OPENAI_BASE_URL must be a URL' }).optional()),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** How long reading one uploaded resume may take before its worker thread is ended. */
  RESUME_EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(15_000),
  /** How long reading one file may take when it is read by OCR (an image, a scan): OCR costs seconds a page. */
  RESUME_OCR_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(30_000),
  /** Worker threads that read resumes (each can use one core). */
  RESUME_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Each resume worker's heap limit (MB): a file that needs more ends only its worker (ADR 045). */
  RESUME_WORKER_HEAP_MB: z.coerce.number().int().min(128).max(4096).default(256),
  /**
   * Stripe (ADR 030): the secret API key turns the `stripe` payments adapter on; without it the
   * embedded `simulated` checkout is used. The webhook signing secret is required with the key
   * (and, when set alone, signs the simulated events). Both are secrets: never logged.
   */
  STRIPE_SECRET_KEY: optionalSetting,
  STRIPE_WEBHOOK_SECRET: optionalSetting,
  /** Another server speaking Stripe's API (tests); default api.stripe.com. */
  STRIPE_API_BASE: optionalSetting.pipe(z.url({ error: 'STRIPE_API_BASE must be a URL' }).optional()),
  /**
   * GA4 (ADR 034): the property whose reports the admin Analytics tab shows. Unset: the tab says
   * 'GA4 not configured'. Credentials: a service account's JSON key file, or Google's Application
   * Default Credentials (GOOGLE_APPLICATION_CREDENTIALS) when the file is not given.
   */
  GA4_PROPERTY_ID: optionalSetting.pipe(z.string().regex(/^\d{1,20}$/, 'GA4_PROPERTY_ID must be the numeric id of a GA4 property').optional()),
  GA4_CREDENTIALS_FILE: optionalSetting,
  /**
   * The AI-assistant connection (ADR 043). `ASSISTANT_API_URL` turns the `http` adapter on (the
   * external provider's API); without it the built-in provider answers from Hireloop's own board.
   * `ASSISTANT_API_KEY` is the deployment's key with the provider (or, built in, the key the
   * connect page must be given): a secret, never logged. `ASSISTANT_PATH` is the spec's
   * `{assistant}` path segment. The embedded sign-in page's messages are read only from
   * `ASSISTANT_ORIGIN` (default: the origin of `ASSISTANT_SIGNIN_URL`).
   */
  ASSISTANT_API_URL: optionalSetting.pipe(z.url({ error: 'ASSISTANT_API_URL must be a URL' }).optional()),
  ASSISTANT_API_KEY: optionalSetting,
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ASSISTANT_PATH: optionalSetting.pipe(
    z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,30}$/, 'ASSISTANT_PATH must be lower-case letters, digits and dashes, starting with a letter')
      .refine((path) => !RESERVED_API_SEGMENTS.has(path), 'ASSISTANT_PATH must not be a path Hireloop already uses')
      .optional(),
  ),
  ASSISTANT_NAME: z.string().trim().min(1).max(60).default('MySALT AI'),
  ASSISTANT_SIGNIN_URL: optionalSetting.pipe(z.url({ error: 'ASSISTANT_SIGNIN_URL must be a URL' }).optional()),
  ASSISTANT_SIGNUP_URL: optionalSetting.pipe(z.url({ error: 'ASSISTANT_SIGNUP_URL must be a URL' }).optional()),
  ASSISTANT_DASHBOARD_URL: optionalSetting.pipe(z.url({ error: 'ASSISTANT_DASHBOARD_URL must be a URL' }).optional()),
  ASSISTANT_ORIGIN: optionalSetting.pipe(
    z
      .url({ error: 'ASSISTANT_ORIGIN must be an origin such as https://assistant.example' })
      .refine((url) => new URL(url).origin === url.replace(/\/$/, ''), 'ASSISTANT_ORIGIN must be an origin (scheme, host and port only)')
      .optional(),
  ),
  /**
   * GA4 page views (ADR 041): the consented first-party page views are also sent to this GA4 web
   * stream through the Measurement Protocol, from the server (no script of Google's runs in the
   * browser). An id that is not `G-` and 10 letters or digits is not initialised (spec part 1 §6).
   * The API secret is a secret: never logged.
   */
  GA4_MEASUREMENT_ID: optionalSetting,
  GA4_API_SECRET: optionalSetting,
  /** Another server speaking the Measurement Protocol (tests); default Google's collect endpoint. */
  GA4_MEASUREMENT_PROTOCOL_URL: optionalSetting.pipe(z.url({ error: 'GA4_MEASUREMENT_PROTOCOL_URL must be a URL' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * fastify's `trustProxy`: false, a number of hops, or addresses / CIDRs (proxy-addr). `true`
 * (trust every hop, so the left-most address the client wrote itself) is refused (ADR 051).
 */
export type TrustProxy = false | number | string[];

/** Named ranges proxy-addr knows. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

function parseTrustProxy(value: string | undefined, context: z.RefinementCtx): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true would trust every hop, so anyone could name their own address in X-Forwarded-For; set it to the number of proxies in front of this process (1 behind `serve gateway`) or to their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) context.addIssue({ code: 'custom', message: 'TRUST_PROXY must be at most 10 hops' });
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be false, a number of hops, or IP addresses / CIDRs separated by commas (or loopback, linklocal, uniquelocal); not ${bad.map((entry) => JSON.stringify(entry)).join(', ') || JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** Absolute http(s) URLs, comma-separated (one with `single`); an issue naming the variable otherwise. */
function parseServiceUrls(name: string, value: string, context: z.RefinementCtx, options: { single?: boolean } = {}): string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  if (options.single && entries.length > 1) {
    context.addIssue({ code: 'custom', message: `${name} must be one URL, not a list` });
    return z.NEVER;
  }
  const isServiceUrl = (entry: string) => {
    if (!URL.canParse(entry)) return false;
    const url = new URL(entry);
    // The origin only: requests keep their own path (a path here would be ignored, so it is refused).
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '' && url.pathname === '/' && !url.search && !url.hash;
  };
  const bad = entries.filter((entry) => !isServiceUrl(entry));
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `${name} must be ${options.single ? 'an absolute http(s) URL' : 'absolute http(s) URLs separated by commas'} with no path, such as http://127.0.0.1:3602; not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries.map((entry) => new URL(entry).origin);
}

/** A setting that stops start-up: its message names the variable and says what to set (no stack trace). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Config = z.infer<typeof Schema> & { publicUrl: string; dataDir: string; eventStore: EventStoreSetting; readStore: ReadStoreChoice };

/** Where the read models live (ADR 073): PostgreSQL (the default), or MongoDB at `MONGODB_URL`. */
export type ReadStoreChoice = { kind: 'postgres' } | { kind: 'mongodb'; url: string };

/**
 * `READ_STORE=postgres|mongodb`; unset, `mongodb` when `MONGODB_URL` is set. A wrong value, or
 * `mongodb` without a `mongodb://` / `mongodb+srv://` `MONGODB_URL`, stops start-up naming the variable.
 */
export function readStoreChoice(env: NodeJS.ProcessEnv): ReadStoreChoice {
  const chosen = env.READ_STORE?.trim() || undefined;
  const url = env.MONGODB_URL?.trim() || undefined;
  if (chosen !== undefined && chosen !== 'postgres' && chosen !== 'mongodb') {
    throw new ConfigError(`Invalid configuration: READ_STORE must be postgres or mongodb, not ${JSON.stringify(chosen)}`);
  }
  const kind = chosen ?? (url ? 'mongodb' : 'postgres');
  if (kind === 'postgres') return { kind };
  if (!url) {
    throw new ConfigError('Invalid configuration: READ_STORE=mongodb needs MONGODB_URL (such as mongodb://127.0.0.1:27017/hireloop?replicaSet=rs0)');
  }
  if (!/^mongodb(\+srv)?:\/\/[^/?#]+/.test(url)) {
    throw new ConfigError('Invalid configuration: MONGODB_URL must be a mongodb:// or mongodb+srv:// connection string (such as mongodb://127.0.0.1:27017/hireloop?replicaSet=rs0)');
  }
  return { kind, url };
}

/** Parses the environment once at start-up; a bad setting stops the process naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (Boolean(config.LINKEDIN_CLIENT_ID) !== Boolean(config.LINKEDIN_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together');
  }
  if (config.AI_PROVIDER === 'openai' && !config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) {
    throw new ConfigError('Invalid configuration: AI_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)');
  }
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint)');
  }
  if (config.GA4_CREDENTIALS_FILE && !config.GA4_PROPERTY_ID) {
    throw new ConfigError('Invalid configuration: GA4_CREDENTIALS_FILE needs GA4_PROPERTY_ID (the GA4 property to report on)');
  }
  return {
    ...config,
    eventStore: eventStoreSetting(env),
    readStore: readStoreChoice(env),
    dataDir: path.resolve(config.DATA_DIR),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  };
}

/**
 * Where the log is kept (ADR 075): `postgres` (the default: DATABASE_URL or the embedded one) or
 * `kurrentdb` at KURRENTDB_URL. `EVENT_STORE` may be left out when KURRENTDB_URL is set. Settings
 * that contradict each other stop start-up rather than one being ignored.
 */
export type EventStoreSetting = { kind: 'postgres' } | { kind: 'kurrentdb'; url: string };

const KURRENTDB_SCHEMES = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/[^\s]+$/;
const KURRENTDB_EXAMPLE = 'kurrentdb://127.0.0.1:2113?tls=false';

/** The event-store settings, EVENT_STORE and KURRENTDB_URL, read on their own (the read store's are beside them). */
export function eventStoreSetting(env: NodeJS.ProcessEnv = process.env): EventStoreSetting {
  const kind = env.EVENT_STORE?.trim() || undefined;
  const url = env.KURRENTDB_URL?.trim() || undefined;
  if (kind !== undefined && kind !== 'postgres' && kind !== 'kurrentdb') {
    throw new ConfigError(`Invalid configuration: EVENT_STORE must be postgres or kurrentdb, not ${JSON.stringify(kind)}`);
  }
  if (url !== undefined && !KURRENTDB_SCHEMES.test(url)) {
    throw new ConfigError(`Invalid configuration: KURRENTDB_URL must be a KurrentDB connection string such as ${KURRENTDB_EXAMPLE} (kurrentdb://, kurrentdb+discover://, kurrent://, kdb:// or esdb://)`);
  }
  if (kind === 'postgres' && url !== undefined) {
    throw new ConfigError('Invalid configuration: EVENT_STORE=postgres but KURRENTDB_URL is set; unset KURRENTDB_URL, or set EVENT_STORE=kurrentdb');
  }
  if (kind === 'kurrentdb' && url === undefined) {
    throw new ConfigError(`Invalid configuration: EVENT_STORE=kurrentdb needs KURRENTDB_URL (such as ${KURRENTDB_EXAMPLE})`);
  }
  return url === undefined ? { kind: 'postgres' } : { kind: 'kurrentdb', url };
}
