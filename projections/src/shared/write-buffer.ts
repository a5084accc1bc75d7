import type { Doc, Filter, FindOptions, ReadStoreTransaction, WritableCollection } from '@hireloop/platform/read-store';

/**
 * A projection's writes within one batch, kept in memory and written at the end as one
 * multi-row statement per collection. A batch of 500 job events is then a handful of
 * statements instead of a thousand; reads see the batch's own writes (a `get` answers from the
 * buffer; a query first writes the buffer out).
 */
export function bufferedTransaction(tx: ReadStoreTransaction): { tx: ReadStoreTransaction; flush(): Promise<void>; readonly wroteEarly: boolean } {
  /** Whether a query or a delete by filter wrote the buffer out before `flush` (ADR 083). */
  let wroteEarly = false;
  const buffers = new Map<string, { inner: WritableCollection; pending: Map<string, Doc | null>; flush(early?: boolean): Promise<void> }>();

  const bufferFor = (name: string) => {
    let buffer = buffers.get(name);
    if (!buffer) {
      const inner = tx.collection(name);
      const pending = new Map<string, Doc | null>();
      buffer = {
        inner,
        pending,
        async flush(early = true) {
          if (pending.size === 0) return;
          wroteEarly ||= early;
          const puts: Doc[] = [];
          const deletes: string[] = [];
          for (const [id, doc] of pending) {
            if (doc === null) deletes.push(id);
            else puts.push(doc);
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
    return {
      async get(id) {
        if (pending.has(id)) {
          const doc = pending.get(id) ?? null;
          return doc === null ? null : structuredClone(doc);
        }
        return inner.get(id);
      },
      async find(filter?: Filter, options?: FindOptions) {
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
        return inner.deleteMany(filter);
      },
    };
  };

  const flush = async () => {
    for (const buffer of buffers.values()) await buffer.flush(false);
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
    get wroteEarly() {
      return wroteEarly;
    },
  };
}
