import { START, type Position } from '@hireloop/platform/event-store';
import {
  compareCodePoints,
  documentJson,
  matchesFilter,
  parseFilter,
  type Doc,
  type Filter,
  type FilterNode,
  type FindOptions,
  type NewDocument,
  type ReadStore,
  type ReadStoreTransaction,
  type Scalar,
  type WritableCollection,
} from '@hireloop/platform/read-store';

/**
 * The documents a rebuild writes into its shadow collections (ADR 082), kept in memory as JSON
 * text and written out once per batch while the next batch is computed:
 *
 * - a document whose id the shadow never held goes out with the store's bulk path
 *   (`insertNew`: PostgreSQL `COPY … FROM STDIN`), the rest with `putMany` / `deleteMany`;
 * - a read (`get`) answers from memory: the batch's own writes, the batch being written, or the
 *   documents written before (up to `CACHED_DOCUMENTS` per collection, the oldest forgotten
 *   first); an id the shadow never held is known to be absent without asking the store;
 * - a query (`find`, `findOne`, `count`) without paging whose filter names the documents it can
 *   match by equality (`{ jobId }`, `$in`, an `$or` of such) answers from memory too (ADR 091):
 *   each field asked about gets an index of its values over every document of the shadow, kept
 *   with every write, and the documents it names are checked with `matchesFilter`, the reference
 *   semantics every adapter agrees with;
 * - any other query, and `deleteMany`, first writes everything out, then asks the store.
 *
 * The shadows start empty and only the rebuild (holding the replay lease) writes them, so what
 * it remembers is what they hold.
 */

/** Clean documents remembered per collection: enough for a batch's reads of recent documents. */
const CACHED_DOCUMENTS = 100_000;

/**
 * The keys under which a field's value is found by an equality filter: a scalar under its own,
 * an array under each of its scalar items (equality on an array means "contains"), a missing
 * field under null's (`{ field: null }` matches it).
 */
function keysOf(value: unknown): string[] {
  if (value === undefined || value === null) return ['null'];
  if (Array.isArray(value)) return value.flatMap((item: unknown) => (item === null || typeof item !== 'object' ? keysOf(item) : []));
  if (typeof value === 'object') return [];
  return [keyOf(value as Scalar)];
}

const keyOf = (value: Scalar): string => (value === null ? 'null' : `${typeof value}:${String(value)}`);

/** A field's values over every document of a shadow: value key → ids, and each id's keys. */
class FieldIndex {
  readonly ids = new Map<string, Set<string>>();
  readonly keys = new Map<string, readonly string[]>();

  constructor(readonly field: string) {}

  set(id: string, doc: Doc | null) {
    this.remove(id);
    if (doc === null) return;
    const keys = [...new Set(keysOf(doc[this.field]))];
    this.keys.set(id, keys);
    for (const key of keys) {
      let ids = this.ids.get(key);
      if (!ids) this.ids.set(key, (ids = new Set()));
      ids.add(id);
    }
  }

  private remove(id: string) {
    for (const key of this.keys.get(id) ?? []) {
      const ids = this.ids.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.ids.delete(key);
    }
    this.keys.delete(id);
  }
}

class ShadowDocuments {
  /** Ids the shadow holds once the writes so far commit. */
  readonly written = new Set<string>();
  /** Committed documents (JSON; null: known absent), least recently written first. */
  readonly known = new Map<string, string | null>();
  /** This batch's writes. */
  dirty = new Map<string, string | null>();
  /** The writes on their way to the store. */
  inFlight: Map<string, string | null> | null = null;
  /** Indexes of top-level fields, made when a query first names the field, over every document. */
  readonly indexes = new Map<string, FieldIndex>();
  /** The collection a projection writes through (`RebuildBuffer.transaction`), made once. */
  api: WritableCollection<Doc> | undefined;

  constructor(readonly physical: string) {}

  /** Stages a write of this batch and keeps the indexes with it. */
  stage(id: string, json: string | null) {
    this.dirty.delete(id);
    this.dirty.set(id, json);
    if (this.indexes.size === 0) return;
    const doc = json === null ? null : (JSON.parse(json) as Doc);
    for (const index of this.indexes.values()) index.set(id, doc);
  }

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
        // Made once per shadow: a projection asks for its collection on every event.
        documents.api ??= this.collectionOf(documents);
        return documents.api as unknown as WritableCollection<T>;
      },
    };
  }

  private collectionOf<T extends Doc>(documents: ShadowDocuments): WritableCollection<T> {
    const stored = () => this.readStore.collection<T>(documents.physical);
    const get = async (id: string): Promise<T | null> => {
      const json = documents.lookup(id);
      if (json === null) return null;
      if (json !== undefined) return JSON.parse(json) as T;
      const doc = await stored().get(id);
      // A write of this document may have started meanwhile: only the store's answer to a
      // still-unknown id is remembered.
      if (documents.lookup(id) === undefined) documents.remember(id, doc === null ? null : JSON.stringify(doc));
      return doc;
    };
    // Validated as every adapter validates a document (`normaliseDocument`), kept as its text.
    const put = (doc: T) => documents.stage(doc._id, documentJson(doc));
    /** The documents a filter matches, in `_id` order (every adapter's default), when memory can tell; undefined otherwise. */
    const matching = async (filter: Filter | undefined, options: FindOptions | undefined): Promise<T[] | undefined> => {
      if (filter === undefined || (options !== undefined && Object.values(options).some((value) => value !== undefined))) return undefined;
      const candidates = await this.candidates(documents, parseFilter(filter));
      if (candidates === undefined) return undefined;
      const found: T[] = [];
      for (const id of [...candidates].sort(compareCodePoints)) {
        const doc = await get(id);
        if (doc !== null && matchesFilter(doc, filter)) found.push(doc);
      }
      return found;
    };
    return {
      get,
      find: async (filter?: Filter, options?: FindOptions) => {
        const found = await matching(filter, options);
        if (found) return found;
        await this.drain();
        return stored().find(filter, options);
      },
      findOne: async (filter, options) => {
        const found = await matching(filter, options);
        if (found) return found[0] ?? null;
        await this.drain();
        return stored().findOne(filter, options);
      },
      count: async (filter) => {
        const found = await matching(filter, undefined);
        if (found) return found.length;
        await this.drain();
        return stored().count(filter);
      },
      put: async (doc) => put(doc),
      putMany: async (docs) => {
        for (const doc of docs) put(doc);
      },
      delete: async (id) => {
        documents.stage(id, null);
      },
      deleteMany: async (filter) => {
        await this.drain();
        const deleted = await this.readStore.transaction((tx) => tx.collection(documents.physical).deleteMany(filter));
        // Which ones went is not known here: the store is asked again for the ids it held, and
        // the indexes are made again when next needed.
        documents.known.clear();
        documents.indexes.clear();
        return deleted;
      },
    };
  }

  /**
   * The ids of the only documents that can match a filter, from the indexes of the fields it
   * compares by equality (made now if missing); undefined when the filter names none that way
   * (a range, a negation, a dotted path), and the store is asked instead.
   */
  private async candidates(documents: ShadowDocuments, node: FilterNode): Promise<Set<string> | undefined> {
    if (node.kind !== 'field') {
      if (node.kind === 'nor' || node.children.length === 0) return undefined;
      const parts: Array<Set<string>> = [];
      for (const child of node.children) {
        const part = await this.candidates(documents, child);
        if (part !== undefined) parts.push(part);
        else if (node.kind === 'or') return undefined;
      }
      if (parts.length === 0) return undefined;
      // Any one part of an `and` narrows it enough (every document is checked against the whole filter).
      if (node.kind === 'and') return parts.reduce((smallest, part) => (part.size < smallest.size ? part : smallest));
      return new Set(parts.flatMap((part) => [...part]));
    }
    const { condition, segments } = node;
    if (segments.length !== 1 || (condition.op !== 'eq' && condition.op !== 'in')) return undefined;
    const values = condition.op === 'eq' ? [condition.value] : condition.values;
    if (node.path === '_id') return new Set(values.filter((value): value is string => typeof value === 'string'));
    const index = await this.indexOf(documents, node.path);
    const ids = new Set<string>();
    for (const value of values) for (const id of index.ids.get(keyOf(value)) ?? []) ids.add(id);
    return ids;
  }

  /** The index of a field over every document of the shadow: made from memory when it holds them all, else read once from the store. */
  private async indexOf(documents: ShadowDocuments, field: string): Promise<FieldIndex> {
    const existing = documents.indexes.get(field);
    if (existing) return existing;
    const index = new FieldIndex(field);
    const ids = new Set([...documents.written, ...documents.known.keys(), ...(documents.inFlight?.keys() ?? []), ...documents.dirty.keys()]);
    const remembered = [...ids].map((id) => [id, documents.lookup(id)] as const);
    if (remembered.every(([, json]) => json !== undefined)) {
      for (const [id, json] of remembered) index.set(id, json === null || json === undefined ? null : (JSON.parse(json) as Doc));
    } else {
      // Some documents were forgotten: the store holds them once everything is written out.
      await this.drain();
      for (const doc of await this.readStore.collection(documents.physical).find({})) index.set(doc._id, doc);
    }
    documents.indexes.set(field, index);
    return index;
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
