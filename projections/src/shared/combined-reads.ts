import type { BatchRead, Doc, Filter, FindOptions, ReadStoreTransaction, WritableCollection } from '@hireloop/platform/read-store';

/** A combined statement of a batch failed: it is no one read model's fault, so the daemon applies each on its own (ADR 099). */
export class CombinedStatementError extends Error {
  override readonly name = 'CombinedStatementError';
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * A transaction whose read-aheads — `getMany`, and `find` without options — made in one turn of
 * the event loop go to the store as ONE statement (`tx.readMany`, ADR 099). Every read model of a
 * batch reads ahead at once, so their reads (about 14 statements for a batch of job posts, ADR 092)
 * become one or two round trips. Any other call first sends the reads waiting, so the
 * transaction's statements keep the order they were made in.
 */
export function combinedReads(tx: ReadStoreTransaction & Required<Pick<ReadStoreTransaction, 'readMany'>>): ReadStoreTransaction {
  let waiting: Array<{ read: BatchRead; resolve: (docs: Doc[]) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;

  /** Sends the reads waiting, at once (the statement is queued on the connection before anything made after it). */
  const send = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const reads = waiting;
    waiting = [];
    tx.readMany(reads.map(({ read }) => read)).then(
      (found) => reads.forEach(({ resolve }, index) => resolve(found[index] ?? [])),
      (error: unknown) => {
        const failed = new CombinedStatementError(error);
        for (const { reject } of reads) reject(failed);
      },
    );
  };
  const read = (one: BatchRead) =>
    new Promise<Doc[]>((resolve, reject) => {
      waiting.push({ read: one, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    });
  /** Anything else: after the reads made before it. */
  const after = <R>(work: () => Promise<R>): Promise<R> => {
    send();
    return work();
  };

  const collection = <T extends Doc = Doc>(name: string): WritableCollection<T> => {
    const inner = tx.collection<T>(name);
    return {
      get: (id) => after(() => inner.get(id)),
      // The documents of a collection are written as T by its writers.
      getMany: (ids) => (ids.length === 0 ? Promise.resolve([]) : (read({ collection: name, ids }) as Promise<T[]>)),
      find: (filter?: Filter, options?: FindOptions) => (options === undefined ? (read({ collection: name, filter: filter ?? {} }) as Promise<T[]>) : after(() => inner.find(filter, options))),
      findOne: (filter, options) => after(() => inner.findOne(filter, options)),
      count: (filter) => after(() => inner.count(filter)),
      put: (doc) => after(() => inner.put(doc)),
      putMany: (docs) => after(() => inner.putMany(docs)),
      delete: (id) => after(() => inner.delete(id)),
      deleteMany: (filter) => after(() => inner.deleteMany(filter)),
    };
  };

  return {
    collection,
    getCheckpoint: (name) => after(() => tx.getCheckpoint(name)),
    setCheckpoint: (name, position, options) => after(() => tx.setCheckpoint(name, position, options)),
    deleteCheckpoint: (name) => after(() => tx.deleteCheckpoint(name)),
    lock: (name) => after(() => tx.lock(name)),
    switchToShadow: (name) => after(() => tx.switchToShadow(name)),
    // The optional batch methods stay available through it (a row lock would give the transaction an id, ADR 083).
    ...(tx.leaseCheckpoints && { leaseCheckpoints: (names) => after(() => tx.leaseCheckpoints!(names)) }),
    ...(tx.setCheckpoints && { setCheckpoints: (entries) => after(() => tx.setCheckpoints!(entries)) }),
    readMany: (reads) => after(() => tx.readMany(reads)),
    ...(tx.writeMany && { writeMany: (writes, checkpoints) => after(() => tx.writeMany!(writes, checkpoints)) }),
  };
}
