import { isPosition, type Position } from '../event-store/position';
import type { Doc, Filter, FindOptions, IndexSpec, Scalar, SortSpec } from './types';

/**
 * Validation and parsing shared by every read-store adapter, so that all adapters accept and
 * reject exactly the same filters, sorts, names and documents (see
 * docs/decisions/002-read-store-query-subset.md).
 */

/** A filter, sort, option, name or document outside the supported subset. */
export class ReadStoreQueryError extends Error {
  override name = 'ReadStoreQueryError';
}

/** The collection was never created with `ensureCollection`. */
export class CollectionNotFoundError extends Error {
  override name = 'CollectionNotFoundError';
  constructor(readonly collection: string) {
    super(`Read-store collection "${collection}" does not exist: call ensureCollection("${collection}") first`);
  }
}

/** A write would give two documents the same values for the fields of a unique index. */
export class UniqueConstraintError extends Error {
  override name = 'UniqueConstraintError';
  constructor(
    readonly collection: string,
    readonly fields: readonly string[],
    readonly id: string,
  ) {
    super(
      `Unique index on ${JSON.stringify(fields)} of read-store collection "${collection}" violated by document ${JSON.stringify(id)}`,
    );
  }
}

/** An operation inside the transaction failed, so the whole transaction was rolled back. */
export class TransactionAbortedError extends Error {
  override name = 'TransactionAbortedError';
}

/** At most 51 characters, or a shadow's (`__rebuild` after them, ADR 049): `rm_` + 60 fits PostgreSQL's 63. */
const COLLECTION_NAME = /^[a-z][a-z0-9_-]{0,50}(?:__rebuild)?$/;

export function assertCollectionName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !COLLECTION_NAME.test(name)) {
    throw new ReadStoreQueryError(
      `Invalid read-store collection name ${JSON.stringify(name)}: expected ${COLLECTION_NAME.source}`,
    );
  }
}

export function assertProjectionName(projection: unknown): asserts projection is string {
  if (typeof projection !== 'string' || projection.length === 0 || projection.length > 200) {
    throw new ReadStoreQueryError(`Invalid projection name ${JSON.stringify(projection)}`);
  }
}

export function assertPosition(position: unknown): asserts position is Position {
  if (typeof position !== 'string' || !isPosition(position)) {
    throw new ReadStoreQueryError(`Invalid checkpoint position ${JSON.stringify(position)}`);
  }
}

/**
 * One segment of a dotted field path. Deliberately narrow: paths are inlined into SQL as
 * `'{a,b}'` text-array literals (so expression indexes match), which is only safe because
 * this character set cannot contain quotes, commas, braces, backslashes or whitespace.
 * Purely numeric segments (array positions in MongoDB) are not supported.
 */
const PATH_SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]{0,62}$/;

export function parsePath(path: string): readonly string[] {
  const segments = path.split('.');
  if (segments.length > 8 || !segments.every((segment) => PATH_SEGMENT.test(segment))) {
    throw new ReadStoreQueryError(
      `Unsupported field path ${JSON.stringify(path)}: use up to 8 dot-separated names matching ${PATH_SEGMENT.source}`,
    );
  }
  return segments;
}

export type ComparisonOperator = '>' | '>=' | '<' | '<=';

export interface RegexLiteral {
  /** The literal text the pattern matches. */
  text: string;
  anchorStart: boolean;
  anchorEnd: boolean;
  caseInsensitive: boolean;
}

export type Condition =
  | { op: 'eq'; value: Scalar }
  | { op: 'ne'; value: Scalar }
  | { op: 'in'; values: readonly Scalar[] }
  | { op: 'nin'; values: readonly Scalar[] }
  | { op: 'cmp'; operator: ComparisonOperator; value: string | number }
  | { op: 'exists'; value: boolean }
  | { op: 'all'; values: readonly Scalar[] }
  | { op: 'size'; value: number }
  | { op: 'regex'; regex: RegexLiteral };

export type FilterNode =
  | { kind: 'and' | 'or' | 'nor'; children: readonly FilterNode[] }
  | { kind: 'field'; path: string; segments: readonly string[]; condition: Condition };

const COMPARISONS: Record<string, ComparisonOperator> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

const describe = (value: unknown): string => {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

function scalarArgument(path: string, operator: string, value: unknown): Scalar {
  if (!isScalar(value)) {
    throw new ReadStoreQueryError(
      `${operator} on "${path}" needs a string, finite number, boolean or null, got ${describe(value)}`,
    );
  }
  return value;
}

function scalarList(path: string, operator: string, value: unknown): readonly Scalar[] {
  if (!Array.isArray(value)) {
    throw new ReadStoreQueryError(`${operator} on "${path}" needs an array of scalars, got ${describe(value)}`);
  }
  return value.map((item: unknown) => scalarArgument(path, operator, item));
}

/**
 * Parses a `$regex` pattern. Only escaped literals are portable between JavaScript regular
 * expressions (mingo) and PostgreSQL ARE: an optional leading `^`, then ordinary characters or a
 * backslash followed by a punctuation character (what `escapeRegex` produces), then an optional
 * trailing `$`. Anything else (classes, quantifiers, groups, `\d`, ...) is rejected.
 */
export function parseRegexLiteral(pattern: string, options: string): RegexLiteral {
  if (options !== '' && options !== 'i') {
    throw new ReadStoreQueryError(`Unsupported $options ${JSON.stringify(options)}: only "i" or "" are supported`);
  }
  let text = '';
  let index = 0;
  const anchorStart = pattern.startsWith('^');
  if (anchorStart) index = 1;
  let anchorEnd = false;
  while (index < pattern.length) {
    const char = pattern[index]!;
    if (char === '\\') {
      const next = pattern[index + 1];
      if (next === undefined || /[A-Za-z0-9\s]/.test(next) || next.charCodeAt(0) > 0x7f) {
        throw new ReadStoreQueryError(
          `Unsupported $regex ${JSON.stringify(pattern)}: only escaped punctuation is allowed after a backslash (use escapeRegex)`,
        );
      }
      text += next;
      index += 2;
      continue;
    }
    if (char === '$' && index === pattern.length - 1) {
      anchorEnd = true;
      index += 1;
      continue;
    }
    if ('.*+?^${}()|[]'.includes(char)) {
      throw new ReadStoreQueryError(
        `Unsupported $regex ${JSON.stringify(pattern)}: only escaped literals optionally anchored with ^ and $ are portable (use escapeRegex)`,
      );
    }
    text += char;
    index += 1;
  }
  return { text, anchorStart, anchorEnd, caseInsensitive: options === 'i' };
}

function parseOperators(path: string, segments: readonly string[], operators: Record<string, unknown>): FilterNode[] {
  const keys = Object.keys(operators);
  if (keys.length === 0) {
    throw new ReadStoreQueryError(`Empty operator object for "${path}" (embedded-document equality is not supported)`);
  }
  const nodes: FilterNode[] = [];
  const field = (condition: Condition): void => {
    nodes.push({ kind: 'field', path, segments, condition });
  };
  for (const key of keys) {
    const value = operators[key];
    if (value === undefined) {
      throw new ReadStoreQueryError(`${key} on "${path}" is undefined`);
    }
    switch (key) {
      case '$eq':
        field({ op: 'eq', value: scalarArgument(path, key, value) });
        break;
      case '$ne':
        field({ op: 'ne', value: scalarArgument(path, key, value) });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (!(typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) {
          throw new ReadStoreQueryError(`${key} on "${path}" needs a string or finite number, got ${describe(value)}`);
        }
        field({ op: 'cmp', operator: COMPARISONS[key]!, value });
        break;
      case '$in':
        field({ op: 'in', values: scalarList(path, key, value) });
        break;
      case '$nin':
        field({ op: 'nin', values: scalarList(path, key, value) });
        break;
      case '$all':
        field({ op: 'all', values: scalarList(path, key, value) });
        break;
      case '$exists':
        if (typeof value !== 'boolean') {
          throw new ReadStoreQueryError(`$exists on "${path}" needs a boolean, got ${describe(value)}`);
        }
        field({ op: 'exists', value });
        break;
      case '$size':
        if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
          throw new ReadStoreQueryError(`$size on "${path}" needs a non-negative integer, got ${describe(value)}`);
        }
        field({ op: 'size', value });
        break;
      case '$regex': {
        if (typeof value !== 'string') {
          throw new ReadStoreQueryError(`$regex on "${path}" needs a string pattern, got ${describe(value)}`);
        }
        const options = operators.$options ?? '';
        if (typeof options !== 'string') {
          throw new ReadStoreQueryError(`$options on "${path}" needs a string, got ${describe(options)}`);
        }
        field({ op: 'regex', regex: parseRegexLiteral(value, options) });
        break;
      }
      case '$options':
        if (!('$regex' in operators)) {
          throw new ReadStoreQueryError(`$options on "${path}" without $regex`);
        }
        break;
      default:
        if (key.startsWith('$')) {
          throw new ReadStoreQueryError(`Unsupported query operator ${key} on "${path}"`);
        }
        throw new ReadStoreQueryError(
          `Embedded-document equality on "${path}" is not supported (key ${JSON.stringify(key)}); use dotted paths`,
        );
    }
  }
  return nodes;
}

function parseFilterObject(filter: unknown, where: string): FilterNode[] {
  if (!isPlainObject(filter)) {
    throw new ReadStoreQueryError(`${where} must be a plain object, got ${describe(filter)}`);
  }
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) {
      throw new ReadStoreQueryError(`Filter value for "${key}" is undefined: omit the key, or use null to match missing fields`);
    }
    if (key.startsWith('$')) {
      if (key !== '$and' && key !== '$or' && key !== '$nor') {
        throw new ReadStoreQueryError(`Unsupported top-level query operator ${key}`);
      }
      if (!Array.isArray(value) || value.length === 0) {
        throw new ReadStoreQueryError(`${key} needs a non-empty array of filters`);
      }
      const children = value.map((child: unknown, index: number) => {
        const parts = parseFilterObject(child, `${key}[${index}]`);
        return parts.length === 1 ? parts[0]! : { kind: 'and' as const, children: parts };
      });
      nodes.push({ kind: key === '$and' ? 'and' : key === '$or' ? 'or' : 'nor', children });
      continue;
    }
    const segments = parsePath(key);
    if (isScalar(value)) {
      nodes.push({ kind: 'field', path: key, segments, condition: { op: 'eq', value } });
    } else if (isPlainObject(value)) {
      nodes.push(...parseOperators(key, segments, value));
    } else if (Array.isArray(value)) {
      throw new ReadStoreQueryError(`Array equality on "${key}" is not supported: use $in or $all`);
    } else {
      throw new ReadStoreQueryError(`Unsupported filter value for "${key}": ${describe(value)}`);
    }
  }
  return nodes;
}

/** Validates a filter and returns it as a tree. An empty filter is an empty `and` (matches everything). */
export function parseFilter(filter: Filter | undefined): FilterNode {
  if (filter === undefined) return { kind: 'and', children: [] };
  const nodes = parseFilterObject(filter, 'Filter');
  return nodes.length === 1 ? nodes[0]! : { kind: 'and', children: nodes };
}

/** Every field path used by a parsed filter. */
export function filterPaths(node: FilterNode, into: Map<string, readonly string[]> = new Map()): Map<string, readonly string[]> {
  if (node.kind === 'field') into.set(node.path, node.segments);
  else for (const child of node.children) filterPaths(child, into);
  return into;
}

export interface SortKey {
  path: string;
  segments: readonly string[];
  direction: 1 | -1;
}

export function parseSort(sort: SortSpec | undefined): readonly SortKey[] {
  if (sort === undefined) return [];
  if (!isPlainObject(sort)) throw new ReadStoreQueryError(`Sort must be a plain object, got ${describe(sort)}`);
  return Object.entries(sort).map(([path, direction]) => {
    if (direction !== 1 && direction !== -1) {
      throw new ReadStoreQueryError(`Sort direction for "${path}" must be 1 or -1, got ${describe(direction)}`);
    }
    return { path, segments: parsePath(path), direction };
  });
}

export interface Paging {
  skip: number;
  limit: number | undefined;
}

export function parsePaging(options: FindOptions | undefined): Paging {
  const skip = options?.skip ?? 0;
  const limit = options?.limit;
  if (!Number.isSafeInteger(skip) || skip < 0) {
    throw new ReadStoreQueryError(`skip must be a non-negative integer, got ${describe(skip)}`);
  }
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new ReadStoreQueryError(`limit must be a non-negative integer, got ${describe(limit)}`);
  }
  return { skip, limit };
}

export interface ParsedIndex {
  fields: readonly string[];
  segments: readonly (readonly string[])[];
  unique: boolean;
  substring: boolean;
}

export function parseIndexes(indexes: readonly IndexSpec[] | undefined): readonly ParsedIndex[] {
  return (indexes ?? []).map((index) => {
    if (!isPlainObject(index) || !Array.isArray(index.fields) || index.fields.length === 0 || index.fields.length > 8) {
      throw new ReadStoreQueryError(`Invalid index ${describe(index)}: needs 1 to 8 fields`);
    }
    if (new Set(index.fields).size !== index.fields.length) {
      throw new ReadStoreQueryError(`Invalid index ${describe(index)}: repeated field`);
    }
    if (index.kind !== undefined && index.kind !== 'substring') throw new ReadStoreQueryError(`Invalid index kind ${describe(index.kind)}`);
    if (index.kind === 'substring' && (index.fields.length !== 1 || index.unique)) {
      throw new ReadStoreQueryError(`Invalid index ${describe(index)}: a substring index has one field and is not unique`);
    }
    return {
      fields: [...index.fields],
      segments: index.fields.map((field: string) => parsePath(field)),
      unique: index.unique === true,
      substring: index.kind === 'substring',
    };
  });
}

/** The value at a path, not descending into arrays; `undefined` when missing. */
export function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let value = doc;
  for (const segment of segments) {
    if (!isPlainObject(value) || !Object.hasOwn(value, segment)) return undefined;
    value = value[segment];
  }
  return value;
}

/**
 * Throws when a multi-segment path would have to descend into an array (e.g. `items.sku` where
 * `items` is an array of objects). MongoDB matches such paths element-wise; the PostgreSQL
 * adapter does not support that, so the memory adapter refuses instead of silently agreeing
 * with MongoDB and disagreeing with PostgreSQL.
 */
export function assertNoArrayTraversal(doc: Doc, path: string, segments: readonly string[]): void {
  let value: unknown = doc;
  for (let index = 0; index < segments.length - 1; index++) {
    if (!isPlainObject(value)) return;
    value = value[segments[index]!];
    if (Array.isArray(value)) {
      throw new ReadStoreQueryError(
        `Field path "${path}" descends into an array in document ${JSON.stringify(doc._id)}: paths through arrays are not supported`,
      );
    }
  }
}

const LONE_SURROGATE = /\p{Surrogate}/u;

function assertStorable(value: unknown, where: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000') || LONE_SURROGATE.test(value)) {
      throw new ReadStoreQueryError(`${where} contains a NUL character or an unpaired surrogate, which cannot be stored`);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => assertStorable(item, `${where}[${index}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertStorable(key, `${where} key`);
      assertStorable(item, `${where}.${key}`);
    }
  }
}

/**
 * Validates a document and returns its JSON text plus a fresh copy parsed from it, so every
 * adapter stores exactly what PostgreSQL's jsonb would (no `undefined`, Dates as ISO strings,
 * non-finite numbers as null, no aliasing of the caller's objects).
 */
export function normaliseDocument<T extends Doc>(doc: T): { doc: T; json: string } {
  if (!isPlainObject(doc)) throw new ReadStoreQueryError(`Documents must be plain objects, got ${describe(doc)}`);
  if (typeof doc._id !== 'string' || doc._id.length === 0) {
    throw new ReadStoreQueryError(`Documents need a non-empty string _id, got ${describe(doc._id)}`);
  }
  const json = JSON.stringify(doc);
  const copy: T = JSON.parse(json);
  assertStorable(copy, 'Document');
  return { doc: copy, json };
}

/**
 * A NUL or an unpaired surrogate as `JSON.stringify` writes it (`\u0000`, `\udXXX`; a surrogate
 * pair is written as it is), not preceded by an escaped backslash.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/**
 * `normaliseDocument`'s JSON text without its parsed copy, for a writer that keeps only the text
 * (a rebuild's buffer, ADR 091): the same checks, made on the text, and the same errors. Half
 * the work: one `JSON.stringify`, no `JSON.parse` and no walk over the copy.
 */
export function documentJson(doc: Doc): string {
  if (!isPlainObject(doc)) throw new ReadStoreQueryError(`Documents must be plain objects, got ${describe(doc)}`);
  if (typeof doc._id !== 'string' || doc._id.length === 0) {
    throw new ReadStoreQueryError(`Documents need a non-empty string _id, got ${describe(doc._id)}`);
  }
  const json = JSON.stringify(doc);
  // Something not storable: the full check says where. Both are written as a `\u` escape, which
  // most documents hold none of: one scan for it first, the look-behind only when it is there.
  if (json.includes('\\u') && UNSTORABLE_ESCAPE.test(json)) return normaliseDocument(doc).json;
  return json;
}

export function assertId(id: unknown): asserts id is string {
  if (typeof id !== 'string') throw new ReadStoreQueryError(`Document ids are strings, got ${describe(id)}`);
}

/** Compares strings by Unicode code point (PostgreSQL's `COLLATE "C"` on UTF-8). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    // A surrogate (an astral code point) sorts after every BMP code point.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** JSON text with sorted object keys: equal for values jsonb considers equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => compareCodePoints(a, b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Unique-index key of a document, or null when a field is missing or null (exempt, like SQL NULLs). */
export function uniqueKey(doc: Doc, index: ParsedIndex): string | null {
  const values: unknown[] = [];
  for (const segments of index.segments) {
    const value = valueAt(doc, segments);
    if (value === undefined || value === null) return null;
    values.push(value);
  }
  return canonicalJson(values);
}
