import type { BatchWrite, Doc, Filter, FindOptions, ReadStoreTransaction, WritableCollection } from '@hireloop/platform/read-store';

/**
 * A projection's writes within one batch, kept in memory and written at the end as one
 * multi-row statement per collection. A batch of 500 job events is then a handful of
 * statements instead of a thousand; reads see the batch's own writes (a `get` answers from the
 * buffer; a query first writes the buffer out).
 */
export function bufferedTransaction(tx: ReadStoreTransaction): {
  tx: ReadStoreTransaction;
  flush(): Promise<void>;
  /**
   * What `flush` would write, handed to the caller to write instead (with other read models' and
   * the checkpoints, in one statement: `ReadStoreTransaction.writeMany`, ADR 099); the buffer
   * then counts it as written.
   */
  takeWrites(): BatchWrite[];
  readonly wroteEarly: boolean;
} {
  /** Whether a query or a delete by filter wrote the buffer out before `flush` (ADR 083). */
  let wroteEarly = false;
  const buffers = new Map<
    string,
    { inner: WritableCollection; pending: Map<string, Doc | null>; known: Map<string, Doc | null>; covered: Map<string, Set<string>>; flush(early?: boolean): Promise<void> }
  >();

  const bufferFor = (name: string) => {
    let buffer = buffers.get(name);
    if (!buffer) {
      const inner = tx.collection(name);
      const pending = new Map<string, Doc | null>();
      /**
       * Documents as the store holds them within this transaction (null: none), read ahead by
       * `getMany` (ADR 092) or written out early: a `get` of them needs no round trip. Nothing
       * else writes this collection in the transaction, so they stay true until a delete by filter.
       */
      const known = new Map<string, Doc | null>();
      /** By field, the values whose every document is in `known` (`readAhead`): a find of `{ field: value }` answers from memory. */
      const covered = new Map<string, Set<string>>();
      buffer = {
        inner,
        pending,
        known,
        covered,
        async flush(early = true) {
          if (pending.size === 0) return;
          wroteEarly ||= early;
          const puts: Doc[] = [];
          const deletes: string[] = [];
          for (const [id, doc] of pending) {
            if (doc === null) deletes.push(id);
            else puts.push(doc);
            known.set(id, doc);
          }
          pending.clear();
          if (deletes.length > 0) await inner.deleteMany({ _id: { $in: deletes } });
          await inner.putMany(puts);
        },
      };
      buffers.set(name, buffer);
    }
    return buffer;
  };

  const collection = <T extends Doc = Doc>(name: string): WritableCollection<T> => {
    const buffer = bufferFor(name);
    const inner = buffer.inner as WritableCollection<T>;
    const pending = buffer.pending as Map<string, T | null>;
    const known = buffer.known as Map<string, T | null>;
    const { covered } = buffer;
    /** The documents `{ field: value }` matches, from memory, when every one of them is there; otherwise null. */
    const fromMemory = (filter: Filter | undefined): T[] | null => {
      const equality = filter && equalityOf(filter);
      if (!equality || !covered.get(equality.field)?.has(equality.value)) return null;
      const found: T[] = [];
      for (const doc of pending.values()) if (doc && matches(doc, equality)) found.push(structuredClone(doc));
      for (const [id, doc] of known) if (!pending.has(id) && doc && matches(doc, equality)) found.push(structuredClone(doc));
      return found;
    };
    return {
      async get(id) {
        const held = pending.has(id) ? pending : known.has(id) ? known : null;
        if (held) {
          const doc = held.get(id) ?? null;
          return doc === null ? null : structuredClone(doc);
        }
        return inner.get(id);
      },
      /** Reads ahead, in one statement, the documents not in the buffer yet; later `get`s of them answer from memory. */
      async getMany(ids) {
        const missing = [...new Set(ids)].filter((id) => !pending.has(id) && !known.has(id));
        if (missing.length > 0) {
          const found = inner.getMany ? await inner.getMany(missing) : await inner.find({ _id: { $in: missing } });
          for (const id of missing) known.set(id, null);
          for (const doc of found) known.set(doc._id, doc);
        }
        const docs: T[] = [];
        for (const id of new Set(ids)) {
          const doc = pending.has(id) ? pending.get(id) : known.get(id);
          if (doc) docs.push(structuredClone(doc));
        }
        return docs;
      },
      /** Reads ahead every document whose `field` is one of `values` (one statement): finds of `{ field: value }` then answer from memory, without writing the buffer out. */
      async readAhead(field, values) {
        let values_ = covered.get(field);
        if (!values_) covered.set(field, (values_ = new Set()));
        const missing = [...new Set(values)].filter((value) => !values_.has(value));
        if (missing.length === 0) return;
        for (const doc of await inner.find({ [field]: { $in: missing } })) {
          // What the buffer holds already is the same document or a newer one.
          if (!known.has(doc._id)) known.set(doc._id, doc);
        }
        for (const value of missing) values_.add(value);
      },
      async find(filter?: Filter, options?: FindOptions) {
        const found = options === undefined ? fromMemory(filter) : null;
        if (found) return found;
        await buffer.flush();
        return inner.find(filter, options);
      },
      async findOne(filter, options) {
        await buffer.flush();
        return inner.findOne(filter, options);
      },
      async count(filter) {
        await buffer.flush();
        return inner.count(filter);
      },
      async put(doc) {
        pending.delete(doc._id); // keep insertion order = order of last write
        pending.set(doc._id, structuredClone(doc));
      },
      async putMany(docs) {
        for (const doc of docs) {
          pending.delete(doc._id);
          pending.set(doc._id, structuredClone(doc));
        }
      },
      async delete(id) {
        pending.delete(id);
        pending.set(id, null);
      },
      async deleteMany(filter) {
        await buffer.flush();
        // Which documents went is the store's to know: they are read again.
        known.clear();
        covered.clear();
        return inner.deleteMany(filter);
      },
    };
  };

  const flush = async () => {
    for (const buffer of buffers.values()) await buffer.flush(false);
  };

  const takeWrites = (): BatchWrite[] => {
    const writes: BatchWrite[] = [];
    for (const [collection, { pending, known }] of buffers) {
      if (pending.size === 0) continue;
      const puts: Doc[] = [];
      const deletes: string[] = [];
      for (const [id, doc] of pending) {
        if (doc === null) deletes.push(id);
        else puts.push(doc);
        known.set(id, doc);
      }
      pending.clear();
      writes.push({ collection, puts, deletes });
    }
    return writes;
  };

  return {
    tx: {
      collection,
      getCheckpoint: (name) => tx.getCheckpoint(name),
      setCheckpoint: (name, position, options) => tx.setCheckpoint(name, position, options),
      deleteCheckpoint: (name) => tx.deleteCheckpoint(name),
      lock: (name) => tx.lock(name),
      // The shadow takes the place of `name` with every write of the batch in it.
      switchToShadow: async (name) => {
        await flush();
        await tx.switchToShadow(name);
      },
    },
    flush,
    takeWrites,
    get wroteEarly() {
      return wroteEarly;
    },
  };
}

/** A filter `{ field: 'value' }` on one top-level field (what a projection's fan-out by id asks), else null. */
export function equalityOf(filter: Filter): { field: string; value: string } | null {
  const keys = Object.keys(filter);
  if (keys.length !== 1) return null;
  const field = keys[0]!;
  const value = filter[field];
  if (field.startsWith('$') || field.includes('.') || typeof value !== 'string') return null;
  return { field, value };
}

/** MongoDB's equality on a top-level field: the value itself, or an array holding it. */
const matches = (doc: Doc, { field, value }: { field: string; value: string }) => {
  const held = doc[field];
  return held === value || (Array.isArray(held) && held.includes(value));
};
