import { MIN_POSITION_HEADER, POSITION_HEADER, SESSION_EXPIRED_MESSAGE } from '@hireloop/contracts';
import type { $ZodType, output } from 'zod/v4/core';
import type { AnswerCheck } from './answer-checks';
import { clearAuthToken, getAuthToken } from './auth-token';

/** Spec part 1, §8: a network failure outside sign-in. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/**
 * A non-ok HTTP answer. The message follows the spec's error rule (part 1, §8):
 * `"<status>: <body text, or the status text when the body is empty>"`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

/** The request never got an answer (offline, DNS, connection refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor() {
    super(NETWORK_ERROR_MESSAGE);
  }
}

// ---------------------------------------------------------------------------------------------
// Read-your-writes. Every answer may carry the log position of the last event it wrote (or
// read); queries send back the highest one seen so the query service waits until its read
// models have caught up, and the UI sees its own writes at once. Positions are fixed-width
// strings, so plain string comparison orders them.

const POSITION_STORAGE_KEY = 'hireloop.minPosition';
let highestPosition: string | null = null;
let positionLoaded = false;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The highest position seen in this tab (survives reloads through sessionStorage). */
export function getMinPosition(): string | null {
  if (!positionLoaded) {
    positionLoaded = true;
    const stored = sessionStore()?.getItem(POSITION_STORAGE_KEY);
    if (stored && (highestPosition === null || stored > highestPosition)) highestPosition = stored;
  }
  return highestPosition;
}

/** Remembers `position` when it is later than every position seen so far. */
export function rememberPosition(position: string | null): void {
  if (!position) return;
  const current = getMinPosition();
  if (current !== null && position <= current) return;
  highestPosition = position;
  sessionStore()?.setItem(POSITION_STORAGE_KEY, position);
}

/** For tests: forget every position seen. */
export function resetPositionForTests(): void {
  highestPosition = null;
  positionLoaded = false;
  sessionStore()?.removeItem(POSITION_STORAGE_KEY);
}

// ---------------------------------------------------------------------------------------------
// Forced logout (spec part 1, §4): a "Session expired" answer clears the session and reloads.

const sessionExpiredListeners = new Set<() => void>();

/** Runs `listener` (for example: clear the query cache) before the page reloads on an expired session. */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

function isSessionExpired(status: number, body: string): boolean {
  return status === 401 && body.includes(SESSION_EXPIRED_MESSAGE);
}

function endExpiredSession(): void {
  clearAuthToken();
  for (const listener of sessionExpiredListeners) listener();
  if (typeof window !== 'undefined') window.location.reload();
}

// ---------------------------------------------------------------------------------------------

export interface RequestOptions {
  /** Sent as JSON (FormData is sent as-is). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The browser's HTTP cache mode (for example `no-store` for a request carrying a secret). */
  cache?: RequestCache;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the app talks to its server. Resolves with the response when it is ok;
 * otherwise throws an {@link ApiError} (non-ok answer) or a {@link NetworkError}.
 */
export async function apiRequest(method: Method, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  const token = getAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method === 'GET') {
    const minPosition = getMinPosition();
    if (minPosition) headers.set(MIN_POSITION_HEADER, minPosition);
  }

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const send = async (): Promise<Response> => {
    try {
      return await fetch(path, { method, headers, body, signal: options.signal, cache: options.cache });
    } catch (error) {
      // A cancelled query is not a network failure: let the caller see the abort.
      if (options.signal?.aborted) throw error;
      throw new NetworkError();
    }
  };
  let response = await send();
  // "Not yet" (ADR 050): a read behind the tab's own latest write, or a database restarting. A
  // read is asked once more after the Retry-After the server gave (when short); a write is not
  // (the server may be unsure whether it happened), and a second 503 is shown with its message.
  const retryAfter = retryAfterMs(response);
  if (method === 'GET' && response.status === 503 && retryAfter !== null) {
    await response.body?.cancel().catch(() => undefined);
    await pause(retryAfter, options.signal);
    response = await send();
  }

  rememberPosition(response.headers.get(POSITION_HEADER));

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    if (isSessionExpired(response.status, text)) endExpiredSession();
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

/** The longest Retry-After a read waits for by itself before asking again. */
export const MAX_AUTOMATIC_RETRY_MS = 10_000;

/** A 503's Retry-After in milliseconds when it is whole seconds up to MAX_AUTOMATIC_RETRY_MS, else null. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (response.status !== 503 || header === null || !/^\d+$/.test(header.trim())) return null;
  const ms = Number(header.trim()) * 1000;
  return ms <= MAX_AUTOMATIC_RETRY_MS ? ms : null;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** GET `path` and read the JSON answer. */
export async function getJson(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<unknown> {
  const response = await apiRequest('GET', path, options);
  return readJson(response);
}

/** A JSON answer together with the response headers (for example `X-Total-Count` of a paged list). */
export interface JsonWithHeaders {
  body: unknown;
  headers: Headers;
}

/**
 * GET `path` and read the JSON answer and the response headers. Same rules as {@link getJson}:
 * a non-ok answer throws {@link ApiError}, a failed connection {@link NetworkError}.
 */
export async function getJsonWithHeaders(
  path: string,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<JsonWithHeaders> {
  const response = await apiRequest('GET', path, options);
  return { body: await readJson(response), headers: response.headers };
}

/** Send `body` with `method` and read the JSON answer. */
export async function sendJson(
  method: Exclude<Method, 'GET'>,
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<unknown> {
  const response = await apiRequest(method, path, { ...options, body: body ?? {} });
  return readJson(response);
}

/**
 * POST `form` as multipart form data (an upload, for example a resume in the field `resume`) and
 * read the JSON answer. The browser writes the Content-Type with its boundary, so none is set here.
 * Same rules as {@link sendJson}: a non-ok answer throws {@link ApiError}, a failed connection
 * {@link NetworkError}.
 */
export async function sendForm(path: string, form: FormData, options: Omit<RequestOptions, 'body'> = {}): Promise<unknown> {
  const response = await apiRequest('POST', path, { ...options, body: form });
  return readJson(response);
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

// ---------------------------------------------------------------------------------------------
// Reading answers. Every answer is parsed with its contract's schema (ADR 057): a wrong answer (a
// proxy's page, a field of the wrong kind, a server of another version) is an error naming the
// path and what was wrong, not a broken screen. A first page passes a check without zod of a
// contract's `zod/mini` schema (ADR 095: no zod on it); other pages the contracts' schemas. All
// are Standard Schemas, which is all this needs, so the client imports no zod of its own here.

/** An ok answer that its contract's schema does not accept. */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`Unexpected answer from ${path}: ${problem}`);
  }
}

function issuePath(path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined): string {
  if (!path?.length) return '';
  return `${path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.')}: `;
}

/** A contract's schema (classic or `zod/mini`), or a first page's check of it without zod (ADR 095). */
export type AnswerSchema = $ZodType | AnswerCheck<unknown>;

type AnswerOutput<S extends AnswerSchema> = S extends AnswerCheck<infer T> ? T : S extends $ZodType ? output<S> : never;

/** `body` parsed with the contract's `schema` (its output: defaults and transforms applied), or an {@link UnexpectedAnswerError}. */
export function parseAnswer<S extends AnswerSchema>(schema: S, body: unknown, path: string): AnswerOutput<S> {
  const result = schema['~standard'].validate(body);
  // The contracts' answer schemas are synchronous; an asynchronous one is a programming error.
  if (result instanceof Promise) throw new UnexpectedAnswerError(path, 'its schema cannot be checked at once');
  if (result.issues) {
    const [first] = result.issues;
    const more = result.issues.length > 1 ? ` (and ${result.issues.length - 1} more)` : '';
    throw new UnexpectedAnswerError(path, `${issuePath(first?.path)}${first?.message ?? 'not what its contract says'}${more}`);
  }
  return result.value as AnswerOutput<S>;
}

// ---------------------------------------------------------------------------------------------
// Reading errors back for display.

/** Splits a `"<status>: <body>"` message back into its parts (null status when it is not one). */
export function parseErrorMessage(message: string): { status: number | null; body: string } {
  const match = /^(\d{3}): ([\s\S]*)$/.exec(message);
  if (!match) return { status: null, body: message };
  return { status: Number(match[1]), body: match[2] ?? '' };
}

/** The HTTP status behind an error raised by the API client, or null. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) return parseErrorMessage(error.message).status;
  return null;
}

/**
 * The server's own words for an error: the `error` field of its JSON error body
 * (`{ success: false, error: "..." }`), or null when there is none.
 */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { status, body } = parseErrorMessage(error.message);
  if (status === null) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string') {
      return parsed.error.trim() || null;
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): no server message to show.
  }
  return null;
}

/**
 * The server's error text of a 4xx answer (a reason about the request: a bad token, a broken
 * rule, too many attempts), or null. 5xx texts are the server's business, not the user's.
 */
export function clientErrorText(error: unknown): string | null {
  const status = errorStatus(error);
  return status !== null && status >= 400 && status < 500 ? serverErrorText(error) : null;
}

/** A message fit for a person: the server's error text, the network message, or `fallback`. */
export function displayError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message;
  return serverErrorText(error) ?? fallback;
}

/** Whether a failed request says the company's plan does not allow it (a 403 with `requiresUpgrade: true`). */
export function requiresUpgrade(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  try {
    const body: unknown = JSON.parse(error.body);
    return typeof body === 'object' && body !== null && 'requiresUpgrade' in body && body.requiresUpgrade === true;
  } catch {
    return false;
  }
}
