import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { survivePoolErrors } from '../database/availability';
import type { Position } from '../event-store/position';
import { requireTables } from '../migrations/required-tables';
import {
  assertCollectionName,
  assertId,
  assertPosition,
  assertProjectionName,
  canonicalJson,
  CollectionNotFoundError,
  documentJson,
  parseFilter,
  parseIndexes,
  parsePaging,
  parseSort,
  ReadStoreQueryError,
  TransactionAbortedError,
  UniqueConstraintError,
  type Condition,
  type FilterNode,
  type ParsedIndex,
  type RegexLiteral,
} from './query';
import type {
  CollectionOptions,
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  ReadStore,
  ReadStoreTransaction,
  Scalar,
  WritableCollection,
} from './types';
import { SHADOW_SUFFIX, shadowCollection } from './types';

/**
 * PostgreSQL adapter of the read store: one table `rm_<collection>(id text COLLATE "C" primary
 * key, doc jsonb)` per collection plus `projection_checkpoints`. Filters are translated to SQL
 * over jsonb following MongoDB semantics as implemented by mingo (the memory adapter); see
 * docs/decisions/002-read-store-query-subset.md for the mapping.
 *
 * `projection_checkpoints` is made by the migrations. The collections' tables and indexes are
 * not: they follow from each projection's name, version and declared indexes, so this adapter
 * makes them at run time (`ensureCollection`, `resetForRebuild`) and is the only code that does
 * (ADR 022).
 *
 * Collections must be created with `ensureCollection` before use: any other operation on an
 * unknown collection fails with `CollectionNotFoundError` (no auto-creation, so a misspelt
 * collection name fails loudly instead of reading as empty).
 */

export interface PostgresReadStoreOptions {
  connectionString?: string;
  /** A pool owned by the caller (not ended by `close()`). */
  pool?: pg.Pool;
  /** Schema holding the tables, made by the migrations (ADR 022). Default `public`. */
  schema?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Collection DDL takes turns per collection across processes (ADR 112): each statement holds its
 * collections' keys exclusively and the schema's key shared, so DDL of different collections runs
 * side by side, and a process of before ADR 112 (which takes the schema's key exclusively) still
 * takes turns with all of it.
 */
const lockKey = (schema: string): string => `hireloop.read-store.${schema}`;
const collectionLockKey = (schema: string, collection: string): string => `hireloop.read-store.${schema}.${collection}`;
/** `CREATE EXTENSION IF NOT EXISTS` run at once in two transactions fails in one of them: they take turns (the extension is the database's). */
const EXTENSION_LOCK_KEY = 'hireloop.read-store.extensions';

/** Takes the DDL locks of `collections` for the transaction on `db`: theirs in key order, so two takers never wait in a circle. */
async function takeDdlLocks(db: { query(text: string, values?: unknown[]): Promise<unknown> }, schema: string, collections: readonly string[]): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [lockKey(schema)]);
  await db.query('SELECT count(pg_advisory_xact_lock(s.key)) FROM (SELECT DISTINCT hashtext(k) AS key FROM unnest($1::text[]) AS k ORDER BY 1) s', [
    collections.map((collection) => collectionLockKey(schema, collection)),
  ]);
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Table name of a collection (inside its schema). Collection names are validated first. */
export const collectionTable = (collection: string): string => {
  assertCollectionName(collection);
  return `rm_${collection}`;
};

/** `'{a,b}'` text-array literal; path segments are validated to a quote-free character set. */
const pathLiteral = (segments: readonly string[]): string => `'{${segments.join(',')}}'`;

const jsonbAt = (segments: readonly string[]): string => `(doc #> ${pathLiteral(segments)})`;
const textAt = (segments: readonly string[]): string => `(doc #>> ${pathLiteral(segments)})`;
/** Expression of the btree indexes and of string comparisons: they must stay textually identical. */
const collatedTextAt = (segments: readonly string[]): string => `(${textAt(segments)} COLLATE "C")`;

/** A lease (`ReadStoreTransaction.lock`) of one schema. */
const leaseKey = (schema: string, name: string): string => `hireloop.lease.${schema}.${name}`;

/**
 * The name of one of a collection's indexes. A shadow's indexes (ADR 049) are named after the
 * collection it will replace, with `rs_` for `rm_`, so the switch renames them to exactly the
 * names `ensureCollection` looks for.
 */
const indexName = (collection: string, kind: string, fields: readonly string[]): string => {
  const shadow = collection.endsWith(SHADOW_SUFFIX);
  const live = shadow ? collection.slice(0, -SHADOW_SUFFIX.length) : collection;
  const hash = createHash('sha256').update(JSON.stringify([live, kind, fields])).digest('hex').slice(0, 10);
  return `${shadow ? SHADOW_INDEX_PREFIX : LIVE_INDEX_PREFIX}${live.slice(0, 40)}_${kind}_${hash}`;
};
const LIVE_INDEX_PREFIX = 'rm_';
const SHADOW_INDEX_PREFIX = 'rs_';

/** `{a: {b: leaf}}` for the path a.b: the right-hand side of a jsonb containment test. */
function nestAt(segments: readonly string[], leaf: unknown): unknown {
  let value = leaf;
  for (let index = segments.length - 1; index >= 0; index--) value = { [segments[index]!]: value };
  return value;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  json(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}

/** Translates a `$regex` literal into a PostgreSQL ARE: ASCII punctuation escaped, nothing else special. */
export function regexToPostgres(regex: RegexLiteral): string {
  const body = regex.text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
  return `${regex.anchorStart ? '^' : ''}${body}${regex.anchorEnd ? '$' : ''}`;
}

/**
 * Matches when the value at the path, or (for arrays) any element of it, satisfies `test`,
 * which is given an expression of jsonb type. The two arms are separate so that each can use
 * an index: the scalar arm the btree on the extracted text, the array arm the partial index
 * `WHERE jsonb_typeof(...) = 'array'`.
 */
function scalarOrElement(
  segments: readonly string[],
  scalarTest: string,
  elementTest: (element: string) => string,
): string {
  const value = jsonbAt(segments);
  return (
    `(${scalarTest} OR (jsonb_typeof(${value}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(` +
    `CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END) AS element(value) ` +
    `WHERE ${elementTest('element.value')})))`
  );
}

/** MongoDB equality with a scalar: equal, or an array containing it; null also matches missing. */
function equals(segments: readonly string[], value: Scalar, params: Params): string {
  if (segments.length === 1 && segments[0] === '_id' && typeof value === 'string') {
    return `(id = ${params.add(value)})`;
  }
  if (value === null) {
    const at = jsonbAt(segments);
    return `(${at} IS NULL OR ${at} = 'null'::jsonb OR doc @> ${params.json(nestAt(segments, [null]))})`;
  }
  // The same test written three times over, so that whichever index the collection has serves
  // it (ADR 112): containment for the whole-document GIN index, the jsonb value for a unique
  // index (`NULLIF(doc #> path, 'null')`), the text for a btree index (`(doc #>> path) COLLATE
  // "C"`, strings only: a number's text is not unique to it). Paths name object keys only
  // (`parsePath`), where `doc @> {a: {b: v}}` and `doc #> '{a,b}' = v` agree for a scalar v.
  const at = jsonbAt(segments);
  const json = params.json(value);
  const scalar = [`doc @> ${params.json(nestAt(segments, value))}`, `NULLIF(${at}, 'null'::jsonb) = ${json}`];
  if (typeof value === 'string') scalar.push(`${collatedTextAt(segments)} = ${params.add(value)}::text`);
  // The array arm names the predicate of the field's `arr` partial index.
  return `((${scalar.join(' AND ')}) OR (jsonb_typeof(${at}) = 'array' AND doc @> ${params.json(nestAt(segments, [value]))}))`;
}

function anyOf(segments: readonly string[], values: readonly Scalar[], params: Params): string {
  const unique = [...new Map(values.map((value) => [canonicalJson(value), value])).values()];
  if (unique.length === 0) return 'FALSE';
  return `(${unique.map((value) => equals(segments, value, params)).join(' OR ')})`;
}

/** Elements of nested arrays up to 8 levels deep, or the value itself when it is not an array. */
const FLATTEN_ARRAYS = 'lax $[*][*][*][*][*][*][*][*]';

/** NOT over a formula whose leaves may be SQL NULL (unknown): NULL counts as "no match". */
const not = (expression: string): string => `(NOT COALESCE(${expression}, FALSE))`;

function compileCondition(segments: readonly string[], condition: Condition, params: Params): string {
  const value = jsonbAt(segments);
  switch (condition.op) {
    case 'eq':
      return equals(segments, condition.value, params);
    case 'ne':
      return not(equals(segments, condition.value, params));
    case 'in':
      return anyOf(segments, condition.values, params);
    case 'nin':
      return not(anyOf(segments, condition.values, params));
    case 'exists':
      return `(${value} IS ${condition.value ? 'NOT ' : ''}NULL)`;
    case 'all':
      // Containment of [v1, ..., vn]: an array holding every value (mingo: arrays only).
      return condition.values.length === 0 ? 'FALSE' : `(doc @> ${params.json(nestAt(segments, condition.values))})`;
    case 'size':
      return (
        `(jsonb_array_length(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} END) = ` +
        `${params.add(condition.value)}::int)`
      );
    case 'cmp': {
      const operator = condition.operator;
      if (segments.length === 1 && segments[0] === '_id' && typeof condition.value === 'string') {
        // Every _id is a string kept in the key column (COLLATE "C": code point order): ranges
        // over it are primary-key range scans (keyset paging).
        return `(id ${operator} ${params.add(condition.value)}::text)`;
      }
      if (typeof condition.value === 'number') {
        // jsonb orders numbers numerically; the type test keeps to MongoDB's number bracket.
        const bound = params.json(condition.value);
        return scalarOrElement(
          segments,
          `(jsonb_typeof(${value}) = 'number' AND ${value} ${operator} ${bound})`,
          (element) => `jsonb_typeof(${element}) = 'number' AND ${element} ${operator} ${bound}`,
        );
      }
      // Strings compare by code point (MongoDB's default binary collation).
      const bound = `${params.add(condition.value)}::text`;
      return scalarOrElement(
        segments,
        `(jsonb_typeof(${value}) = 'string' AND ${collatedTextAt(segments)} ${operator} ${bound})`,
        (element) => `jsonb_typeof(${element}) = 'string' AND ((${element} #>> '{}') COLLATE "C") ${operator} ${bound}`,
      );
    }
    case 'regex': {
      const operator = condition.regex.caseInsensitive ? '~*' : '~';
      const pattern = `${params.add(regexToPostgres(condition.regex))}::text`;
      // mingo tests $regex against strings at any depth of nested arrays: flatten (lax [*] passes
      // scalars and objects through unchanged), then test the strings.
      // The plain-string arm is written on the extracted text so a trigram index can serve it.
      return (
        `((jsonb_typeof(${value}) = 'string' AND ${textAt(segments)} ${operator} ${pattern}) OR ` +
        `(jsonb_typeof(${value}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_path_query(${value}, '${FLATTEN_ARRAYS}') AS element(value) ` +
        `WHERE jsonb_typeof(element.value) = 'string' AND (element.value #>> '{}') ${operator} ${pattern})))`
      );
    }
  }
}

function compileNode(node: FilterNode, params: Params): string {
  switch (node.kind) {
    case 'field':
      return compileCondition(node.segments, node.condition, params);
    case 'and':
      return node.children.length === 0
        ? 'TRUE'
        : `(${node.children.map((child) => compileNode(child, params)).join(' AND ')})`;
    case 'or':
      return `(${node.children.map((child) => compileNode(child, params)).join(' OR ')})`;
    case 'nor':
      return not(`(${node.children.map((child) => compileNode(child, params)).join(' OR ')})`);
  }
}

/**
 * Compiles a filter to a boolean SQL expression over the `doc` (jsonb) and `id` columns.
 * Values become query parameters appended to `values`; only validated field paths are inlined.
 */
export function compileFilter(filter: Filter | undefined, values: unknown[] = []): { sql: string; values: unknown[] } {
  const params = new Params();
  params.values.push(...values);
  return { sql: compileNode(parseFilter(filter), params), values: params.values };
}

/** ORDER BY items for a sort spec: MongoDB's type order null/missing < numbers < strings < booleans. */
function compileSort(sort: FindOptions['sort']): string {
  const items: string[] = [];
  for (const key of parseSort(sort)) {
    const direction = key.direction === 1 ? 'ASC' : 'DESC';
    if (key.path === '_id') {
      // Always a string: the key column's order (so the primary key serves the sort), and
      // nothing after it can break a tie.
      items.push(`id ${direction}`);
      return items.join(', ');
    }
    const value = jsonbAt(key.segments);
    items.push(
      `CASE jsonb_typeof(${value}) WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'object' THEN 3 ` +
        `WHEN 'array' THEN 4 WHEN 'boolean' THEN 5 ELSE 0 END ${direction}`,
      `CASE WHEN jsonb_typeof(${value}) IN ('number', 'boolean') THEN ${value} END ${direction}`,
      `(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${textAt(key.segments)} END) COLLATE "C" ${direction}`,
    );
  }
  // Deterministic order: _id (code point order, the column is COLLATE "C") breaks ties.
  items.push('id ASC');
  return items.join(', ');
}

/** Builds the SELECT of `find` (exported for query-plan tests). */
export function compileFind(
  collection: string,
  filter: Filter | undefined,
  options: FindOptions | undefined,
  schema = 'public',
): { sql: string; values: unknown[] } {
  const table = `${quoteIdent(schema)}.${quoteIdent(collectionTable(collection))}`;
  const { skip, limit } = parsePaging(options);
  const where = compileFilter(filter);
  const params = new Params();
  params.values.push(...where.values);
  let sql = `SELECT doc FROM ${table} WHERE ${where.sql} ORDER BY ${compileSort(options?.sort)}`;
  if (skip > 0) sql += ` OFFSET ${params.add(skip)}`;
  if (limit !== undefined) sql += ` LIMIT ${params.add(limit)}`;
  return { sql, values: params.values };
}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** `COPY … FROM STDIN` of `chunks` (text format); only a transaction's connection has it. */
  copyIn?(sql: string, chunks: Iterable<Buffer>): Promise<void>;
}

/** A value in COPY's text format: backslash, newline, carriage return and tab escaped (JSON text holds only backslashes). */
const COPY_SPECIAL = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
export const copyTextValue = (value: string): string =>
  // Most documents hold none (JSON text has no raw control characters): four scans for one
  // character each are cheaper than the regular expression's (ADR 125).
  value.indexOf('\\') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0 && value.indexOf('\t') < 0
    ? value
    : value.replace(COPY_SPECIAL, (special) => COPY_ESCAPES[special]!);

/** Bytes of COPY rows gathered per chunk. */
const COPY_CHUNK_BYTES = 262_144;

/**
 * COPY rows (`id<TAB>json<LF>`) as UTF-8 chunks of about 256 kB, each row's text encoded straight
 * into the chunk: a chunk built as one string was a rope of a thousand pieces that the driver
 * flattened and then encoded (ADR 125).
 */
function* copyChunks(rows: readonly { id: string; json: string }[]): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  let used = 0;
  for (const { id, json } of rows) {
    const key = copyTextValue(id);
    const value = copyTextValue(json);
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
    const most = 3 * (key.length + value.length) + 2;
    if (used + most > chunk.length) {
      if (used > 0) yield chunk.subarray(0, used);
      chunk = Buffer.allocUnsafe(Math.max(COPY_CHUNK_BYTES, most));
      used = 0;
    }
    used += chunk.write(key, used);
    chunk[used++] = 0x09;
    used += chunk.write(value, used);
    chunk[used++] = 0x0a;
  }
  if (used > 0) yield chunk.subarray(0, used);
}

const isDatabaseError = (error: unknown): error is pg.DatabaseError => error instanceof pg.DatabaseError;

export async function createPostgresReadStore(options: PostgresReadStoreOptions): Promise<ReadStore> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) {
    throw new ReadStoreQueryError(`Invalid schema name ${JSON.stringify(schema)}: expected ${SCHEMA_NAME.source}`);
  }
  if (!options.pool && !options.connectionString) {
    throw new Error('createPostgresReadStore needs a pool or a connectionString');
  }
  const ownsPool = !options.pool;
  // A client losing its connection (idle or checked out) must not crash the process; the next query reconnects.
  // JIT off, as on the app's pool (cli/src/runtime.ts): a board search the job board's indexes do not
  // serve (ADR 112) crosses jit_above_cost, and compiling it takes seconds where running it takes ms.
  const pool = options.pool ?? survivePoolErrors(new pg.Pool({ connectionString: options.connectionString, options: '-c jit=off' }));
  const qualified = (table: string): string => `${quoteIdent(schema)}.${quoteIdent(table)}`;
  const checkpointsTable = qualified('projection_checkpoints');
  const tableOf = (collection: string): string => qualified(collectionTable(collection));
  /** Unique index name → fields, for error messages. */
  const uniqueIndexes = new Map<string, readonly string[]>();
  const inTransaction = new AsyncLocalStorage<true>();

  /** Runs DDL of one collection in a transaction holding its advisory lock (safe when processes race). */
  async function collectionDdl(collection: string, statements: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await takeDdlLocks(client, schema, [collection]);
      await statements(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  try {
    await requireTables(pool, ['projection_checkpoints'], schema);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }

  /** Maps PostgreSQL errors to the read store's errors; `id` is the document being written, if any. */
  const translate = (error: unknown, collection: string, id = ''): unknown => {
    if (!isDatabaseError(error)) return error;
    if (error.code === '42P01') return new CollectionNotFoundError(collection);
    if (error.code === '23505') {
      const fields = uniqueIndexes.get(error.constraint ?? '') ?? [error.constraint ?? 'unknown'];
      return new UniqueConstraintError(collection, fields, id);
    }
    return error;
  };

  const run = async (db: Queryable, collection: string, sql: string, values: unknown[], id?: string) => {
    try {
      return await db.query(sql, values);
    } catch (error) {
      throw translate(error, collection, id);
    }
  };

  function collectionApi<T extends Doc>(name: string, db: () => Queryable): WritableCollection<T> {
    assertCollectionName(name);
    const table = tableOf(name);
    const findDocs = async (filter?: Filter, findOptions?: FindOptions): Promise<T[]> => {
      const query = compileFind(name, filter, findOptions, schema);
      const result = await run(db(), name, query.sql, query.values);
      // Rows of this table are written as T by the collection's writers.
      return result.rows.map((row) => row.doc as T);
    };
    return {
      async get(id) {
        assertId(id);
        const result = await run(db(), name, `SELECT doc FROM ${table} WHERE id = $1`, [id]);
        return result.rows.length === 0 ? null : (result.rows[0].doc as T);
      },
      async getMany(ids) {
        if (ids.length === 0) return [];
        for (const id of ids) assertId(id);
        const result = await run(db(), name, `SELECT doc FROM ${table} WHERE id = ANY($1::text[])`, [ids]);
        return result.rows.map((row) => row.doc as T);
      },
      find: findDocs,
      async findOne(filter, findOptions) {
        return (await findDocs(filter, { ...findOptions, limit: 1 }))[0] ?? null;
      },
      async count(filter) {
        const where = compileFilter(filter);
        const result = await run(db(), name, `SELECT count(*)::int8 AS n FROM ${table} WHERE ${where.sql}`, where.values);
        return Number(result.rows[0].n);
      },
      async put(input) {
        // Only the text is sent: the checks on the text, without a parsed copy to walk (ADR 123).
        const json = documentJson(input);
        await run(
          db(),
          name,
          `INSERT INTO ${table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
          [input._id, json],
          input._id,
        );
      },
      async putMany(inputs) {
        if (inputs.length === 0) return;
        // One statement per batch; ON CONFLICT may touch a row once per statement, so the last
        // document of an id wins here, as it would with one put after another.
        const latest = new Map<string, string>();
        for (const input of inputs) {
          const json = documentJson(input);
          latest.delete(input._id);
          latest.set(input._id, json);
        }
        await run(
          db(),
          name,
          `INSERT INTO ${table} (id, doc)
           SELECT x.id, x.doc::jsonb FROM unnest($1::text[], $2::text[]) AS x(id, doc)
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
          [[...latest.keys()], [...latest.values()]],
        );
      },
      async insertNew(rows) {
        if (rows.length === 0) return;
        const connection = db();
        if (!connection.copyIn) throw new Error('insertNew needs a transaction');
        for (const { id } of rows) assertId(id);
        try {
          await connection.copyIn(`COPY ${table} (id, doc) FROM STDIN`, copyChunks(rows));
        } catch (error) {
          throw translate(error, name);
        }
      },
      async delete(id) {
        assertId(id);
        await run(db(), name, `DELETE FROM ${table} WHERE id = $1`, [id]);
      },
      async deleteMany(filter) {
        const where = compileFilter(filter);
        const result = await run(db(), name, `DELETE FROM ${table} WHERE ${where.sql}`, where.values);
        return result.rowCount ?? 0;
      },
    };
  }

  /** `lock`: FOR UPDATE, held until the transaction ends (see `ReadStoreTransaction.getCheckpoint`). */
  const readCheckpoint = async (db: Queryable, projection: string, lock = false): Promise<Position | null> => {
    assertProjectionName(projection);
    const result = await db.query(`SELECT position FROM ${checkpointsTable} WHERE projection = $1${lock ? ' FOR UPDATE' : ''}`, [projection]);
    return result.rows.length === 0 ? null : (result.rows[0].position as Position);
  };

  /**
   * Makes the collection's missing indexes. On a table that was already there (a rebuild's shadow
   * after its load), the missing ones are built side by side: on this connection and on one of its
   * own (not the pool's: a caller holding the pool's only connection cannot wait on itself), the
   * costliest first. CREATE INDEX takes a SHARE lock, which does not conflict with another
   * CREATE INDEX on the same table (ADR 100, 112). A new table is empty: one after another.
   */
  async function ensureIndexes(client: pg.PoolClient, name: string, indexes: readonly ParsedIndex[], documentIndex: boolean, tableCommitted: boolean): Promise<void> {
    const table = tableOf(name);
    // Costliest first: the whole-document and trigram GIN indexes, then the btrees, then the partial ones.
    const builds: { name: string; sql: string }[] = [];
    const partial: { name: string; sql: string }[] = [];
    if (documentIndex) {
      const documentIndexName = indexName(name, 'gin', []);
      builds.push({ name: documentIndexName, sql: `CREATE INDEX IF NOT EXISTS ${quoteIdent(documentIndexName)} ON ${table} USING gin (doc jsonb_path_ops)` });
    }
    const arrayIndexed = new Set<string>();
    for (const index of indexes) {
      if (index.substring) {
        // Trigram GIN index: `~` / `~*` on the extracted text use it (pg_trgm is a trusted extension).
        const { rows } = await client.query<{ found: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS found");
        if (rows[0]?.found !== true) {
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [EXTENSION_LOCK_KEY]);
          await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        }
        const trigram = indexName(name, 'trgm', index.fields);
        builds.push({ name: trigram, sql: `CREATE INDEX IF NOT EXISTS ${quoteIdent(trigram)} ON ${table} USING gin (${textAt(index.segments[0]!)} gin_trgm_ops)` });
      } else if (index.unique) {
        const unique = indexName(name, 'ux', index.fields);
        uniqueIndexes.set(unique, index.fields);
        // jsonb values (type-aware); a missing or null field exempts the document, like SQL NULLs.
        const columns = index.segments.map((segments) => `(NULLIF(${jsonbAt(segments)}, 'null'::jsonb))`).join(', ');
        builds.push({ name: unique, sql: `CREATE UNIQUE INDEX IF NOT EXISTS ${quoteIdent(unique)} ON ${table} (${columns})` });
      } else {
        const btree = indexName(name, 'ix', index.fields);
        builds.push({ name: btree, sql: `CREATE INDEX IF NOT EXISTS ${quoteIdent(btree)} ON ${table} (${index.segments.map(collatedTextAt).join(', ')})` });
      }
      // Equality, range and regex filters also look inside arrays: a (usually tiny) partial index
      // keeps that arm of the OR indexable too.
      for (const [position, segments] of index.segments.entries()) {
        const field = index.fields[position]!;
        if (arrayIndexed.has(field)) continue;
        arrayIndexed.add(field);
        const arrays = indexName(name, 'arr', [field]);
        partial.push({ name: arrays, sql: `CREATE INDEX IF NOT EXISTS ${quoteIdent(arrays)} ON ${table} (id) WHERE jsonb_typeof(${jsonbAt(segments)}) = 'array'` });
      }
    }
    builds.push(...partial);
    if (!tableCommitted || builds.length < 2) {
      for (const { sql } of builds) await client.query(sql);
      return;
    }
    const { rows } = await client.query<{ name: string }>('SELECT n AS name FROM unnest($1::text[]) AS n WHERE to_regclass(format($2, n)) IS NULL', [
      builds.map((build) => build.name),
      `${quoteIdent(schema)}.%I`,
    ]);
    const missing = new Set(rows.map((row) => row.name));
    const queue = builds.filter((build) => missing.has(build.name));
    if (queue.length < 2) {
      for (const { sql } of queue) await client.query(sql);
      return;
    }
    const builder = async (run: (sql: string) => Promise<unknown>) => {
      for (let next = queue.shift(); next; next = queue.shift()) await run(next.sql);
    };
    const aside = onConnectionOfItsOwn((own) => builder((sql) => own.query(sql)));
    // Handled below, so a failure here does not leave it unhandled.
    aside.catch(() => undefined);
    try {
      await builder((sql) => client.query(sql));
    } catch (error) {
      // Nothing more to start on either connection.
      queue.length = 0;
      await aside.catch(() => undefined);
      throw error;
    }
    await aside;
  }

  /** Runs `work` on a connection opened for it (not the pool's: a small pool could be exhausted by the caller). */
  async function onConnectionOfItsOwn(work: (client: pg.Client) => Promise<void>): Promise<void> {
    const client = new pg.Client(pool.options);
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }

  let closed = false;

  /** The connection holding this store's leases (`tryLease`), and the leases held on it. */
  let leaseClient: pg.PoolClient | null = null;
  const heldLeases = new Set<string>();
  let leaseQueue: Promise<unknown> = Promise.resolve();
  /** Lease operations one at a time: they share one connection. */
  const leaseTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = leaseQueue.then(work);
    leaseQueue = run.catch(() => undefined);
    return run;
  };
  const releaseLeaseClient = (client: pg.PoolClient, broken?: Error) => {
    if (leaseClient !== client) return;
    leaseClient = null;
    // A broken connection took every lease on it along.
    if (broken) heldLeases.clear();
    client.release(broken);
  };

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const api = collectionApi<T>(name, () => pool);
      return { get: api.get, getMany: api.getMany, find: api.find, findOne: api.findOne, count: api.count };
    },

    async ensureCollection(name: string, indexes?: readonly IndexSpec[], options?: CollectionOptions) {
      assertCollectionName(name);
      const parsed = parseIndexes(indexes);
      const table = tableOf(name);
      try {
        await collectionDdl(name, async (client) => {
          // Made before this transaction (under the same lock, so committed): another connection sees it.
          const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
          await client.query(
            `CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL)`,
          );
          await ensureIndexes(client, name, parsed, options?.documentIndex === true, rows[0]?.found === true);
        });
      } catch (error) {
        throw translate(error, name);
      }
    },

    async dropCollection(name: string) {
      await run(pool, name, `TRUNCATE ${tableOf(name)}`, []);
    },

    async removeCollection(name: string) {
      assertCollectionName(name);
      const table = tableOf(name);
      // DDL on collections takes turns across processes (ensureCollection, resetForRebuild).
      await collectionDdl(name, async (client) => {
        await client.query(`DROP TABLE IF EXISTS ${table}`);
      });
    },

    async resetForRebuild(name: string) {
      assertCollectionName(name);
      const table = tableOf(name);
      try {
        await collectionDdl(name, async (client) => {
          await client.query(`TRUNCATE ${table}`);
          const { rows } = await client.query<{ indexname: string }>(
            `SELECT i.indexname FROM pg_indexes i
               JOIN pg_index x ON x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass
              WHERE i.schemaname = $1 AND i.tablename = $2 AND NOT x.indisprimary`,
            [schema, `rm_${name}`],
          );
          for (const { indexname } of rows) await client.query(`DROP INDEX ${quoteIdent(schema)}.${quoteIdent(indexname)}`);
        });
      } catch (error) {
        throw translate(error, name);
      }
    },

    async transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
      if (closed) throw new Error('Read store is closed');
      if (inTransaction.getStore()) throw new Error('Nested read-store transactions are not supported');
      const client = await pool.connect();
      let finished = false;
      let failure: Error | undefined;
      let broken: Error | undefined;

      /** The transaction's connection; a database error aborts the transaction, as in PostgreSQL. */
      const connection: Queryable = {
        async query(text, values) {
          if (finished) throw new Error('Transaction already finished');
          if (failure) throw new TransactionAbortedError(`Transaction is aborted: ${failure.message}`, { cause: failure });
          try {
            return await client.query(text, values);
          } catch (error) {
            if (isDatabaseError(error)) failure = error;
            throw error;
          }
        },
        async copyIn(sql, chunks) {
          if (finished) throw new Error('Transaction already finished');
          if (failure) throw new TransactionAbortedError(`Transaction is aborted: ${failure.message}`, { cause: failure });
          try {
            await pipeline(Readable.from(chunks), client.query(copyFrom(sql)));
          } catch (error) {
            // Any failure of a COPY leaves the connection's transaction aborted.
            failure = error instanceof Error ? error : new Error(String(error));
            throw error;
          }
        },
      };

      const tx: ReadStoreTransaction = {
        collection<T extends Doc = Doc>(name: string) {
          return collectionApi<T>(name, () => connection);
        },
        getCheckpoint: (projection) => readCheckpoint(connection, projection, true),
        async setCheckpoint(projection, position, checkpointOptions) {
          assertProjectionName(projection);
          assertPosition(position);
          const rebuilt = checkpointOptions?.rebuilt === true;
          await connection.query(
            `INSERT INTO ${checkpointsTable} (projection, position, updated_at, generation) VALUES ($1, $2, now(), CASE WHEN $3::boolean THEN 1 ELSE 0 END)
             ON CONFLICT (projection) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at,
               generation = ${checkpointsTable}.generation + CASE WHEN $3::boolean THEN 1 ELSE 0 END`,
            [projection, position, rebuilt],
          );
        },
        async leaseCheckpoints(names) {
          for (const name of names) assertProjectionName(name);
          const unique = [...new Set(names)];
          // In the order of the lock keys, so two transactions taking several never wait for each other in a circle.
          await connection.query(
            'SELECT count(pg_advisory_xact_lock(s.key)) FROM (SELECT DISTINCT hashtext(k) AS key FROM unnest($1::text[]) AS k ORDER BY 1) s',
            [unique.map((name) => leaseKey(schema, name))],
          );
          // A statement after the locks: its snapshot sees what the leases' previous holders committed.
          const { rows } = await connection.query(`SELECT projection, position FROM ${checkpointsTable} WHERE projection = ANY($1::text[])`, [unique]);
          const found = new Map<string, Position | null>(unique.map((name) => [name, null]));
          for (const row of rows as Array<{ projection: string; position: Position }>) found.set(row.projection, row.position);
          return found;
        },
        async setCheckpoints(entries) {
          if (entries.length === 0) return;
          for (const [projection, position] of entries) {
            assertProjectionName(projection);
            assertPosition(position);
          }
          await connection.query(
            `INSERT INTO ${checkpointsTable} (projection, position, updated_at, generation)
             SELECT x.projection, x.position, now(), 0 FROM unnest($1::text[], $2::text[]) AS x(projection, position)
             ON CONFLICT (projection) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
            [entries.map(([projection]) => projection), entries.map(([, position]) => position)],
          );
        },
        async readMany(reads) {
          if (reads.length === 0) return [];
          // One SELECT per read, tagged with its place, in one statement (ADR 099).
          let values: unknown[] = [];
          const selects = reads.map((read, index) => {
            assertCollectionName(read.collection);
            const table = tableOf(read.collection);
            if ('ids' in read) {
              for (const id of read.ids) assertId(id);
              values.push([...read.ids]);
              return `SELECT ${index}::int4 AS q, doc FROM ${table} WHERE id = ANY($${values.length}::text[])`;
            }
            const where = compileFilter(read.filter, values);
            values = where.values;
            return `SELECT ${index}::int4 AS q, doc FROM ${table} WHERE ${where.sql}`;
          });
          const found: Doc[][] = reads.map(() => []);
          try {
            const { rows } = await connection.query(selects.join('\nUNION ALL\n'), values);
            for (const row of rows as Array<{ q: number; doc: Doc }>) found[row.q]!.push(row.doc);
          } catch (error) {
            throw translate(error, reads[0]!.collection);
          }
          return found;
        },
        async writeMany(writes, checkpoints) {
          // Per collection, the last word on each id (a put or a delete): a row is touched once in the statement.
          const byCollection = new Map<string, Map<string, string | null>>();
          for (const { collection, puts, deletes } of writes) {
            assertCollectionName(collection);
            let latest = byCollection.get(collection);
            if (!latest) byCollection.set(collection, (latest = new Map()));
            for (const id of deletes) {
              assertId(id);
              latest.delete(id);
              latest.set(id, null);
            }
            for (const input of puts) {
              // The text is all the statement takes (see `put`).
              const json = documentJson(input);
              latest.delete(input._id);
              latest.set(input._id, json);
            }
          }
          for (const [projection, position] of checkpoints) {
            assertProjectionName(projection);
            assertPosition(position);
          }
          const values: unknown[] = [];
          const param = (value: unknown) => {
            values.push(value);
            return `$${values.length}`;
          };
          // Data-modifying CTEs: each runs once, to completion, whether or not the outer SELECT reads it.
          const parts: string[] = [];
          for (const [collection, latest] of byCollection) {
            const table = tableOf(collection);
            const deletes = [...latest].filter(([, json]) => json === null).map(([id]) => id);
            const puts = [...latest].filter((entry): entry is [string, string] => entry[1] !== null);
            if (deletes.length > 0) parts.push(`DELETE FROM ${table} WHERE id = ANY(${param(deletes)}::text[])`);
            if (puts.length > 0) {
              parts.push(
                `INSERT INTO ${table} (id, doc) SELECT x.id, x.doc::jsonb FROM unnest(${param(puts.map(([id]) => id))}::text[], ${param(puts.map(([, json]) => json))}::text[]) AS x(id, doc)
                 ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
              );
            }
          }
          if (checkpoints.length > 0) {
            parts.push(
              `INSERT INTO ${checkpointsTable} (projection, position, updated_at, generation)
               SELECT x.projection, x.position, now(), 0 FROM unnest(${param(checkpoints.map(([projection]) => projection))}::text[], ${param(checkpoints.map(([, position]) => position))}::text[]) AS x(projection, position)
               ON CONFLICT (projection) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
            );
          }
          if (parts.length === 0) return;
          const sql = `WITH ${parts.map((part, index) => `w${index} AS (${part})`).join(',\n')}\nSELECT 1`;
          try {
            await connection.query(sql, values);
          } catch (error) {
            const table = isDatabaseError(error) ? error.table : undefined;
            const collection = [...byCollection.keys()].find((name) => collectionTable(name) === table) ?? '';
            throw translate(error, collection);
          }
        },
        async deleteCheckpoint(projection) {
          assertProjectionName(projection);
          await connection.query(`DELETE FROM ${checkpointsTable} WHERE projection = $1`, [projection]);
        },
        async lock(name) {
          assertProjectionName(name);
          await connection.query('SELECT pg_advisory_xact_lock(hashtext($1))', [leaseKey(schema, name)]);
        },
        async switchToShadow(name) {
          assertCollectionName(name);
          const shadow = shadowCollection(name);
          assertCollectionName(shadow);
          const liveTable = collectionTable(name);
          const shadowTable = collectionTable(shadow);
          try {
            // DDL on a collection takes turns across processes (ensureCollection, resetForRebuild).
            await takeDdlLocks(connection, schema, [name, shadow]);
            const { rows: found } = await connection.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [`${quoteIdent(schema)}.${quoteIdent(shadowTable)}`]);
            if (found[0]?.found !== true) throw new CollectionNotFoundError(shadow);
            await connection.query(`DROP TABLE IF EXISTS ${qualified(liveTable)}`);
            await connection.query(`ALTER TABLE ${qualified(shadowTable)} RENAME TO ${quoteIdent(liveTable)}`);
            const { rows } = await connection.query(
              `SELECT c.relname AS name, x.indisprimary AS primary
                 FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
                WHERE x.indrelid = $1::regclass`,
              [`${quoteIdent(schema)}.${quoteIdent(liveTable)}`],
            );
            for (const { name: index, primary } of rows as { name: string; primary: boolean }[]) {
              const renamed = primary ? `${liveTable}_pkey` : index.startsWith(SHADOW_INDEX_PREFIX) ? `${LIVE_INDEX_PREFIX}${index.slice(SHADOW_INDEX_PREFIX.length)}` : null;
              if (renamed && renamed !== index) await connection.query(`ALTER INDEX ${qualified(index)} RENAME TO ${quoteIdent(renamed)}`);
            }
          } catch (error) {
            throw translate(error, shadow);
          }
        },
      };

      try {
        await client.query('BEGIN');
        const result = await inTransaction.run(true, () => work(tx));
        if (failure) {
          // COMMIT would silently roll back an aborted transaction: report it instead.
          throw new TransactionAbortedError(`Transaction rolled back because an operation failed: ${failure.message}`, {
            cause: failure,
          });
        }
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        finished = true;
        client.release(broken);
      }
    },

    async tryLease(name) {
      assertProjectionName(name);
      if (closed) throw new Error('Read store is closed');
      const key = `hireloop.held-lease.${schema}.${name}`;
      return leaseTurn(async () => {
        // Session-level advisory locks are re-entrant in one session: this process's own are
        // refused here.
        if (heldLeases.has(key)) return null;
        // Every lease of this store on ONE connection of its own (a rebuild of every read model
        // holds one per read model, ADR 082): the server ends them with the connection, so a
        // holder that dies releases them.
        const client = leaseClient ?? (await pool.connect());
        leaseClient = client;
        let taken = false;
        let broken: Error | undefined;
        try {
          const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS taken', [key]);
          taken = rows[0]?.taken === true;
        } catch (error) {
          broken = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          if (taken) heldLeases.add(key);
          else if (broken || heldLeases.size === 0) releaseLeaseClient(client, broken);
        }
        if (!taken) return null;
        let released = false;
        return {
          release: () =>
            leaseTurn(async () => {
              if (released) return;
              released = true;
              heldLeases.delete(key);
              let failed: Error | undefined;
              await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch((error: unknown) => {
                failed = error instanceof Error ? error : new Error(String(error));
              });
              if (failed || heldLeases.size === 0) releaseLeaseClient(client, failed);
            }),
        };
      });
    },

    getCheckpoint: (projection) => readCheckpoint(pool, projection),

    async getCheckpointState(projection) {
      assertProjectionName(projection);
      const result = await pool.query<{ position: Position; updated_at: Date; generation: number }>(
        `SELECT position, updated_at, generation FROM ${checkpointsTable} WHERE projection = $1`,
        [projection],
      );
      const row = result.rows[0];
      return row ? { position: row.position, updatedAt: row.updated_at.toISOString(), generation: row.generation } : null;
    },

    async close() {
      if (closed) return;
      closed = true;
      if (ownsPool) await pool.end();
    },
  };
}
