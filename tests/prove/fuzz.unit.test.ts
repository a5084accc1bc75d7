import { beforeAll, describe, expect, it } from 'vitest';
import { answerChecker, hiddenOperationsOf, isShed, operationsOf, type OpenApiDocument, type Operation } from './fuzz';
import { describeTheApp } from './memory-app';

/*
 * The fuzzer of `npm run prove` (ADR 089) is only as good as its check of each answer against the
 * OpenAPI document: these answers are wrong in each way it must catch, and right in the ways the
 * document's OpenAPI 3.0 dialect allows (nullable, boolean exclusive bounds).
 */
let document: OpenApiDocument;
let check: ReturnType<typeof answerChecker>;
let operation: (key: string) => Operation;
let routeTable: string[];

beforeAll(async () => {
  ({ document, routeTable } = await describeTheApp());
  check = answerChecker(document);
  const operations = operationsOf(document);
  operation = (key) => operations.find((one) => one.key === key)!;
});

const json = (statusCode: number, body: unknown) => ({ statusCode, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });

describe('the fuzzer’s check of an answer against the document', () => {
  it('passes a documented error and a documented success, nullable fields as null', () => {
    expect(check(operation('GET /api/jobs/{jobId}'), json(404, { success: false, error: 'Job not found' }))).toBeNull();
    const key = { id: 'k1', name: 'mine', prefix: 'hl_abc', createdAt: '2026-11-27T10:00:00.000Z', lastUsedAt: null, expiresAt: null, key: 'hl_abc.secret', mcpUrl: 'http://hireloop.test/api/mcp' };
    expect(check(operation('POST /api/api-keys'), json(201, key))).toBeNull();
  });

  it('catches a status the operation does not document', () => {
    expect(check(operation('GET /api/jobs/{jobId}'), json(418, { success: false, error: 'teapot' }))).toMatch(/^status 418 is not documented/);
  });

  it('catches a body off its schema: a missing field, an extra one, a wrong type', () => {
    const op = operation('GET /api/jobs/{jobId}');
    expect(check(op, json(404, { success: false }))).toMatch(/off its schema: \/ must have required property 'error'/);
    expect(check(op, json(404, { success: false, error: 'x', stack: 'at …' }))).toMatch(/must NOT have additional properties/);
    expect(check(op, json(404, { success: 'no', error: 'x' }))).toMatch(/\/success must be boolean/);
  });

  it('catches a media type other than the documented one, and JSON that is not JSON', () => {
    expect(check(operation('GET /api/jobs/{jobId}'), { statusCode: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not found</h1>' })).toMatch(/is text\/html, documented as application\/json/);
    expect(check(operation('GET /api/jobs/{jobId}'), { statusCode: 404, headers: { 'content-type': 'application/json' }, body: '{"success":' })).toMatch(/is not JSON/);
  });

  it('documents the 404 a profile picture answers to anyone who may not see it (found by the fuzzer)', () => {
    expect(check(operation('GET /api/profile-pictures/{id}'), json(404, { success: false, error: 'Picture not found' }))).toBeNull();
  });
});

describe('the routes the fuzzer sends to', () => {
  it('are the document’s operations and the routes hidden from it, each once', () => {
    const hidden = hiddenOperationsOf(document, routeTable);
    expect(hidden.map((one) => one.key)).toEqual(expect.arrayContaining(['GET /healthz', 'POST /api/payments/simulated/checkout/{sessionId}/confirm', 'POST /api/payments/simulated/portal/{sessionId}']));
    expect(hidden.every((one) => one.hidden && !operationsOf(document).some((documented) => documented.key === one.key))).toBe(true);
    expect(new Set([...operationsOf(document), ...hidden].map((one) => one.key))).toEqual(new Set(routeTable));
  });
});

describe('what the fuzzer counts as a fault', () => {
  it('a 503 with Retry-After is load shed; a 503 without it, or any other 5xx, is a fault', () => {
    expect(isShed({ statusCode: 503, headers: { 'retry-after': '5' } })).toBe(true);
    expect(isShed({ statusCode: 503, headers: {} })).toBe(false);
    expect(isShed({ statusCode: 503, headers: { 'retry-after': 'soon' } })).toBe(false);
    expect(isShed({ statusCode: 500, headers: { 'retry-after': '5' } })).toBe(false);
  });
});
