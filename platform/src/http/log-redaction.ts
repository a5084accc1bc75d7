import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What keeps secrets out of the log. URLs carry them: the reset link `/reset-password/<token>`, an
 * invitation link `/invitation/<token>` (and its API, `/api/invitations/<token>/reveal`),
 * LinkedIn's callback `?code=…&state=…`, the one-time sign-in code `/dashboard?auth=…`. Rather
 * than listing routes, the rule redacts every path segment after a secret-bearing segment and
 * the value of every query parameter whose name looks secret, wherever a URL shows up: the
 * request line, fields such as `url` or `source` (the gateway's upstream), messages and errors.
 */
export const REDACTED = '[REDACTED]';

/** Path segments whose following segments are secrets. */
const SECRET_PATH_SEGMENTS = new Set(['reset-password', 'invitation', 'invitations']);

/** Parameter names (lower case, letters and digits only) that hold secrets as a whole name… */
const SECRET_NAMES = new Set(['auth', 'code', 'state', 'nonce', 'key', 'sig', 'otp', 'jwt', 'pin', 'pwd', 'pass', 'ticket', 'assertion', 'samlresponse', 'grant']);
/** …anywhere in the name (`id_token`, `client_secret`, `session_state`, `X-Amz-Signature`)… */
const SECRET_NAME_PARTS = ['token', 'secret', 'passw', 'signature', 'credential', 'session', 'verifier', 'apikey', 'authcode', 'authorization', 'cookie'];
/** …or at its end (`authCode`, `oauth_state`, `api_key`). */
const SECRET_NAME_ENDINGS = ['code', 'key', 'state', 'nonce'];

/** Decodes the well-formed %XX runs of `text`, leaving malformed ones as they are. */
function decodeLeniently(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Decodes until nothing changes (double-encoded links exist), a few rounds at most. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round += 1) {
    const next = decodeLeniently(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Whether a query parameter (or field) of this name holds a secret. */
export function isSecretName(name: string): boolean {
  const normalized = decodeFully(name.replace(/\+/g, ' '))
    .replace(/\[.*$/, '') // `token[]`, `auth[0]`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (!normalized) return false;
  return (
    SECRET_NAMES.has(normalized) ||
    SECRET_NAME_PARTS.some((part) => normalized.includes(part)) ||
    SECRET_NAME_ENDINGS.some((ending) => normalized.endsWith(ending))
  );
}

function redactPath(rawPath: string): string {
  const segments = decodeFully(rawPath).split(/[/\\]/);
  const at = segments.findIndex((segment) => SECRET_PATH_SEGMENTS.has(segment.trim().toLowerCase()));
  if (at === -1 || segments.slice(at + 1).every((segment) => segment === '')) return rawPath;
  return [...segments.slice(0, at + 1), REDACTED].join('/');
}

const looksLikeUrl = (text: string) => /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)/i.test(text);

function redactQuery(rawQuery: string, depth: number): string {
  // Separators are kept (split with a capture group): only values change.
  return rawQuery
    .split(/([&;])/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const name = part.slice(0, equals);
      const value = part.slice(equals + 1);
      if (value === '') return part;
      if (isSecretName(name)) return `${name}=${REDACTED}`;
      // A URL inside a parameter (`redirect_uri`, `next`) may carry secrets of its own.
      const decoded = decodeFully(value.replace(/\+/g, ' '));
      if (depth < 3 && looksLikeUrl(decoded)) {
        const redacted = redactUrlAt(decoded, depth + 1);
        if (redacted !== decoded) return `${name}=${encodeURIComponent(redacted)}`;
      }
      return part;
    })
    .join('');
}

function redactUrlAt(url: string, depth: number): string {
  let rest = url;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    // Servers never receive fragments; when one is logged it may be an implicit-flow token.
    fragment = hash === rest.length - 1 ? '#' : `#${REDACTED}`;
    rest = rest.slice(0, hash);
  }
  let query = '';
  const question = rest.indexOf('?');
  if (question !== -1) {
    query = `?${redactQuery(rest.slice(question + 1), depth)}`;
    rest = rest.slice(0, question);
  }
  let origin = '';
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/)([^/]*)/i.exec(rest);
  if (absolute) {
    const whole = absolute[0];
    const scheme = absolute[1] ?? '';
    const authority = absolute[2] ?? '';
    const at = authority.lastIndexOf('@');
    origin = at === -1 ? whole : `${scheme}${REDACTED}@${authority.slice(at + 1)}`;
    rest = rest.slice(whole.length);
  }
  return `${origin}${redactPath(rest)}${query}${fragment}`;
}

/** The URL (absolute, or a path with its query) with its secrets replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  return redactUrlAt(url, 0);
}

/** An API key for AI assistants (ADR 042) wherever it shows up in text: `hlk_` and its random part. */
const API_KEY_IN_TEXT = /hlk_[A-Za-z0-9_-]{8,}/g;

const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+|\/[^\s"'<>`]*/gi;
const PAIR_IN_TEXT = /([\w.%[\]-]+)=([^\s&;"'<>`#,)]+)/g;

/** Free text (a log message, an error's message or stack) with the URLs in it redacted. */
export function redactText(text: string): string {
  return text
    .replace(API_KEY_IN_TEXT, REDACTED)
    .replace(URL_IN_TEXT, (url) => redactUrl(url))
    .replace(PAIR_IN_TEXT, (pair, name: string, value: string) => (value !== REDACTED && isSecretName(name) ? `${name}=${REDACTED}` : pair));
}

export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as a log object: its type, message and stack (redacted), its own fields of plain
 * values (secret-looking names redacted) and its cause. Nested objects are left out: they are
 * where responses and requests hide.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
    return { type: typeof error, message: redactText(text), stack: '' };
  }
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key in out || key === 'cause') continue;
    if (typeof value === 'string') out[key] = isSecretName(key) ? REDACTED : redactText(value);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

const redactUrlField = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value instanceof URL ? redactUrl(value.toString()) : value);

/**
 * Fastify logger serializers. The request is its method, redacted URL and the client's address:
 * never its headers (authorization, cookie) or body.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: (error: unknown) => serializeError(error),
  url: redactUrlField,
  source: redactUrlField,
  location: redactUrlField,
  href: redactUrlField,
};

/** Fields that are secrets whatever their value, on the log object or one level down. */
const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'idToken', 'authCode', 'secret', 'clientSecret'];
export const logRedactPaths = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogMethodHook = NonNullable<NonNullable<LoggerConfig['hooks']>['logMethod']>;

/** The strings a log call is given (its message and format arguments), redacted. */
const redactArgs = <T extends unknown[]>(inputArgs: T): T => inputArgs.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as T;

const redactingLogMethod: LogMethodHook = function (this: unknown, inputArgs, method) {
  return method.apply(this as ThisParameterType<typeof method>, redactArgs(inputArgs));
};

function withRedactPaths(redact: LoggerConfig['redact']): NonNullable<LoggerConfig['redact']> {
  if (redact === undefined) return { paths: logRedactPaths, censor: REDACTED };
  if (Array.isArray(redact)) return { paths: [...new Set([...redact, ...logRedactPaths])], censor: REDACTED };
  return { ...redact, paths: [...new Set([...redact.paths, ...logRedactPaths])] };
}

/**
 * The fastify `logger` option with the redaction rule applied: the serializers above (they win
 * over the caller's for the same fields), the redact paths and the message hook. `false` and
 * `undefined` stay as they are.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return logger;
  const config: LoggerConfig = logger === true ? {} : logger;
  const ownLogMethod = config.hooks?.logMethod;
  const logMethod: LogMethodHook =
    ownLogMethod === undefined || ownLogMethod === redactingLogMethod
      ? redactingLogMethod
      : function (this: unknown, inputArgs, method, level) {
          return ownLogMethod.call(this as ThisParameterType<LogMethodHook>, redactArgs(inputArgs), method, level);
        };
  return {
    ...config,
    serializers: { ...config.serializers, ...logSerializers },
    redact: withRedactPaths(config.redact),
    hooks: { ...config.hooks, logMethod },
  };
}

/** The logger of a hireloop process at `level` (`silent`: none). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return level === 'silent' ? false : withLogRedaction({ level });
}
