import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { find as mingoFind } from 'mingo';
import { MongoClient, MongoServerError, type ClientSession, type Db, type Document } from 'mongodb';
import type { Position } from '../event-store/position';
import {
  assertCollectionName,
  assertId,
  assertPosition,
  assertProjectionName,
  CollectionNotFoundError,
  normaliseDocument,
  parseFilter,
  parseIndexes,
  parsePaging,
  parseSort,
  TransactionAbortedError,
  UniqueConstraintError,
  type Condition,
  type FilterNode,
  type ParsedIndex,
  type RegexLiteral,
} from './query';
import type {
  CheckpointState,
  Collection,
  CollectionOptions,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Lease,
  ReadStore,
  ReadStoreTransaction,
  WritableCollection,
} from './types';
import { shadowCollection } from './types';

/**
 * MongoDB adapter of the read store (ADR 073), on the official driver.
 *
 * - A read model is a MongoDB collection; its physical name (`rm_<name>__<random>`) is kept in
 *   the catalog collection `read_store_catalog`, so that a rebuild's switch (ADR 049) is one
 *   catalog write inside the batch's transaction (MongoDB allows no collection rename in a
 *   transaction) and `resetForRebuild` starts a new empty collection without indexes.
 * - Filters are the validated subset (query.ts) written as MongoDB queries, with the few
 *   rewrites that make MongoDB answer as mingo, the reference: `$all` on arrays only, `$regex`
 *   also inside nested arrays, case-insensitive letters beyond ASCII spelt as classes.
 * - A transaction is a MongoDB multi-document transaction (a replica set is required: the
 *   store refuses a standalone server at start). Leases, and the checkpoint a transaction reads
 *   or writes, are lock documents in `read_store_locks` taken before the transaction reads:
 *   MongoDB aborts the second of two transactions writing one document instead of making it
 *   wait, so the waiting PostgreSQL's row locks give is done here by the locks.
 */

export interface MongoReadStoreOptions {
  /** `mongodb://…` (the database in its path, default `hireloop`). */
  url?: string;
  /** A client owned by the caller (not closed by `close()`). */
  client?: MongoClient;
  /** Overrides the database named in the URL. */
  database?: string;
  /** How long start-up waits for the server (default 10 s). */
  serverSelectionTimeoutMS?: number;
}

/** The server cannot be used as a read store: unreachable, or not a replica set. */
export class MongoReadStoreUnavailableError extends Error {
  override name = 'MongoReadStoreUnavailableError';
}

const CATALOG = 'read_store_catalog';
const CHECKPOINTS = 'projection_checkpoints';
const LOCKS = 'read_store_locks';
const RETIRED = 'read_store_retired';
const PROBE = 'read_store_probe';

/** A lock not renewed for this long belongs to a process that died: another may take it. */
const LOCK_TTL_MS = 30_000;
/** How long the probe of concurrent transactions waits for the second writer's answer. */
const PROBE_WAIT_MS = 20_000;

/** How long a transaction waits for a lock before it fails. */
const LOCK_WAIT_MS = 60_000;
/** Retired collections (replaced by a switch or a reset) are dropped once no read can still be on them. */
const RETIRED_GRACE_MS = 60_000;

interface CatalogEntry {
  _id: string;
  physical: string;
}

interface CheckpointDoc {
  _id: string;
  position: Position;
  updatedAt: Date;
  generation: number;
}

interface LockDoc {
  _id: string;
  owner: string;
  expiresAt: Date;
}

interface RetiredDoc {
  _id: string;
  retiredAt: Date;
}

const physicalName = (name: string): string => `rm_${name}__${randomBytes(5).toString('hex')}`;

const indexName = (kind: string, fields: readonly string[]): string =>
  `hl_${kind}_${createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 10)}`;

/** Matches nothing (MongoDB's `$in: []`). */
const NOTHING: Document = { _id: { $in: [] } };

const MONGO_COMPARISON = {
  '>': '$gt',
  '>=': '$gte',
  '<': '$lt',
  '<=': '$lte',
} as const;

/**
 * A regex literal as a PCRE pattern (MongoDB's engine; also what other servers speaking its wire
 * protocol accept): ASCII punctuation escaped, `\z` for the end (PCRE's `$` also matches before a
 * final newline). Case-insensitive letters beyond ASCII become `[éÉ]`: PCRE folds them only in
 * some builds, JavaScript (mingo) always.
 */
export function regexToPcre(regex: RegexLiteral): string {
  let body = '';
  for (const char of regex.text) {
    if (/[!-/:-@[-`{-~]/.test(char)) body += `\\${char}`;
    else if (regex.caseInsensitive && char.codePointAt(0)! > 0x7f) {
      const variants = new Set([char, char.toLowerCase(), char.toUpperCase()].filter((variant) => [...variant].length === 1));
      body += variants.size > 1 ? `[${[...variants].join('')}]` : char;
    } else body += char;
  }
  return `${regex.anchorStart ? '^' : ''}${body}${regex.anchorEnd ? '\\z' : ''}`;
}

/** Nested arrays mingo's `$regex` looks into (PostgreSQL's adapter: 8). */
const REGEX_ARRAY_DEPTH = 8;

function compileCondition(path: string, condition: Condition): Document {
  switch (condition.op) {
    case 'eq':
      return { [path]: { $eq: condition.value } };
    case 'ne':
      return { [path]: { $ne: condition.value } };
    case 'in':
      return { [path]: { $in: [...condition.values] } };
    case 'nin':
      // Not `$nin`: the same by MongoDB's definition, and servers that miss `null` matching a
      // missing field in `$nin` (jongodb) do not miss it in `$in`.
      return { $nor: [{ [path]: { $in: [...condition.values] } }] };
    case 'exists':
      return { [path]: { $exists: condition.value } };
    case 'all':
      // mingo: arrays only (MongoDB's $all also matches a scalar equal to its one value).
      return condition.values.length === 0
        ? NOTHING
        : {
            $and: [{ [path]: { $type: 'array' } }, { [path]: { $all: [...condition.values] } }],
          };
    case 'size':
      return { [path]: { $size: condition.value } };
    case 'cmp':
      return {
        [path]: { [MONGO_COMPARISON[condition.operator]]: condition.value },
      };
    case 'regex': {
      const test: Document = {
        $regex: regexToPcre(condition.regex),
        $options: condition.regex.caseInsensitive ? 'i' : '',
      };
      // MongoDB tests a string and an array's strings; mingo also strings in nested arrays.
      const arms: Document[] = [{ [path]: test }];
      let nested: Document = test;
      for (let depth = 1; depth < REGEX_ARRAY_DEPTH; depth++) {
        nested = { $elemMatch: nested };
        arms.push({ [path]: { $elemMatch: nested } });
      }
      return { $or: arms };
    }
  }
}

function compileNode(node: FilterNode): Document {
  switch (node.kind) {
    case 'field':
      return compileCondition(node.path, node.condition);
    case 'and':
      return node.children.length === 0 ? {} : { $and: node.children.map(compileNode) };
    case 'or':
      return { $or: node.children.map(compileNode) };
    case 'nor':
      return { $nor: node.children.map(compileNode) };
  }
}

/** The MongoDB query of a filter of the read store's subset (validated first). */
export function compileMongoFilter(filter: Filter | undefined): Document {
  return compileNode(parseFilter(filter));
}

/** The MongoDB sort of a sort spec: its keys, then `_id` (the tie-break every adapter uses). */
export function compileMongoSort(sort: FindOptions['sort']): Document {
  const result: Document = {};
  for (const key of parseSort(sort)) {
    result[key.path] = key.direction;
    if (key.path === '_id') return result;
  }
  result._id = 1;
  return result;
}

/**
 * Whether the server keeps transactions apart: MongoDB refuses the second of two transactions
 * writing one document (a write conflict). jongodb lets both commit, and loses writes when
 * transactions commit at once: there this process runs its transactions one at a time (ADR 073).
 */
async function probeConcurrentTransactions(client: MongoClient, db: Db): Promise<boolean> {
  const probe = db.collection<{ _id: string; v?: number }>(PROBE);
  await probe.updateOne({ _id: 'conflict' }, { $set: { v: 0 } }, { upsert: true });
  const [first, second] = [client.startSession(), client.startSession()];
  try {
    first.startTransaction();
    second.startTransaction();
    await probe.updateOne({ _id: 'conflict' }, { $set: { v: 1 } }, { session: first });
    const conflict = probe.updateOne({ _id: 'conflict' }, { $set: { v: 2 } }, { session: second }).then(
      () => false,
      () => true,
    );
    // A server that makes the second writer wait instead also keeps them apart. MongoDB refuses
    // and jongodb accepts, both at once; the wait is long because on a loaded machine (CI) an
    // answer can come after seconds, and a slow acceptance taken for a wait lets jongodb's
    // transactions run side by side and lose writes (likely what made a CI run count 41 of 45).
    const waiting = new AbortController();
    const waited = sleep(PROBE_WAIT_MS, true, { signal: waiting.signal }).catch(() => true);
    try {
      return await Promise.race([conflict, waited]);
    } finally {
      waiting.abort();
    }
  } finally {
    for (const session of [first, second]) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
      await session.endSession().catch(() => undefined);
    }
  }
}

/**
 * Whether the server sorts a missing field and null as equal, as MongoDB does. jongodb sorts the
 * missing one first: there the adapter sorts in the process instead (ADR 073).
 */
async function probeMissingSortsWithNull(db: Db): Promise<boolean> {
  const probe = db.collection<{ _id: string; k?: null; other?: number }>(PROBE);
  // An upsert's replacement takes its _id from the filter.
  await probe.bulkWrite([
    { replaceOne: { filter: { _id: 'a' }, replacement: { other: 1 }, upsert: true } },
    { replaceOne: { filter: { _id: 'b' }, replacement: { k: null }, upsert: true } },
  ]);
  const order = (await probe.find({ _id: { $in: ['a', 'b'] } }, { sort: { k: 1, _id: -1 } }).toArray()).map((doc) => doc._id);
  return order.join() === 'b,a';
}

const isDuplicateKey = (error: unknown): error is MongoServerError => error instanceof MongoServerError && error.code === 11000;

const describeUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the configured server';
  }
};

export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  if (!options.client && !options.url) throw new Error('createMongoReadStore needs a client or a url');
  const ownsClient = !options.client;
  const label = options.url ? describeUrl(options.url) : 'the given client';
  let client: MongoClient;
  try {
    // A timeout in the URL (`?serverSelectionTimeoutMS=`) wins over the default.
    const timeout = options.serverSelectionTimeoutMS ?? (/[?&]serverSelectionTimeoutMS=/i.test(options.url ?? '') ? undefined : 10_000);
    client = options.client ?? new MongoClient(options.url!, { ignoreUndefined: true, ...(timeout === undefined ? {} : { serverSelectionTimeoutMS: timeout }) });
  } catch (error) {
    throw new MongoReadStoreUnavailableError(`MongoDB at ${label} cannot be used: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  let db: Db;
  try {
    if (ownsClient) await client.connect();
    db = client.db(options.database);
    const hello = await db.admin().command({ hello: 1 });
    // Multi-document transactions: a replica set member (setName) or a sharded cluster's mongos.
    if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') {
      throw new MongoReadStoreUnavailableError(
        `MongoDB at ${label} is a standalone server: the read store writes a batch and its checkpoint in one transaction, which needs a replica set (one node is enough: start mongod with --replSet and run rs.initiate())`,
      );
    }
  } catch (error) {
    if (ownsClient) await client.close().catch(() => undefined);
    if (error instanceof MongoReadStoreUnavailableError) throw error;
    throw new MongoReadStoreUnavailableError(
      `MongoDB at ${label} cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }

  const sortsMissingWithNull = await probeMissingSortsWithNull(db);
  const keepsConcurrentWrites = await probeConcurrentTransactions(client, db);
  /** Transactions one at a time in this process, on a server that loses concurrent ones' writes. */
  let queue: Promise<unknown> = Promise.resolve();
  /** The last transaction's lock release: the next of one-at-a-time transactions waits for it. */
  let lastRelease: Promise<void> = Promise.resolve();
  const catalog = db.collection<CatalogEntry>(CATALOG);
  const checkpoints = db.collection<CheckpointDoc>(CHECKPOINTS);
  const locks = db.collection<LockDoc>(LOCKS);
  const retired = db.collection<RetiredDoc>(RETIRED);
  const owner = `${process.pid}-${randomBytes(6).toString('hex')}`;
  /** Unique index name → fields, for error messages. */
  const uniqueIndexes = new Map<string, readonly string[]>();
  const inTransaction = new AsyncLocalStorage<true>();
  /** Locks this store holds (transactions' and leases'), each under a token of its own, renewed while held. */
  const held = new Map<string, string>();
  let tokens = 0;
  /** Releases still under way (a transaction returns once committed, not once its locks are gone). */
  const releasing = new Set<Promise<void>>();
  let closed = false;
  const heldBy = (entries: Iterable<[string, string]>) => ({ $or: [...entries].map(([id, token]) => ({ _id: id, owner: token })) });

  const heartbeat = setInterval(() => {
    if (held.size === 0) return;
    void locks.updateMany(heldBy(held), { $set: { expiresAt: new Date(Date.now() + LOCK_TTL_MS) } }).catch(() => undefined);
  }, LOCK_TTL_MS / 3);
  heartbeat.unref();

  /** Takes a lock document (waiting for `waitMs`), or answers false when another holds it. */
  async function takeLock(id: string, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    const token = `${owner}-${++tokens}`;
    for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
      const now = new Date();
      try {
        await locks.insertOne({ _id: id, owner: token, expiresAt: new Date(now.getTime() + LOCK_TTL_MS) });
        held.set(id, token);
        return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      // The holder's process died: its lock expired.
      const stale = await locks.deleteOne({ _id: id, expiresAt: { $lt: now } });
      if (stale.deletedCount > 0) continue;
      if (Date.now() >= deadline) return false;
      await sleep(delay);
    }
  }

  /** Deletes the locks (only under this holder's tokens: another may hold the same id by then). */
  async function releaseLocks(ids: readonly string[]): Promise<void> {
    const entries: [string, string][] = [];
    for (const id of ids) {
      const token = held.get(id);
      if (token === undefined) continue;
      held.delete(id);
      entries.push([id, token]);
    }
    if (entries.length === 0) return;
    await locks.deleteMany(heldBy(entries)).catch(() => undefined);
  }

  const physicalOf = async (name: string, session?: ClientSession): Promise<string> => {
    assertCollectionName(name);
    const entry = await catalog.findOne({ _id: name }, { session });
    if (!entry) throw new CollectionNotFoundError(name);
    return entry.physical;
  };

  const translate = (error: unknown, collection: string, id = ''): unknown => {
    if (!isDuplicateKey(error)) return error;
    const index = /index: (\S+)/.exec(error.message)?.[1] ?? '';
    return new UniqueConstraintError(collection, uniqueIndexes.get(index) ?? [index || 'unknown'], id);
  };

  /** Drops collections retired long enough ago that no read can still be using them (best effort). */
  async function dropRetired(): Promise<void> {
    const old = await retired.find({ retiredAt: { $lt: new Date(Date.now() - RETIRED_GRACE_MS) } }).toArray();
    for (const { _id } of old) {
      await db
        .collection(_id)
        .drop()
        .catch(() => undefined);
      await retired.deleteOne({ _id });
    }
  }

  /**
   * `known`: a transaction's catalog lookups, kept for its length (its snapshot cannot change
   * under it; its own switch forgets the names it moves).
   */
  function collectionApi<T extends Doc>(name: string, session: () => ClientSession | undefined, known?: Map<string, string>): WritableCollection<T> {
    assertCollectionName(name);
    const physical = async () => {
      let at = known?.get(name);
      if (at === undefined) {
        at = await physicalOf(name, session());
        known?.set(name, at);
      }
      return db.collection<Doc>(at);
    };
    const findDocs = async (filter?: Filter, findOptions?: FindOptions): Promise<T[]> => {
      const query = compileMongoFilter(filter);
      const sort = compileMongoSort(findOptions?.sort);
      const { skip, limit } = parsePaging(findOptions);
      const collection = await physical();
      if (limit === 0) return [];
      if (!sortsMissingWithNull && Object.keys(sort).some((key) => key !== '_id')) {
        // A server that sorts a missing field before null (jongodb; MongoDB sorts them as equal):
        // the matches in _id order, sorted here as MongoDB and mingo sort (a stable sort keeps the
        // _id order for ties).
        const matches = await collection.find(query, { session: session(), sort: { _id: 1 } }).toArray();
        const sorted = mingoFind<Doc>(matches, {}).sort(sort).all();
        return sorted.slice(skip, limit === undefined ? undefined : skip + limit) as T[];
      }
      const cursor = collection.find(query, {
        session: session(),
        sort,
        skip,
        ...(limit === undefined ? {} : { limit }),
      });
      // Documents of this collection are written as T by its writers.
      return (await cursor.toArray()) as T[];
    };
    const write = async (work: () => Promise<unknown>, id?: string): Promise<void> => {
      try {
        await work();
      } catch (error) {
        throw translate(error, name, id);
      }
    };
    return {
      async get(id) {
        assertId(id);
        const collection = await physical();
        return (await collection.findOne({ _id: id }, { session: session() })) as T | null;
      },
      find: findDocs,
      async findOne(filter, findOptions) {
        return (await findDocs(filter, { ...findOptions, limit: 1 }))[0] ?? null;
      },
      async count(filter) {
        const query = compileMongoFilter(filter);
        const collection = await physical();
        return collection.countDocuments(query, { session: session() });
      },
      async put(input) {
        const { doc } = normaliseDocument(input);
        const collection = await physical();
        await write(
          () =>
            collection.replaceOne({ _id: doc._id }, doc, {
              upsert: true,
              session: session(),
            }),
          doc._id,
        );
      },
      async putMany(inputs) {
        if (inputs.length === 0) return;
        const latest = new Map<string, Doc>();
        for (const input of inputs) {
          const { doc } = normaliseDocument(input);
          latest.delete(doc._id);
          latest.set(doc._id, doc);
        }
        const collection = await physical();
        // One bulk write per batch (a rebuild writes thousands at once).
        await write(() =>
          collection.bulkWrite(
            [...latest.values()].map((doc) => ({
              replaceOne: {
                filter: { _id: doc._id },
                replacement: doc,
                upsert: true,
              },
            })),
            { ordered: true, session: session() },
          ),
        );
      },
      async delete(id) {
        assertId(id);
        const collection = await physical();
        await collection.deleteOne({ _id: id }, { session: session() });
      },
      async deleteMany(filter) {
        const query = compileMongoFilter(filter);
        const collection = await physical();
        return (await collection.deleteMany(query, { session: session() })).deletedCount;
      },
    };
  }

  async function ensureIndexes(name: string, physical: string, indexes: readonly ParsedIndex[]): Promise<void> {
    const collection = db.collection(physical);
    for (const index of indexes) {
      const key = Object.fromEntries(index.fields.map((field) => [field, 1]));
      if (index.unique) {
        const unique = indexName('ux', index.fields);
        uniqueIndexes.set(unique, index.fields);
        // Over string values: a missing or null field exempts the document (as SQL NULLs do in
        // PostgreSQL's adapter). Other types are not constrained (ADR 073: the read models' unique
        // fields are strings; a $type list is refused by jongodb).
        const partialFilterExpression = Object.fromEntries(index.fields.map((field) => [field, { $type: 'string' }]));
        try {
          await collection.createIndex(key, {
            name: unique,
            unique: true,
            partialFilterExpression,
          });
        } catch (error) {
          throw translate(error, name);
        }
      } else {
        // A substring index is an ordinary one here: MongoDB serves anchored, case-sensitive
        // regexes from it and scans its keys (not the documents) for the others.
        await collection.createIndex(key, {
          name: indexName(index.substring ? 'sub' : 'ix', index.fields),
        });
      }
    }
  }

  async function runTransaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
    const session = client.startSession();
    const known = new Map<string, string>();
    const locksHeld: string[] = [];
    let finished = false;
    let failure: Error | undefined;

    const lockFor = async (id: string): Promise<void> => {
      if (locksHeld.includes(id)) return;
      if (!(await takeLock(id, LOCK_WAIT_MS)))
        throw new Error(`Timed out after ${LOCK_WAIT_MS} ms waiting for the read-store lock ${JSON.stringify(id)}`);
      locksHeld.push(id);
    };

    /** Runs one operation of the transaction; a server error aborts it, as in PostgreSQL. */
    const guard =
      <A extends unknown[], R2>(operation: (...args: A) => Promise<R2>) =>
      async (...args: A): Promise<R2> => {
        if (finished) throw new Error('Transaction already finished');
        if (failure) throw new TransactionAbortedError(`Transaction is aborted: ${failure.message}`, { cause: failure });
        try {
          return await operation(...args);
        } catch (error) {
          if (error instanceof MongoServerError || error instanceof UniqueConstraintError || error instanceof CollectionNotFoundError) {
            failure = error;
          }
          throw error;
        }
      };

    const tx: ReadStoreTransaction = {
      collection<T extends Doc = Doc>(name: string): WritableCollection<T> {
        const api = collectionApi<T>(name, () => session, known);
        return {
          get: guard(api.get),
          find: guard(api.find),
          findOne: guard(api.findOne),
          count: guard(api.count),
          put: guard(api.put),
          putMany: guard(api.putMany),
          delete: guard(api.delete),
          deleteMany: guard(api.deleteMany),
        };
      },
      getCheckpoint: guard(async (projection: string) => {
        assertProjectionName(projection);
        await lockFor(checkpointLock(projection));
        return (await checkpoints.findOne({ _id: projection }, { session }))?.position ?? null;
      }),
      setCheckpoint: guard(async (projection: string, position: Position, checkpointOptions?: { rebuilt?: boolean }) => {
        assertProjectionName(projection);
        assertPosition(position);
        await lockFor(checkpointLock(projection));
        await checkpoints.updateOne(
          { _id: projection },
          {
            $set: { position, updatedAt: new Date() },
            $inc: { generation: checkpointOptions?.rebuilt === true ? 1 : 0 },
          },
          { upsert: true, session },
        );
      }),
      deleteCheckpoint: guard(async (projection: string) => {
        assertProjectionName(projection);
        await lockFor(checkpointLock(projection));
        await checkpoints.deleteOne({ _id: projection }, { session });
      }),
      lock: guard(async (name: string) => {
        assertProjectionName(name);
        await lockFor(`tx:${name}`);
      }),
      switchToShadow: guard(async (name: string) => {
        assertCollectionName(name);
        const shadow = shadowCollection(name);
        assertCollectionName(shadow);
        known.delete(name);
        known.delete(shadow);
        const replacement = await physicalOf(shadow, session);
        const current = await catalog.findOne({ _id: name }, { session });
        await catalog.updateOne({ _id: name }, { $set: { physical: replacement } }, { upsert: true, session });
        await catalog.deleteOne({ _id: shadow }, { session });
        if (current && current.physical !== replacement) {
          await retired.updateOne({ _id: current.physical }, { $set: { retiredAt: new Date() } }, { upsert: true, session });
        }
      }),
    };

    try {
      session.startTransaction();
      const result = await inTransaction.run(true, () => work(tx));
      if (failure) {
        throw new TransactionAbortedError(`Transaction rolled back because an operation failed: ${failure.message}`, { cause: failure });
      }
      await session.commitTransaction();
      return result;
    } catch (error) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
      throw error;
    } finally {
      finished = true;
      // Committed (or rolled back): the caller goes on while the locks are deleted; a waiter
      // takes them once they are (and, one at a time, the next transaction starts after it).
      const release = releaseLocks(locksHeld).then(() => session.endSession().catch(() => undefined));
      releasing.add(release);
      lastRelease = release;
      void release.finally(() => releasing.delete(release));
    }
  }

  const checkpointLock = (projection: string) => `checkpoint:${projection}`;

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const api = collectionApi<T>(name, () => undefined);
      return {
        get: api.get,
        find: api.find,
        findOne: api.findOne,
        count: api.count,
      };
    },

    async ensureCollection(name: string, indexes?: readonly IndexSpec[], _options?: CollectionOptions) {
      assertCollectionName(name);
      const parsed = parseIndexes(indexes);
      try {
        await catalog.updateOne({ _id: name }, { $setOnInsert: { physical: physicalName(name) } }, { upsert: true });
      } catch (error) {
        // Two processes made it at once: the other's entry stands.
        if (!isDuplicateKey(error)) throw error;
      }
      await ensureIndexes(name, await physicalOf(name), parsed);
    },

    async dropCollection(name: string) {
      const physical = await physicalOf(name);
      await db.collection(physical).deleteMany({});
    },

    async removeCollection(name: string) {
      assertCollectionName(name);
      const entry = await catalog.findOne({ _id: name });
      if (!entry) return;
      await catalog.deleteOne({ _id: name });
      // Dropped by another process meanwhile: nothing left to do.
      await db
        .collection(entry.physical)
        .drop()
        .catch(() => undefined);
    },

    async resetForRebuild(name: string) {
      const old = await physicalOf(name);
      // A new, empty collection without indexes; the old one is dropped when no read can be on it.
      await catalog.updateOne({ _id: name }, { $set: { physical: physicalName(name) } });
      await retired.updateOne({ _id: old }, { $set: { retiredAt: new Date() } }, { upsert: true });
      await dropRetired().catch(() => undefined);
    },

    transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
      if (closed) return Promise.reject(new Error('Read store is closed'));
      if (inTransaction.getStore()) return Promise.reject(new Error('Nested read-store transactions are not supported'));
      if (keepsConcurrentWrites) return runTransaction(work);
      const run = queue.then(() => runTransaction(work));
      queue = run.catch(() => undefined).then(() => lastRelease);
      return run;
    },

    async tryLease(name: string): Promise<Lease | null> {
      assertProjectionName(name);
      if (closed) throw new Error('Read store is closed');
      const id = `lease:${name}`;
      if (!(await takeLock(id, 0))) return null;
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await releaseLocks([id]);
        },
      };
    },

    async getCheckpoint(projection: string) {
      assertProjectionName(projection);
      return (await checkpoints.findOne({ _id: projection }))?.position ?? null;
    },

    async getCheckpointState(projection: string): Promise<CheckpointState | null> {
      assertProjectionName(projection);
      const doc = await checkpoints.findOne({ _id: projection });
      return doc
        ? {
            position: doc.position,
            updatedAt: doc.updatedAt.toISOString(),
            generation: doc.generation,
          }
        : null;
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      await Promise.all(releasing);
      await releaseLocks([...held.keys()]);
      if (ownsClient) await client.close();
    },
  };
}

/** For messages: a MongoDB URL without its credentials. */
export const mongoUrlLabel = describeUrl;
