import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, ErrorBody, HTTP_STATUS, MESSAGES } from '@hireloop/contracts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, describeUnavailable, isDatabaseUnavailable } from '../database/availability';
import { WrongExpectedVersionError } from '../event-store/types';

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/**
 * One error map for every service: domain errors and validation become 4xx with a message a
 * person can read; anything unexpected becomes a 500 whose body says nothing about internals.
 */
export interface ErrorHandlerOptions {
  /** Answers requests no route matched (the SPA fallback uses it); default: a JSON 404. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const sizeInWords = (bytes: number) => (bytes >= 1_048_576 ? `${+(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** Fastify's own client errors, in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, (request: FastifyRequest) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => `The request body is too large (the limit is ${sizeInWords(request.routeOptions.bodyLimit)}).`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'This content type is not supported: send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The request body does not match its Content-Length header.',
};

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: ErrorHandlerOptions) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({ path: fieldName(issue.instancePath), message: issue.message ?? 'Invalid value' }));
        const first = details[0];
        const bodyMissing = error.validationContext === 'body' && details.some((d) => d.path === '' && /expected object/.test(d.message));
        const message = bodyMissing
          ? 'The request body must be a JSON object.'
          : first && first.path && !/^Invalid input/.test(first.message)
            ? first.message
            : first
              ? `${first.path ? `${first.path}: ` : ''}${first.message}`
              : 'Invalid request';
        return reply.status(400).send({ success: false, error: message, details } satisfies ErrorBody);
      }
      if (error instanceof DomainError) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(HTTP_STATUS[error.code]).send({ success: false, error: error.message } satisfies ErrorBody);
      }
      if (error instanceof WrongExpectedVersionError) {
        return reply.status(412).send({ success: false, error: MESSAGES.versionConflict } satisfies ErrorBody);
      }
      if (isDatabaseUnavailable(error)) {
        // An outage, not a bug (ADR 050): the client may try again; the log says what is missing, once per request.
        request.log.warn({ database: describeUnavailable(error) }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, body too large, wrong content type).
        const message = error.name === 'SyntaxError' ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!(request) : (FASTIFY_MESSAGES[error.code]?.(request) ?? error.message);
        return reply.status(status).send({ success: false, error: message } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
    });

    // The route table, as routes are added: a path that exists with other methods answers 405 with Allow (RFC 9110 §15.5.6), not 404.
    const table = new RouteTable();
    app.addHook('onRoute', (route) => table.add(route));
    const notFound =
      options.notFound ??
      ((request: FastifyRequest, reply: FastifyReply) =>
        reply.status(404).send({ success: false, error: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody));
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      const allowed = table.methodsFor(path);
      if (allowed.length === 0 || allowed.includes(request.method)) return notFound(request, reply);
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ success: false, error: `${request.method} is not allowed on ${path}: use ${allowed.join(', ')}.` } satisfies ErrorBody);
    });
  },
  { name: 'hireloop-errors' },
);

/**
 * The app's routes by path pattern (`:param` matches one segment; wildcard routes, the SPA's and
 * the static files', are left out: they are not a path's methods), for the 405 answer.
 */
export class RouteTable {
  private readonly patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  add(route: Pick<RouteOptions, 'url' | 'method'>) {
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let entry = this.patterns.get(route.url);
    if (!entry) {
      const source = route.url
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      entry = { pattern: new RegExp(`^${source}/?$`), methods: new Set() };
      this.patterns.set(route.url, entry);
    }
    for (const method of methods) entry.methods.add(method.toUpperCase());
  }
  /** The methods the path has (sorted), or none when no route has the path. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const { pattern, methods: those } of this.patterns.values()) if (pattern.test(path)) for (const method of those) methods.add(method);
    return [...methods].sort();
  }
}

/** Fastify option `frameworkErrors`: errors found before any route runs (a URL that does not decode). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ success: false, error: 'The address is not valid: a percent-encoded part of it is not UTF-8 text.' } satisfies ErrorBody);
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ success: false, error: 'The address is too long.' } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'framework error');
  return reply.status(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
}

/**
 * Fastify option `clientErrorHandler`: Node's HTTP parser refused the request (headers too large,
 * bytes that are not HTTP), so there is no request object and no reply; the answer is written to
 * the socket by hand, in the same shape as every other error.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ success: false, error: message } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

// Always JSON, whatever the route itself produces (the RSS feed, for one).
const described = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

/**
 * A success answer that is not JSON (a feed, an event stream, a page), for a route's `response`:
 * the OpenAPI document names its media type; the route sends text, which is never serialised.
 */
export const textAnswer = (mediaType: string, description: string) => ({ description, content: { [mediaType]: { schema: z.string() } } });

/**
 * Marks (in a parameter's `.meta()`) one the route checks itself, with its own message (the
 * Stripe webhook's signature): optional to the validator, required in the OpenAPI document.
 */
export const REQUIRED_IN_DOCUMENT = 'x-hireloop-required';

/** The same for bytes (a picture): sent as a Buffer, documented as a binary string. */
export const bytesAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' }) } },
});
const BAD_INPUT = described('Bad input: a missing or invalid field, a body that is not JSON, an address that does not decode, or text with a NUL character or an unpaired surrogate.');
const BODY_TOO_LARGE = described('The request body is larger than the limit.');
const NOT_JSON = described('The request body is not sent as JSON.');
const HEADERS_TOO_LARGE = described('The request headers are too large.');
const UNAVAILABLE = described('The database cannot be reached right now (a restart, an outage): try again after the Retry-After header\'s seconds.');
const PATH_TOO_LONG = described('A path parameter is longer than 100 characters.');
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An `onRoute` hook: every documented route declares the error answers any route can give, so
 * the OpenAPI document tells the truth without each route repeating them. A route's own
 * declaration of a code wins, except that a bare ErrorBody gains its description.
 */
export function declareErrorAnswers(route: RouteOptions) {
  const schema = route.schema as ({ hide?: boolean; response?: Record<string, unknown> } & Record<string, unknown>) | undefined;
  if (!schema || schema.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const answers: Record<string, unknown> = { 400: BAD_INPUT, 431: HEADERS_TOO_LARGE, 503: UNAVAILABLE };
  if (methods.some((method) => METHODS_WITH_BODY.has(method))) Object.assign(answers, { 413: BODY_TOO_LARGE, 415: NOT_JSON });
  if (route.url.includes(':')) answers[414] = PATH_TOO_LONG;
  const response = { ...schema.response };
  for (const [code, answer] of Object.entries(answers)) {
    if (response[code] === undefined || response[code] === ErrorBody) response[code] = answer;
  }
  // Every other error a route declares is JSON too, whatever the route produces when it succeeds (an event stream's 401 and 403).
  for (const [code, answer] of Object.entries(response)) {
    if (answer === ErrorBody) response[code] = described(STATUS_CODES[Number(code)] ?? 'Error');
  }
  schema.response = response;
}
