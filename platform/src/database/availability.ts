import type pg from 'pg';

/**
 * PostgreSQL going away and coming back (a restart, a failover, a network cut) is an outage, not
 * a bug (ADR 050): no process may die of it, a request that needed the database answers 503 with
 * Retry-After, and everything reconnects by itself (the pool opens new connections on the next
 * checkout; listeners and subscriptions retry with backoff).
 */

/** What a client is told while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached right now. Please try again in a few seconds.';
/** The Retry-After (seconds) of such an answer: about how long a restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's socket errors when the server is not there, or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that is shutting down, starting up or out of connections: 57P01
 * admin_shutdown (a fast or immediate stop), 57P02 crash_shutdown, 57P03 cannot_connect_now (still
 * starting or recovering), 53300 too_many_connections; and the whole class 08, connection exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pg-pool say these in words only. */
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /^Query read timeout/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * The KurrentDB client's errors of a log that is away (ADR 075): its own error classes, or a raw
 * gRPC status (14 UNAVAILABLE, 4 DEADLINE_EXCEEDED; such an error carries gRPC `metadata`).
 */
const EVENT_STORE_OUTAGES = new Map([
  ['UnavailableError', 'unavailable'],
  ['DeadlineExceededError', 'deadline-exceeded'],
  ['NotLeaderError', 'not-leader'],
]);
const GRPC_OUTAGE_STATUSES = new Set([14, 4]);

/**
 * Whether `error` (or an error it wraps, through `cause`) says the database (or the KurrentDB
 * log) could not be reached or dropped the connection, rather than that the statement was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current !== null && current !== undefined && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause, errors, type } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; type?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof type === 'string' && EVENT_STORE_OUTAGES.get(current.constructor.name) === type) return true;
    if (typeof code === 'number' && GRPC_OUTAGE_STATUSES.has(code) && 'metadata' in current) return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    // A connection attempt to every address of a host (IPv4 and IPv6) fails as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

/**
 * Every connection of `pool` gets an 'error' listener for its whole life. pg-pool listens only
 * to idle connections; a checked-out one (a transaction, a LISTEN) that loses its server emits
 * 'error' with nobody listening, and Node ends the process ("Unhandled 'error' event"). The
 * statement in flight is rejected all the same, and the broken connection is dropped from the
 * pool when it is released (it is no longer queryable), so the listener only has to report.
 */
export function survivePoolErrors(pool: pg.Pool, onLost: (error: Error) => void = () => undefined): pg.Pool {
  pool.on('error', onLost);
  pool.on('connect', (client) => {
    client.on('error', onLost);
  });
  return pool;
}

export interface DatabaseCheck {
  ok: boolean;
  /** How long the probe took (ms). */
  latencyMs: number;
  /** Why it failed, in words (never the connection string). */
  error?: string;
}

/**
 * A cheap probe for /healthz: `SELECT 1` on a connection of the pool, given up after `timeoutMs`
 * (a pool that waits for a connection to a server that does not answer must not hold the probe).
 */
export async function checkDatabase(pool: pg.Pool, timeoutMs = 2_000): Promise<DatabaseCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pool.query('SELECT 1'), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: describeUnavailable(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A connection error in words for operators: its code and message, no address with credentials. */
export function describeUnavailable(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message = error.message || (error instanceof AggregateError ? error.errors.map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner))).join('; ') : error.name);
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).replace(/\/\/[^@\s/]*@/g, '//[REDACTED]@');
}
