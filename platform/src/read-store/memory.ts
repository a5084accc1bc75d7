import { AsyncLocalStorage } from 'node:async_hooks';
import { find } from 'mingo';
import type { Position } from '../event-store/position';
import {
  assertCollectionName,
  assertId,
  assertNoArrayTraversal,
  assertPosition,
  assertProjectionName,
  CollectionNotFoundError,
  compareCodePoints,
  filterPaths,
  normaliseDocument,
  parseFilter,
  parseIndexes,
  parsePaging,
  parseSort,
  ReadStoreQueryError,
  TransactionAbortedError,
  UniqueConstraintError,
  uniqueKey,
  valueAt,
  type ParsedIndex,
} from './query';
import type {
  CheckpointState,
  Collection,
  Doc,
  Filter,
  FindOptions,
  CollectionOptions,
  IndexSpec,
  ReadStore,
  ReadStoreTransaction,
  WritableCollection,
} from './types';
import { shadowCollection } from './types';

/**
 * In-memory read store. `mingo` is the reference for filter and sort semantics; this adapter
 * adds the restrictions every adapter shares (see query.ts): the validated query subset, no
 * paths through arrays, no sorting on arrays or objects, `_id` (code point order) as the
 * default order and the tie-break of sorts.
 */

interface CollectionState {
  docs: Map<string, Doc>;
  uniques: ParsedIndex[];
}

type Documents = ReadonlyMap<string, Doc>;

const clone = <T>(value: T): T => structuredClone(value);

function query(docs: Documents, filter: Filter | undefined, options?: FindOptions): Doc[] {
  const tree = parseFilter(filter);
  const sort = parseSort(options?.sort);
  const { skip, limit } = parsePaging(options);
  const ordered = [...docs.values()].sort((a, b) => compareCodePoints(a._id, b._id));
  const paths = filterPaths(tree);
  for (const doc of ordered) {
    for (const [path, segments] of paths) assertNoArrayTraversal(doc, path, segments);
  }
  let matched: Doc[] = find<Doc>(ordered, filter ?? {}).all();
  if (sort.length > 0) {
    for (const doc of matched) {
      for (const key of sort) {
        assertNoArrayTraversal(doc, key.path, key.segments);
        const value = valueAt(doc, key.segments);
        if (value !== null && typeof value === 'object') {
          throw new ReadStoreQueryError(
            `Cannot sort on "${key.path}": document ${JSON.stringify(doc._id)} has an array or object there`,
          );
        }
      }
    }
    // mingo's sort is stable, so ties keep the _id order established above.
    matched = find<Doc>(matched, {}).sort(Object.fromEntries(sort.map((key) => [key.path, key.direction]))).all();
  }
  return matched.slice(skip, limit === undefined ? undefined : skip + limit);
}

function reader<T extends Doc>(docs: () => Documents): Collection<T> {
  const findDocs = (filter?: Filter, options?: FindOptions): T[] =>
    // Documents are stored as T by the writers of this collection.
    query(docs(), filter, options).map((doc) => clone(doc) as T);
  return {
    async get(id) {
      assertId(id);
      const doc = docs().get(id);
      return doc === undefined ? null : (clone(doc) as T);
    },
    async find(filter, options) {
      return findDocs(filter, options);
    },
    async findOne(filter, options) {
      return findDocs(filter, { ...options, limit: 1 })[0] ?? null;
    },
    async count(filter) {
      return query(docs(), filter).length;
    },
  };
}

export function createMemoryReadStore(): ReadStore {
  const collections = new Map<string, CollectionState>();
  const checkpoints = new Map<string, CheckpointState>();
  const inTransaction = new AsyncLocalStorage<true>();
  const leases = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('Read store is closed');
  };

  const state = (name: string): CollectionState => {
    assertCollectionName(name);
    const collection = collections.get(name);
    if (!collection) throw new CollectionNotFoundError(name);
    return collection;
  };

  const checkUnique = (name: string, uniques: readonly ParsedIndex[], docs: Documents, doc: Doc): void => {
    for (const index of uniques) {
      const key = uniqueKey(doc, index);
      if (key === null) continue;
      for (const other of docs.values()) {
        if (other._id !== doc._id && uniqueKey(other, index) === key) {
          throw new UniqueConstraintError(name, index.fields, doc._id);
        }
      }
    }
  };

  async function runTransaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
    assertOpen();
    /** Copy-on-write: a collection is copied on its first write; `writes` is replayed on commit. */
    const staged = new Map<string, { docs: Map<string, Doc>; writes: Map<string, Doc | null> }>();
    /** A checkpoint's new position (null: deleted) and whether the read model was replaced. */
    const stagedCheckpoints = new Map<string, { position: Position; rebuilt: boolean } | null>();
    /** Collections replaced by their shadow in this transaction (`switchToShadow`). */
    const switched = new Set<string>();
    let finished = false;
    let failure: Error | undefined;

    /** Where a name's documents are in this transaction: a switched collection is its shadow's. */
    const physical = (name: string): string => {
      assertCollectionName(name);
      if (switched.has(name)) return shadowCollection(name);
      for (const live of switched) if (shadowCollection(live) === name) throw new CollectionNotFoundError(name);
      return name;
    };

    const guard = <A extends unknown[], R2>(operation: (...args: A) => R2 | Promise<R2>) =>
      async (...args: A): Promise<R2> => {
        if (finished) throw new Error('Transaction already finished');
        if (failure) throw new TransactionAbortedError(`Transaction is aborted: ${failure.message}`, { cause: failure });
        try {
          return await operation(...args);
        } catch (error) {
          // Mirrors PostgreSQL: a failed statement aborts the transaction; invalid queries do not.
          if (error instanceof UniqueConstraintError || error instanceof CollectionNotFoundError) failure = error;
          throw error;
        }
      };

    const view = (name: string): Documents => staged.get(physical(name))?.docs ?? state(physical(name)).docs;

    const stage = (name: string) => {
      const at = physical(name);
      let entry = staged.get(at);
      if (!entry) {
        entry = { docs: new Map(state(at).docs), writes: new Map() };
        staged.set(at, entry);
      }
      return entry;
    };
    const uniquesOf = (name: string) => state(physical(name)).uniques;

    const tx: ReadStoreTransaction = {
      collection<T extends Doc = Doc>(name: string): WritableCollection<T> {
        assertCollectionName(name);
        const read = reader<T>(() => view(name));
        return {
          get: guard((id: string) => read.get(id)),
          find: guard((filter?: Filter, options?: FindOptions) => read.find(filter, options)),
          findOne: guard((filter?: Filter, options?: Pick<FindOptions, 'sort'>) => read.findOne(filter, options)),
          count: guard((filter?: Filter) => read.count(filter)),
          put: guard((input: T) => {
            const { doc } = normaliseDocument(input);
            const entry = stage(name);
            checkUnique(name, uniquesOf(name), entry.docs, doc);
            entry.docs.set(doc._id, doc);
            entry.writes.set(doc._id, doc);
          }),
          putMany: guard((inputs: readonly T[]) => {
            const entry = stage(name);
            for (const input of inputs) {
              const { doc } = normaliseDocument(input);
              checkUnique(name, uniquesOf(name), entry.docs, doc);
              entry.docs.set(doc._id, doc);
              entry.writes.set(doc._id, doc);
            }
          }),
          delete: guard((id: string) => {
            assertId(id);
            const entry = stage(name);
            entry.docs.delete(id);
            entry.writes.set(id, null);
          }),
          deleteMany: guard((filter?: Filter) => {
            const ids = query(view(name), filter).map((doc) => doc._id);
            const entry = stage(name);
            for (const id of ids) {
              entry.docs.delete(id);
              entry.writes.set(id, null);
            }
            return ids.length;
          }),
        };
      },
      getCheckpoint: guard((projection: string) => {
        assertProjectionName(projection);
        if (stagedCheckpoints.has(projection)) return stagedCheckpoints.get(projection)?.position ?? null;
        return checkpoints.get(projection)?.position ?? null;
      }),
      setCheckpoint: guard((projection: string, position: Position, options?: { rebuilt?: boolean }) => {
        assertProjectionName(projection);
        assertPosition(position);
        const rebuilt = options?.rebuilt === true || stagedCheckpoints.get(projection)?.rebuilt === true;
        stagedCheckpoints.set(projection, { position, rebuilt });
      }),
      deleteCheckpoint: guard((projection: string) => {
        assertProjectionName(projection);
        stagedCheckpoints.set(projection, null);
      }),
      // Transactions run one at a time here: every lease is held already.
      lock: guard((name: string) => {
        assertProjectionName(name);
      }),
      switchToShadow: guard((name: string) => {
        assertCollectionName(name);
        if (switched.has(name)) throw new CollectionNotFoundError(shadowCollection(name));
        state(physical(shadowCollection(name)));
        switched.add(name);
      }),
    };

    try {
      const result = await inTransaction.run(true, () => work(tx));
      if (failure) {
        throw new TransactionAbortedError(`Transaction rolled back because an operation failed: ${failure.message}`, {
          cause: failure,
        });
      }
      // Commit: nothing below can throw, so documents and checkpoints land together.
      for (const [name, entry] of staged) {
        const target = collections.get(name);
        if (!target) continue;
        for (const [id, doc] of entry.writes) {
          if (doc === null) target.docs.delete(id);
          else target.docs.set(id, doc);
        }
      }
      for (const name of switched) {
        const shadow = collections.get(shadowCollection(name));
        if (!shadow) continue;
        collections.set(name, shadow);
        collections.delete(shadowCollection(name));
      }
      const updatedAt = new Date().toISOString();
      for (const [projection, staged] of stagedCheckpoints) {
        if (staged === null) {
          checkpoints.delete(projection);
          continue;
        }
        const generation = (checkpoints.get(projection)?.generation ?? 0) + (staged.rebuilt ? 1 : 0);
        checkpoints.set(projection, { position: staged.position, updatedAt, generation });
      }
      return result;
    } finally {
      finished = true;
    }
  }

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      assertCollectionName(name);
      return reader<T>(() => state(name).docs);
    },

    async ensureCollection(name: string, indexes?: readonly IndexSpec[], _options?: CollectionOptions) {
      assertOpen();
      assertCollectionName(name);
      const parsed = parseIndexes(indexes);
      let collection = collections.get(name);
      if (!collection) {
        collection = { docs: new Map(), uniques: [] };
        collections.set(name, collection);
      }
      for (const index of parsed) {
        if (!index.unique) continue;
        if (collection.uniques.some((existing) => existing.fields.join('\u0000') === index.fields.join('\u0000'))) continue;
        const seen = new Set<string>();
        for (const doc of collection.docs.values()) {
          const key = uniqueKey(doc, index);
          if (key === null) continue;
          if (seen.has(key)) throw new UniqueConstraintError(name, index.fields, doc._id);
          seen.add(key);
        }
        collection.uniques.push(index);
      }
    },

    async dropCollection(name: string) {
      assertOpen();
      state(name).docs.clear();
    },
    async resetForRebuild(name: string) {
      assertOpen();
      state(name).docs.clear();
    },
    async removeCollection(name: string) {
      assertOpen();
      assertCollectionName(name);
      collections.delete(name);
    },

    transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
      if (inTransaction.getStore()) {
        return Promise.reject(new Error('Nested read-store transactions are not supported'));
      }
      const run = queue.then(() => runTransaction(work));
      queue = run.catch(() => undefined);
      return run;
    },

    async tryLease(name: string) {
      assertOpen();
      assertProjectionName(name);
      if (leases.has(name)) return null;
      leases.add(name);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          leases.delete(name);
        },
      };
    },

    async getCheckpoint(projection: string) {
      assertProjectionName(projection);
      return checkpoints.get(projection)?.position ?? null;
    },

    async getCheckpointState(projection: string) {
      assertProjectionName(projection);
      const state = checkpoints.get(projection);
      return state ? { ...state } : null;
    },

    async close() {
      closed = true;
      await queue;
    },
  };
}

/**
 * Whether one document matches a filter, by the same rules every adapter answers `find` with (mingo,
 * the reference, over the validated query subset). For code that must agree with a read model's
 * query about a single document it holds, without a read store (ADR 067: job alerts).
 */
export function matchesFilter(doc: Doc, filter: Filter): boolean {
  return query(new Map([[doc._id, doc]]), filter).length === 1;
}
