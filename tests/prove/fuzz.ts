import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { sample } from 'openapi-sampler';
import { routeTableOf } from './authz-matrix';
import type { ProveOptions, ProvePart, ProveRow } from './part';
import { CALLERS, makeObject, openWorld, type CallerName, type Request, type World } from './world';

/**
 * Issue 27's fuzzer (ADR 089): requests generated from the app's own OpenAPI document
 * (`app.swagger()`), sent with live tokens of every role, each answer checked against what the
 * document says of its operation — the status is documented, the media type is one documented for
 * it, and a JSON body validates (ajv) against the documented schema. Valid requests come from
 * openapi-sampler; what breaks them (wrong types, missing and extra fields, huge and empty values,
 * NUL, lone surrogates, bytes that are not UTF-8, garbage JSON, other media types, garbage
 * multipart bodies, odd path parameters and queries) from fast-check arbitraries, seeded so a run
 * can be repeated.
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type MediaContent = Record<string, { schema?: Schema }>;
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaContent };
  responses: Record<string, { content?: MediaContent }>;
};
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
}

export interface Operation {
  method: string;
  path: string;
  key: string;
  spec: OperationObject;
  /** A route the document leaves out (`hide: true`): fuzzed for 5xx, its answers not checked against a document that has none. */
  hidden?: boolean;
}

/** The routes of fastify's route `table` that the document leaves out, as operations with nothing documented. */
export const hiddenOperationsOf = (document: OpenApiDocument, table: readonly string[]): Operation[] => {
  const documented = new Set(operationsOf(document).map((operation) => operation.key));
  return table
    .filter((key) => !documented.has(key))
    .map((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return { method, path, key, spec: { responses: {} }, hidden: true };
    });
};

export const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, spec]) => ({ method: method.toUpperCase(), path, key: `${method.toUpperCase()} ${path}`, spec })));

// ajv-formats is CommonJS: its function is the default export's default under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Checks answers against the document: ajv over the documented schemas (OpenAPI 3.0 `nullable` included). */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      const { nullable, ...rest } = value as Record<string, unknown>;
      // OpenAPI 3.0's boolean exclusiveMinimum/exclusiveMaximum (draft 4), as the numbers of today's JSON Schema.
      for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
        if (typeof rest[exclusive] !== 'boolean') continue;
        if (rest[exclusive] === true) {
          rest[exclusive] = rest[bound];
          delete rest[bound];
        } else delete rest[exclusive];
      }
      const rewritten = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `openapi.json${inner}` : rewrite(inner)]));
      // OpenAPI 3.0's `nullable` (with or without `type`, with an enum or not): the schema, or null.
      return nullable === true ? { anyOf: [rewritten, { type: 'null' }] } : rewritten;
    }
    return value;
  };
  ajv.addSchema(rewrite({ $id: 'openapi.json', components: document.components ?? {} }) as Schema);
  const compiled = new Map<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(rewrite(schema) as Schema)));
    return validate;
  };

  /** What is wrong with `answer` as an answer of `operation` (null: it is what the document says). */
  return (operation: Operation, answer: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null => {
    const responses = operation.spec.responses;
    const documented = responses[String(answer.statusCode)] ?? responses[`${String(answer.statusCode)[0]}XX`] ?? responses.default;
    if (!documented) return `status ${answer.statusCode} is not documented (${Object.keys(responses).join(', ')})`;
    const contentType = String(answer.headers['content-type'] ?? '');
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    const content = documented.content;
    if (!content || Object.keys(content).length === 0) {
      return answer.body.length > 0 && answer.statusCode !== 302 ? `${answer.statusCode} sends a body (${mediaType || 'no media type'}) the document does not describe` : null;
    }
    if (!mediaType) return answer.body.length > 0 ? `${answer.statusCode} sends a body with no media type` : null;
    if (!(mediaType in content)) return `${answer.statusCode} is ${mediaType}, documented as ${Object.keys(content).join(' or ')}`;
    const schema = content[mediaType]?.schema;
    if (mediaType !== 'application/json' || !schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${answer.statusCode} is not JSON: ${answer.body.slice(0, 80)}`;
    }
    const validate = validator(schema);
    if (validate(body)) return null;
    const [first] = validate.errors ?? [];
    return `${answer.statusCode} body off its schema: ${first?.instancePath || '/'} ${first?.message ?? ''} ${JSON.stringify(first?.params ?? {})}`.trim();
  };
}

/** Strings that break naive code: NUL, lone surrogates, huge, empty, control and right-to-left characters, grapheme soup. */
const weirdString = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udfff\ud800', '\u202eevil', '\r\n\r\n', '%00', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", '{}', 'null', '🙂'.repeat(3000)),
  fc.constantFrom('x'.repeat(100_000), 'é'.repeat(20_000)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
/** Values of the wrong type for whatever a field expects. */
const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  weirdString,
);
/** Bodies that are not what any JSON route takes. */
const garbageBody = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', 'undefined', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '"just a string"', '42', 'null', '[]', '[' .repeat(5000) + ']'.repeat(5000)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])), // {"a":"<not UTF-8>"}
  fc.constant(Buffer.from('{"a":"\ud800"}', 'utf16le')),
);
const otherMediaType = fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'multipart/form-data; boundary=zz', 'application/octet-stream', 'application/vnd.api+json', ';;;', 'application/json;');
/** Values for a path parameter: odd, too long, badly encoded (raw in the address, as an attacker sends them). */
const oddSegment = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%C3%28', '%FF', '%', '%zz', '..', '%2e%2e', '%2F', 'null', 'undefined', '0', '-1', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(5000), '%F0%9F%99%82', '%20', 'true', '__proto__', 'constructor'),
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, 'x'))),
  fc.uuid(),
);
const oddQueryValue = fc.oneof(fc.constantFrom('%00', '%ED%A0%80', '%C3%28', '%', '-1', '1e99', 'NaN', '', 'x'.repeat(5000), '0', '999999999999'), fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, 'x'))));

const BODY_MODES = ['valid', 'missing', 'extra', 'wrongType', 'weirdString', 'hugeArray', 'garbage', 'notAnObject', 'otherMediaType', 'empty', 'noBody'] as const;
const PARAM_MODES = ['real', 'real', 'odd'] as const;
const QUERY_MODES = ['valid', 'none', 'odd', 'extra', 'repeated'] as const;

interface Plan {
  caller: CallerName;
  bodyMode: (typeof BODY_MODES)[number];
  paramMode: (typeof PARAM_MODES)[number];
  queryMode: (typeof QUERY_MODES)[number];
  pick: number;
  weird: string;
  wrong: unknown;
  garbage: string | Buffer;
  mediaType: string;
  segment: string;
  queryValue: string;
}

const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  caller: fc.constantFrom(...CALLERS),
  bodyMode: fc.constantFrom(...BODY_MODES),
  paramMode: fc.constantFrom(...PARAM_MODES),
  queryMode: fc.constantFrom(...QUERY_MODES),
  pick: fc.nat(),
  weird: weirdString,
  wrong: wrongValue,
  garbage: garbageBody,
  mediaType: otherMediaType,
  segment: oddSegment,
  queryValue: oddQueryValue,
});

const sampleOf = (schema: Schema | undefined, document: OpenApiDocument): unknown => {
  if (!schema) return undefined;
  try {
    return sample(schema as never, { skipReadOnly: true, quiet: true }, document as never);
  } catch {
    return {};
  }
};

const jsonSchemaOf = (operation: Operation) => operation.spec.requestBody?.content?.['application/json']?.schema;
const isMultipart = (operation: Operation) => Boolean(operation.spec.requestBody?.content?.['multipart/form-data']);
const isEventStream = (operation: Operation) => Object.values(operation.spec.responses).some((answer) => answer.content && 'text/event-stream' in answer.content);

/** Garbage multipart bodies for the upload routes: no boundary, the wrong one, cut short, the wrong field, bytes that are no file. */
function multipartBody(plan: Plan): { payload: Buffer | string; contentType: string } {
  const boundary = 'fuzzboundary';
  const part = (field: string, filename: string, type: string, content: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const garbage = typeof plan.garbage === 'string' ? Buffer.from(plan.garbage) : plan.garbage;
  const variants: Array<() => { payload: Buffer | string; contentType: string }> = [
    () => ({ payload: garbage, contentType: `multipart/form-data; boundary=${boundary}` }),
    () => ({ payload: garbage, contentType: 'multipart/form-data' }),
    () => ({ payload: part('resume', 'cv.pdf', 'application/pdf', garbage), contentType: `multipart/form-data; boundary=${boundary}` }),
    () => ({ payload: part('resume', 'cv.pdf', 'application/pdf', '%PDF-1.4\n%garbage'), contentType: `multipart/form-data; boundary=${boundary}` }),
    () => ({ payload: part('resume', plan.weird.slice(0, 300) || 'x', 'text/plain', 'Ada Quill\nData Engineer\nSQL, Kafka'), contentType: `multipart/form-data; boundary=${boundary}` }),
    () => ({ payload: part('file', 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK\u0003\u0004garbage'), contentType: `multipart/form-data; boundary=${boundary}` }),
    () => ({ payload: part('resume', 'photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])).subarray(0, 60), contentType: `multipart/form-data; boundary=${boundary}` }),
    () => ({ payload: part('resume', 'cv.pdf', 'application/pdf', garbage), contentType: 'multipart/form-data; boundary=another' }),
    () => ({ payload: JSON.stringify({ resume: plan.weird }), contentType: 'application/json' }),
  ];
  return variants[plan.pick % variants.length]!();
}

function mutateBody(valid: unknown, schema: Schema | undefined, plan: Plan): unknown {
  const object = valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...(valid as Record<string, unknown>) } : {};
  const properties = Object.keys((schema?.properties as Record<string, unknown>) ?? object);
  const name = properties.length ? properties[plan.pick % properties.length]! : 'field';
  switch (plan.bodyMode) {
    case 'missing':
      delete object[name];
      return object;
    case 'extra':
      return { ...object, [`extra${plan.pick % 7}`]: plan.wrong, ...(plan.pick % 3 === 0 ? { __proto__: { polluted: true } } : {}) };
    case 'wrongType':
      return { ...object, [name]: plan.wrong };
    case 'weirdString':
      return { ...object, [name]: Array.isArray(object[name]) ? [plan.weird] : plan.weird };
    case 'hugeArray':
      return { ...object, [name]: Array.from({ length: 10_000 }, (_, i) => (i % 2 ? plan.weird.slice(0, 20) : i)) };
    default:
      return valid;
  }
}

/** The request a plan makes of an operation, with real ids from the world for path parameters. */
export function buildRequest(operation: Operation, plan: Plan, document: OpenApiDocument, ids: Record<string, string[]>): Request {
  const parameters = operation.spec.parameters ?? [];
  let url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (plan.paramMode === 'odd') return plan.segment;
    const pool = ids[name] ?? ids['*']!;
    return encodeURIComponent(pool[plan.pick % pool.length]!);
  });
  const query: string[] = [];
  for (const parameter of parameters.filter((one) => one.in === 'query')) {
    if (plan.queryMode === 'none' && !parameter.required) continue;
    const value = plan.queryMode === 'odd' && plan.pick % 2 === 0 ? plan.queryValue : encodeURIComponent(String(sampleOf(parameter.schema, document) ?? ''));
    query.push(`${parameter.name}=${value}`);
    if (plan.queryMode === 'repeated') query.push(`${parameter.name}=${plan.queryValue}`);
  }
  if (plan.queryMode === 'extra') query.push(`unknown${plan.pick % 5}=${plan.queryValue}`);
  if (plan.queryMode === 'odd' && plan.pick % 2 === 1) query.push(plan.queryValue);
  if (query.length) url += `?${query.join('&')}`;

  const headers: Record<string, string> = {};
  for (const parameter of parameters.filter((one) => one.in === 'header')) {
    if (plan.bodyMode === 'missing' && plan.pick % 2 === 0) continue;
    const value = plan.bodyMode === 'weirdString' ? plan.weird.replace(/[^\x20-\x7e]/g, '?').slice(0, 2000) : String(sampleOf(parameter.schema, document) ?? 'x');
    headers[parameter.name] = value;
  }

  const request: Request = { method: operation.method, url, caller: plan.caller, headers };
  if (operation.method === 'GET' || operation.method === 'HEAD') return request;
  if (isMultipart(operation)) {
    const { payload, contentType } = multipartBody(plan);
    return { ...request, payload, headers: { ...headers, 'content-type': contentType } };
  }
  const schema = jsonSchemaOf(operation);
  const valid = sampleOf(schema, document) ?? {};
  switch (plan.bodyMode) {
    case 'noBody':
      return request;
    case 'empty':
      return { ...request, payload: '', headers: { ...headers, 'content-type': 'application/json' } };
    case 'garbage':
      return { ...request, payload: plan.garbage, headers: { ...headers, 'content-type': 'application/json' } };
    case 'notAnObject':
      return { ...request, payload: JSON.stringify(plan.wrong), headers: { ...headers, 'content-type': 'application/json' } };
    case 'otherMediaType':
      return { ...request, payload: typeof plan.garbage === 'string' ? plan.garbage : JSON.stringify(valid), headers: { ...headers, 'content-type': plan.mediaType } };
    default:
      return { ...request, payload: JSON.stringify(mutateBody(valid, schema, plan)), headers: { ...headers, 'content-type': 'application/json' } };
  }
}

/**
 * A 503 with Retry-After is the app shedding load it cannot take now (every resume reader busy past
 * its queue wait, ADR 045): an answer the document gives, owed to the machine's load, not a fault.
 * The fuzzer counts these apart from the 5xx that fail it, and shows them.
 */
export const isShed = (answer: { statusCode: number; headers: Record<string, unknown> }) => answer.statusCode === 503 && /^\d+$/.test(String(answer.headers['retry-after'] ?? ''));

/** Requests that end the caller's session or account get a session of their own, so the role's token stays live. */
const endsSession = (operation: Operation) => operation.key === 'POST /api/auth/logout' || operation.key === 'DELETE /api/me';

export interface FuzzResult {
  requests: number;
  operations: number;
  /** Of them, routes the document leaves out. */
  hidden: number;
  serverErrors: Array<{ key: string; status: number; request: string; body: string }>;
  /** 503 with Retry-After (`isShed`): shed under load, not counted in serverErrors. */
  shed: Array<{ key: string; request: string }>;
  mismatches: Array<{ key: string; problem: string; request: string }>;
  statuses: Record<string, number>;
  seconds: number;
}

/** Sends `total` generated requests (spread evenly over every operation of the document) to the world's app. */
export async function fuzz(world: World, options: { total: number; seed: number; log: (line: string) => void; concurrency?: number }): Promise<FuzzResult> {
  const started = performance.now();
  const document = world.app.swagger() as unknown as OpenApiDocument;
  const check = answerChecker(document);
  // The document's operations and the routes hidden from it (ADR 119): every route the app answers.
  const operations = [...operationsOf(document), ...hiddenOperationsOf(document, routeTableOf(world.app))];
  const ids = await realIds(world);
  const perOperation = Math.ceil(options.total / operations.length);
  const work: Array<{ operation: Operation; plan: Plan }> = [];
  operations.forEach((operation, index) => {
    for (const plan of fc.sample(planArbitrary, { seed: options.seed + index, numRuns: perOperation })) work.push({ operation, plan });
  });
  // Shuffled the same way every run: operations interleave as clients' requests would.
  const order = fc.sample(fc.shuffledSubarray(work.map((_, i) => i), { minLength: work.length, maxLength: work.length }), { seed: options.seed, numRuns: 1 })[0]!;

  const result: FuzzResult = { requests: 0, operations: operations.length, hidden: operations.filter((operation) => operation.hidden).length, serverErrors: [], shed: [], mismatches: [], statuses: {}, seconds: 0 };
  let server: string | null = null;
  const listen = async () => (server ??= await world.app.listen({ host: '127.0.0.1', port: 0 }));
  let next = 0;
  const worker = async () => {
    while (next < order.length) {
      const { operation, plan } = work[order[next++]!]!;
      const request = buildRequest(operation, plan, document, ids);
      if (endsSession(operation) && plan.caller !== 'visitor') request.token = await world.freshSession(plan.caller);
      const answer = isEventStream(operation) ? await overHttp(await listen(), world, request) : await world.send(request);
      result.requests++;
      result.statuses[answer.statusCode] = (result.statuses[answer.statusCode] ?? 0) + 1;
      // An invitation link's token is a credential: never in a log line, even a test world's.
      const url = (ids.token ?? []).reduce((text, token) => text.split(encodeURIComponent(token)).join('{token}'), request.url);
      const described = `${request.method} ${url.slice(0, 160)} as ${plan.caller} (${plan.bodyMode}/${plan.paramMode}/${plan.queryMode})`;
      if (isShed(answer)) result.shed.push({ key: operation.key, request: described });
      else if (answer.statusCode >= 500) result.serverErrors.push({ key: operation.key, status: answer.statusCode, request: described, body: answer.body.slice(0, 300) });
      const problem = operation.hidden ? null : check(operation, answer);
      if (problem) result.mismatches.push({ key: operation.key, problem, request: described });
      if (result.requests % 1000 === 0) options.log(`fuzz: ${result.requests}/${order.length} requests, ${result.serverErrors.length} 5xx, ${result.mismatches.length} off the document`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** An event stream never ends: over HTTP, its status and headers are read and the stream is dropped. */
async function overHttp(base: string, world: World, request: Request) {
  const token = request.token !== undefined ? request.token : request.caller ? world.account(request.caller).token : null;
  const controller = new AbortController();
  const response = await fetch(`${base}${request.url}`, { method: request.method, headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: controller.signal });
  const headers = Object.fromEntries(response.headers.entries());
  let body = '';
  if ((headers['content-type'] ?? '').startsWith('text/event-stream')) controller.abort();
  else body = await response.text();
  return { statusCode: response.status, headers, body };
}

/** Real ids for each path parameter name: objects of both candidates and both companies, so the fuzzer reaches past "not found". */
async function realIds(world: World): Promise<Record<string, string[]>> {
  const profiles = { candidateA: await world.createProfile('candidateA'), candidateB: await world.createProfile('candidateB') };
  const objects = [];
  for (const kind of ['job', 'application', 'invitation', 'thread', 'savedSearch', 'apiKey', 'company', 'profile'] as const) {
    for (const owner of kind === 'job' || kind === 'invitation' || kind === 'thread' || kind === 'company' ? (['companyA', 'companyB'] as const) : (['candidateA', 'candidateB'] as const)) {
      objects.push(await makeObject(world, kind, owner, profiles));
    }
  }
  const ids: Record<string, string[]> = { '*': [] };
  for (const object of objects) {
    for (const [name, value] of Object.entries(object.params)) {
      (ids[name] ??= []).push(value);
      ids['*']!.push(value);
    }
  }
  ids.page = ['chat', 'jobs', 'profile', 'apply', 'nope'];
  ids.keyId = [...(ids.keyId ?? []), 'not-a-key'];
  return ids;
}

const FULL_REQUESTS = 12_000;
const SHORT_REQUESTS = 500;

export const fuzzPart: ProvePart = {
  name: 'fuzz',
  async run(options: ProveOptions): Promise<ProveRow[]> {
    const world = await openWorld({ log: options.log });
    try {
      const result = await fuzz(world, { total: options.short ? SHORT_REQUESTS : FULL_REQUESTS, seed: 27, log: options.log });
      options.log(`fuzz: statuses ${Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`).join(' ')}`);
      for (const error of result.serverErrors.slice(0, 20)) options.log(`fuzz 5xx: ${error.status} ${error.request}: ${error.body}`);
      for (const shed of result.shed.slice(0, 10)) options.log(`fuzz shed (503 with Retry-After): ${shed.request}`);
      for (const mismatch of result.mismatches.slice(0, 40)) options.log(`fuzz off the document: ${mismatch.request}: ${mismatch.problem}`);
      const atLeast = options.short ? SHORT_REQUESTS : 10_000;
      return [
        {
          part: 'fuzz',
          check: `requests generated from the OpenAPI document (${result.operations} operations, ${result.hidden} of them routes hidden from it, from fastify's route table), live tokens of every role`,
          measured: `${result.requests} requests in ${result.seconds.toFixed(1)} s, ${result.serverErrors.length} 5xx${result.shed.length ? `; ${result.shed.length} shed under load (503 with Retry-After: ${[...new Set(result.shed.map((one) => one.key))].join(', ')})` : ''}`,
          expected: `≥ ${atLeast} requests, 0 5xx (a documented 503 with Retry-After is load shed, shown, not a fault)`,
          pass: result.requests >= atLeast && result.serverErrors.length === 0,
        },
        {
          part: 'fuzz',
          check: 'every answer has a documented status, media type and schema (ajv)',
          measured: `${result.mismatches.length} answers off the document`,
          expected: '0 off the document',
          pass: result.mismatches.length === 0,
        },
      ];
    } finally {
      await world.close();
    }
  },
};
