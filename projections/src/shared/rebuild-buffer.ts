import { START, type Position } from '@hireloop/platform/event-store';
import { normaliseDocument, type Doc, type Filter, type FindOptions, type NewDocument, type ReadStore, type ReadStoreTransaction, type WritableCollection } from '@hireloop/platform/read-store';

/**
 * The documents a rebuild writes into its shadow collections (ADR 082), kept in memory as JSON
 * text and written out once per batch while the next batch is computed:
 *
 * - a document whose id the shadow never held goes out with the store's bulk path
 *   (`insertNew`: PostgreSQL `COPY … FROM STDIN`), the rest with `putMany` / `deleteMany`;
 * - a read (`get`) answers from memory: the batch's own writes, the batch being written, or the
 *   documents written before (up to `CACHED_DOCUMENTS` per collection, the oldest forgotten
 *   first); an id the shadow never held is known to be absent without asking the store;
 * - a query (`find`, `count`, `deleteMany`) first writes everything out, then asks the store.
 *
 * The shadows start empty and only the rebuild (holding the replay lease) writes them, so what
 * it remembers is what they hold.
 */

/** Clean documents remembered per collection: enough for a batch's reads of recent documents. */
const CACHED_DOCUMENTS = 100_000;

class ShadowDocuments {
  /** Ids the shadow holds once the writes so far commit. */
  readonly written = new Set<string>();
  /** Committed documents (JSON; null: known absent), least recently written first. */
  readonly known = new Map<string, string | null>();
  /** This batch's writes. */
  dirty = new Map<string, string | null>();
  /** The writes on their way to the store. */
  inFlight: Map<string, string | null> | null = null;

  constructor(readonly physical: string) {}

  /** The document's JSON (null: none) when known without asking the store; undefined otherwise. */
  lookup(id: string): string | null | undefined {
    if (this.dirty.has(id)) return this.dirty.get(id)!;
    if (this.inFlight?.has(id)) return this.inFlight.get(id)!;
    if (this.known.has(id)) return this.known.get(id)!;
    return this.written.has(id) ? undefined : null;
  }

  remember(id: string, json: string | null) {
    this.known.delete(id);
    this.known.set(id, json);
    if (this.known.size > CACHED_DOCUMENTS) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
  }
}

/** One read model of a rebuild: its shadows and shadow checkpoint. */
export interface RebuildTarget {
  /** The shadow checkpoint (`shadowCheckpointName`). */
  checkpoint: string;
  /** Where the shadow checkpoint stands as this rebuild last wrote it: another value there means another replay took over. */
  expected: Position;
  /** Logical collection name → physical shadow collection name. */
  shadows: ReadonlyMap<string, string>;
}

export class RebuildBuffer {
  private readonly collections = new Map<string, ShadowDocuments>();
  private writing: Promise<void> = Promise.resolve();
  /** Time spent waiting for writes (ms): what the pipeline could not hide. */
  waitedMs = 0;

  constructor(
    private readonly readStore: ReadStore,
    private readonly targets: readonly RebuildTarget[],
    private readonly superseded: () => Error,
  ) {
    for (const target of targets) {
      for (const physical of target.shadows.values()) this.collections.set(physical, new ShadowDocuments(physical));
    }
  }

  /** The transaction a projection's `apply` writes through during the bulk of a rebuild. */
  transaction(target: RebuildTarget): Pick<ReadStoreTransaction, 'collection'> {
    return {
      collection: <T extends Doc = Doc>(name: string): WritableCollection<T> => {
        const physical = target.shadows.get(name);
        const documents = physical === undefined ? undefined : this.collections.get(physical);
        if (!documents) throw new Error(`Collection ${name} is not rebuilt here`);
        return this.collectionOf<T>(documents);
      },
    };
  }

  private collectionOf<T extends Doc>(documents: ShadowDocuments): WritableCollection<T> {
    const stored = () => this.readStore.collection<T>(documents.physical);
    const put = (doc: T) => {
      const { json } = normaliseDocument(doc);
      documents.dirty.delete(doc._id);
      documents.dirty.set(doc._id, json);
    };
    return {
      get: async (id) => {
        const json = documents.lookup(id);
        if (json === null) return null;
        if (json !== undefined) return JSON.parse(json) as T;
        const doc = await stored().get(id);
        // A write of this document may have started meanwhile: only the store's answer to a
        // still-unknown id is remembered.
        if (documents.lookup(id) === undefined) documents.remember(id, doc === null ? null : JSON.stringify(doc));
        return doc;
      },
      find: async (filter?: Filter, options?: FindOptions) => {
        await this.drain();
        return stored().find(filter, options);
      },
      findOne: async (filter, options) => {
        await this.drain();
        return stored().findOne(filter, options);
      },
      count: async (filter) => {
        await this.drain();
        return stored().count(filter);
      },
      put: async (doc) => put(doc),
      putMany: async (docs) => {
        for (const doc of docs) put(doc);
      },
      delete: async (id) => {
        documents.dirty.delete(id);
        documents.dirty.set(id, null);
      },
      deleteMany: async (filter) => {
        await this.drain();
        const deleted = await this.readStore.transaction((tx) => tx.collection(documents.physical).deleteMany(filter));
        // Which ones went is not known here: the store is asked again for the ids it held.
        documents.known.clear();
        return deleted;
      },
    };
  }

  /**
   * Starts writing the batch's documents (after the previous write has committed), moving the
   * shadow checkpoints to `position` in the same transaction (none: a write in the middle of a
   * batch, before a query). Returns once the write has started: the next batch's JavaScript
   * runs meanwhile. A failed write fails the next `flush` or `drain`.
   */
  async flush(position?: Position): Promise<void> {
    const waited = performance.now();
    await this.writing;
    this.waitedMs += performance.now() - waited;
    const batch: Array<[ShadowDocuments, Map<string, string | null>]> = [];
    for (const documents of this.collections.values()) {
      if (documents.dirty.size === 0) continue;
      documents.inFlight = documents.dirty;
      documents.dirty = new Map();
      batch.push([documents, documents.inFlight]);
    }
    if (batch.length === 0 && position === undefined) return;
    this.writing = this.write(batch, position);
    // Reported by the next flush or drain; not an unhandled rejection meanwhile.
    this.writing.catch(() => undefined);
  }

  /** Writes everything out and waits until it has committed. */
  async drain(position?: Position): Promise<void> {
    await this.flush(position);
    const waited = performance.now();
    await this.writing;
    this.waitedMs += performance.now() - waited;
  }

  private async write(batch: ReadonlyArray<[ShadowDocuments, Map<string, string | null>]>, position: Position | undefined): Promise<void> {
    await this.readStore.transaction(async (tx) => {
      if (position !== undefined) {
        for (const target of this.targets) {
          if (((await tx.getCheckpoint(target.checkpoint)) ?? START) !== target.expected) throw this.superseded();
        }
      }
      for (const [documents, writes] of batch) {
        const collection = tx.collection(documents.physical);
        const fresh: NewDocument[] = [];
        const replaced: Doc[] = [];
        const deleted: string[] = [];
        for (const [id, json] of writes) {
          if (json === null) {
            if (documents.written.has(id)) deleted.push(id);
          } else if (documents.written.has(id)) replaced.push(JSON.parse(json) as Doc);
          else fresh.push({ id, json });
        }
        if (deleted.length > 0) await collection.deleteMany({ _id: { $in: deleted } });
        if (replaced.length > 0) await collection.putMany(replaced);
        if (fresh.length > 0) {
          if (collection.insertNew) await collection.insertNew(fresh);
          else await collection.putMany(fresh.map(({ json }) => JSON.parse(json) as Doc));
        }
      }
      if (position !== undefined) {
        for (const target of this.targets) await tx.setCheckpoint(target.checkpoint, position);
      }
    });
    if (position !== undefined) for (const target of this.targets) target.expected = position;
    for (const [documents, writes] of batch) {
      for (const [id, json] of writes) {
        if (json === null) documents.written.delete(id);
        else documents.written.add(id);
        documents.remember(id, json);
      }
      documents.inFlight = null;
    }
  }
}
