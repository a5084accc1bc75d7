import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ErrorBody, POSITION_HEADER } from '@hireloop/contracts';
import { canonicalJson, recordId, requestFingerprint } from '../idempotency/fingerprint';
import type { IdempotencyStore, StoredAnswer } from '../idempotency/types';
import type { Clock } from '../runtime';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Marks an answer given again from the record of the first request (Stripe's name for it). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters (a random UUID is a good choice).',
  severalKeys: 'Send one Idempotency-Key header, not several.',
  otherRequest: 'This Idempotency-Key was already used for a different request.',
  stillRunning: 'A request with this Idempotency-Key is still being processed.',
  answerNotKept:
    'A request with this Idempotency-Key was already processed. Its answer carried a sign-in token or personal data, which is never kept, so it cannot be sent again: send the request with a new Idempotency-Key.',
} as const;

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a running request holds its key; after that its process is taken for dead. */
export const IDEMPOTENCY_LEASE_MS = 120_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers carry personal data (a candidate's profile): like answers with a secret
     * they are never kept, so no copy outlives an erasure of the person (ADR 019, ADR 024). A
     * repeat with the same key is a 409 and changes nothing.
     */
    personalAnswer?: boolean;
    /** false: a write route that changes nothing and takes no Idempotency-Key at all (ADR 025). */
    idempotency?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The headers of an answer that are part of it; the security headers are added to every answer anew. */
const KEPT_HEADERS = ['content-type', POSITION_HEADER, 'retry-after', 'cache-control', 'location'];
/** Answer fields that are secrets: an answer holding one is never kept (ADR 015). */
const SECRET_FIELDS = new Set(['token']);

/**
 * RFC 8941 says the value is a structured-field string (`"…"`); Stripe and most clients send it
 * bare. Both mean the same key.
 */
const keyOf = (header: string) => /^"([^"\\]*)"$/.exec(header)?.[1] ?? header;
const isValidKey = (header: string) => /^[\x20-\x7e]{1,255}$/.test(keyOf(header));

const IdempotencyKeyHeader = z
  .string()
  .refine(isValidKey, IDEMPOTENCY_MESSAGES.badKey)
  .optional()
  .meta({
    // Bare, or an RFC 8941 string ("…") around the same characters.
    minLength: 1,
    maxLength: 257,
    pattern: '^(?:[ -~]{1,255}|"[ !#-\\[\\]-~]{1,255}")$',
    description:
      'Makes this write safe to retry: 1 to 255 printable ASCII characters, best a random UUID, new for each operation. ' +
      'The same request again with the same key (same method, path and body, from the same signed-in user or from a visitor) ' +
      'within 24 hours gets the first answer again, marked `Idempotent-Replayed: true`, and changes nothing. ' +
      'The same key with another request is a 422; while the first request still runs, a 409. ' +
      'Answers refused as bad input (400), unauthenticated (401), rate limited (429) or failed (5xx) are not kept, so a fixed retry runs. ' +
      'Answers that carry a sign-in token are never kept: their repeat is a 409.',
  });

const described = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });
const CONFLICT = described(
  'A conflict with the current records, or with the Idempotency-Key: a request with it is still being processed, or it was processed and its answer (a sign-in token) was not kept.',
);
const KEY_REUSED = described('This Idempotency-Key was already used for a different request (another method, path or body).');

/** Kept and replayed: the answers of requests that ran. Not kept, so a corrected or later retry runs. */
const keepsAnswer = (status: number) => status < 400 || (status < 500 && status !== 400 && status !== 401 && status !== 408 && status !== 429);

const carriesSecret = (body: string) => {
  let found = false;
  try {
    JSON.parse(body, (field, value: unknown) => {
      if (SECRET_FIELDS.has(field)) found = true;
      return value;
    });
  } catch {
    // Not JSON: no field of it can be a secret.
  }
  return found;
};

interface Pending {
  canonicalBody: string;
  id?: string;
  claim?: string;
  settled?: boolean;
}

type Hook<Name extends 'preValidation' | 'preHandler' | 'onSend' | 'onResponse'> = NonNullable<RouteOptions[Name]>;
const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

const refuse = (reply: FastifyReply, status: number, error: string) => reply.code(status).send({ success: false, error } satisfies ErrorBody);

export interface IdempotencyOptions {
  store: IdempotencyStore;
  clock: Clock;
  ttlMs?: number;
  leaseMs?: number;
}

/**
 * `Idempotency-Key` on every write route under /api (POST, PUT, PATCH, DELETE), as Stripe and
 * the IETF draft "The Idempotency-Key HTTP Header Field" describe it: a retry of the same
 * request gets the first answer, the key with another request is a 422, a retry while the first
 * still runs is a 409. Register it before the routes: it finds them with `onRoute`.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: IdempotencyOptions) => {
    const { store, clock } = options;
    const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
    const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
    const pending = new WeakMap<FastifyRequest, Pending>();

    // Before validation, while the body is still what the client sent (the schemas trim and drop fields).
    const readBody = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!WRITE_METHODS.has(request.method)) return;
      const raw = request.raw.rawHeaders;
      let sent = 0;
      for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === IDEMPOTENCY_KEY_HEADER) sent++;
      if (sent === 0) return;
      if (sent > 1) return refuse(reply, 400, IDEMPOTENCY_MESSAGES.severalKeys);
      pending.set(request, { canonicalBody: canonicalJson(request.body ?? null) });
    };

    // After validation (bad input never claims a key) and before the handler.
    const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const state = pending.get(request);
      if (!state) return;
      const key = keyOf(String(request.headers[IDEMPOTENCY_KEY_HEADER]));
      const session = await request.session();
      const id = recordId(session ? `user:${session.userId}` : 'visitor', key);
      const fingerprint = requestFingerprint(key, request.method, request.url, state.canonicalBody);
      const result = await store.claim({ id, fingerprint }, clock.now(), leaseMs);
      switch (result.outcome) {
        case 'run':
          Object.assign(state, { id, claim: result.claim });
          return;
        case 'running':
          reply.header('retry-after', '1');
          return refuse(reply, 409, IDEMPOTENCY_MESSAGES.stillRunning);
        case 'mismatch':
          return refuse(reply, 422, IDEMPOTENCY_MESSAGES.otherRequest);
        case 'done':
          if (!result.answer) return refuse(reply, 409, IDEMPOTENCY_MESSAGES.answerNotKept);
          return reply.code(result.answer.status).headers(result.answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(result.answer.body);
        default: {
          const unknown: never = result;
          throw new Error(`Unknown claim outcome ${JSON.stringify(unknown)}`);
        }
      }
    };

    // Last of the route's onSend hooks: the answer as it leaves, kept before the client sees it.
    const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const state = pending.get(request);
      if (!state?.claim || state.settled) return payload;
      state.settled = true;
      try {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        if (keepsAnswer(reply.statusCode) && body !== null) {
          const headers: StoredAnswer['headers'] = {};
          for (const name of KEPT_HEADERS) {
            const value = reply.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          const personal = request.routeOptions.config?.personalAnswer === true;
          const answer = personal || carriesSecret(body) ? null : { status: reply.statusCode, headers, body };
          await store.complete(state.id!, state.claim, answer, new Date(clock.now().getTime() + ttlMs));
        } else {
          await store.release(state.id!, state.claim);
        }
      } catch (error) {
        // The work is done and answered; only a retry will run it again (after the lease).
        request.log.error({ err: error }, 'idempotency record not saved');
      }
      return payload;
    };

    // A claim that no answer settled (a hijacked reply) must not hold the key until its lease ends.
    const releaseUnsettled = async (request: FastifyRequest) => {
      const state = pending.get(request);
      if (!state?.claim || state.settled) return;
      state.settled = true;
      await store.release(state.id!, state.claim).catch((error: unknown) => request.log.error({ err: error }, 'idempotency claim not released'));
    };

    app.addHook('onRoute', (route) => {
      const methods = asArray(route.method);
      if (!route.url.startsWith('/api/') || !methods.some((method) => WRITE_METHODS.has(method))) return;
      // A POST that changes nothing (reading an uploaded file) opts out: retrying it is harmless,
      // and its answer (personal data read from the file) must not be kept.
      if ((route.config as { idempotency?: boolean } | undefined)?.idempotency === false) return;
      declareHeader(route);
      route.preValidation = [...asArray(route.preValidation), readBody] as Hook<'preValidation'>;
      route.preHandler = [claimKey, ...asArray(route.preHandler)] as Hook<'preHandler'>;
      route.onSend = [...asArray(route.onSend), keepAnswer] as Hook<'onSend'>;
      route.onResponse = [...asArray(route.onResponse), releaseUnsettled] as Hook<'onResponse'>;
    });
  },
  { name: 'hireloop-idempotency', dependencies: ['hireloop-auth', 'hireloop-errors'] },
);

/** The header is part of the route's schema: validated like the rest, and in the OpenAPI document. */
function declareHeader(route: RouteOptions) {
  const schema = (route.schema ??= {}) as { headers?: unknown; response?: Record<string, unknown> };
  const headers = schema.headers ?? z.object({});
  if (!(headers instanceof z.ZodObject)) throw new Error(`${route.url}: declare the route's headers with a zod object, so Idempotency-Key can join them`);
  schema.headers = headers.extend({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeyHeader });
  const response = { ...schema.response };
  if (response[409] === undefined || response[409] === ErrorBody) response[409] = CONFLICT;
  response[422] ??= KEY_REUSED;
  schema.response = response;
}
