import type { Position } from '../event-store/position';

/**
 * Read models are named collections of JSON documents keyed by `_id`.
 * Queries use a typed subset of the MongoDB filter language; `mingo` (the memory adapter)
 * is the reference semantics every other adapter must agree with.
 */
export type Doc = { _id: string } & Record<string, unknown>;

export type Scalar = string | number | boolean | null;

export interface FieldOperators {
  $eq?: Scalar;
  $ne?: Scalar;
  $gt?: string | number;
  $gte?: string | number;
  $lt?: string | number;
  $lte?: string | number;
  $in?: readonly Scalar[];
  $nin?: readonly Scalar[];
  $exists?: boolean;
  /** The array field holds every listed value. */
  $all?: readonly Scalar[];
  /** Array length. */
  $size?: number;
  /**
   * Case-insensitive substring test: `{ $regex: escapeRegex(text), $options: 'i' }`.
   * Only escaped literals (optionally anchored with ^ / $) are portable between adapters.
   */
  $regex?: string;
  $options?: 'i' | '';
}

/** A dotted field path maps to a scalar (equality; for arrays: contains) or operators. */
export type Filter = {
  $and?: readonly Filter[];
  $or?: readonly Filter[];
  $nor?: readonly Filter[];
} & { [field: string]: Scalar | FieldOperators | readonly Filter[] | undefined };

export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

export interface Collection<T extends Doc = Doc> {
  get(id: string): Promise<T | null>;
  /** Optional: the documents of these ids that exist, in one read (a projection batch's read-ahead, ADR 092); in no particular order. */
  getMany?(ids: readonly string[]): Promise<T[]>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter?: Filter, options?: Pick<FindOptions, 'sort'>): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
}

export interface WritableCollection<T extends Doc = Doc> extends Collection<T> {
  /** Inserts or replaces the whole document with this `_id`. */
  put(doc: T): Promise<void>;
  /** `put` for many documents in one write (a projection's batch). A later duplicate id wins. */
  putMany(docs: readonly T[]): Promise<void>;
  delete(id: string): Promise<void>;
  deleteMany(filter?: Filter): Promise<number>;
  /**
   * The bulk path of a rebuild (ADR 082): inserts documents whose ids the collection does not
   * hold, each given as its id and its JSON text as `normaliseDocument` made it (validated).
   * PostgreSQL streams them with `COPY … FROM STDIN` (a transaction's collections only); an
   * adapter without it is written to with `putMany`. An id already there is an error.
   */
  insertNew?(rows: readonly NewDocument[]): Promise<void>;
  /**
   * Optional, a projection batch's buffer's (ADR 092): reads every document whose top-level
   * `field` is one of `values`, so that later finds of `{ field: value }` in the batch answer
   * from memory.
   */
  readAhead?(field: string, values: readonly string[]): Promise<void>;
}

/** One read of `ReadStoreTransaction.readMany`: the documents of these ids, or those a filter matches. */
export type BatchRead = { collection: string; ids: readonly string[] } | { collection: string; filter: Filter };

/** One collection's part of `ReadStoreTransaction.writeMany`: documents put (whole) and ids deleted. */
export interface BatchWrite {
  collection: string;
  puts: readonly Doc[];
  deletes: readonly string[];
}

/** A document for `insertNew`: its id and its JSON text. */
export interface NewDocument {
  id: string;
  json: string;
}

/**
 * One unit of work: documents and projection checkpoints commit together or not at all.
 * Reads inside the transaction see its own writes.
 */
export interface ReadStoreTransaction {
  collection<T extends Doc = Doc>(name: string): WritableCollection<T>;
  /**
   * Also holds the checkpoint until the transaction ends: another transaction reading the same
   * checkpoint waits, then sees what this one committed. Two writers of one read model (the
   * runner and `hireloop projections retry`) therefore take turns instead of losing updates.
   */
  getCheckpoint(projection: string): Promise<Position | null>;
  /**
   * `rebuilt`: the read model behind this checkpoint was replaced (`switchToShadow`): its
   * generation goes up by one, so whoever keeps a copy of its documents loads them all again.
   */
  setCheckpoint(projection: string, position: Position, options?: { rebuilt?: boolean }): Promise<void>;
  /** Forgets a checkpoint (a rebuild's shadow checkpoint, once switched). */
  deleteCheckpoint(projection: string): Promise<void>;
  /**
   * Takes the lease `name` until the transaction ends: another transaction taking the same lease
   * waits for this one to end. A projection's batches and its rebuild's switch take its lease, so
   * no batch runs while a rebuild replaces the read model (ADR 049).
   */
  lock(name: string): Promise<void>;
  /**
   * Optional (ADR 083): takes the leases `names` (as `lock`, in one order for every caller) and
   * reads their checkpoints WITHOUT holding the rows: every writer of a live checkpoint takes its
   * lease first, so the leases already keep them out. In PostgreSQL a row lock (`getCheckpoint`'s
   * FOR UPDATE) gives the transaction an id at once, and every reader of the log waits for the
   * oldest open id (ADR 001); without it the id is taken at the first write. A store without this
   * method is used name by name (`lock`, `getCheckpoint`).
   */
  leaseCheckpoints?(names: readonly string[]): Promise<Map<string, Position | null>>;
  /** Optional (ADR 083): several `setCheckpoint`s (not rebuilt) in one statement. */
  setCheckpoints?(entries: ReadonlyArray<readonly [projection: string, position: Position]>): Promise<void>;
  /**
   * Optional (ADR 099): several reads in ONE statement, each by ids or by a filter; answers the
   * documents each found (in no particular order), in the order the reads were given. A projection
   * batch's read-ahead: every read model's reads together, one round trip.
   */
  readMany?(reads: readonly BatchRead[]): Promise<Doc[][]>;
  /**
   * Optional (ADR 099): every collection's puts and deletes of a projection batch and the
   * checkpoints (not rebuilt), in ONE statement. An id is put or deleted at most once per
   * collection (a later entry for an id wins over an earlier one).
   */
  writeMany?(writes: readonly BatchWrite[], checkpoints: ReadonlyArray<readonly [projection: string, position: Position]>): Promise<void>;
  /**
   * Replaces the collection `name` by its shadow (`shadowCollection(name)`): documents and indexes
   * (under their usual names, so `ensureCollection(name, …)` finds them). The old documents are
   * gone and the shadow no longer exists; others see the change at commit, all at once.
   */
  switchToShadow(name: string): Promise<void>;
}

/**
 * The collection a rebuild writes into while `name` keeps serving (and its runner keeps
 * writing to it); `switchToShadow(name)` puts it in `name`'s place (ADR 049).
 */
export const SHADOW_SUFFIX = '__rebuild';
export const shadowCollection = (name: string): string => `${name}${SHADOW_SUFFIX}`;

export interface IndexSpec {
  /** Dotted field paths; adapters create what suits them (btree on extracted text, GIN, ...). */
  fields: readonly string[];
  unique?: boolean;
  /**
   * 'substring': the (single, string) field is searched with `$regex` literals; PostgreSQL
   * builds a trigram index so such searches do not scan every document.
   */
  kind?: 'substring';
}

export interface CollectionOptions {
  /**
   * Also index the whole document for equality and `$in` on any field (PostgreSQL: a GIN index
   * over the jsonb). Every write pays for it: ask only when queries filter on fields that have
   * no index of their own.
   */
  documentIndex?: boolean;
}

/** A lease held across transactions (`ReadStore.tryLease`). */
export interface Lease {
  release(): Promise<void>;
}

export interface CheckpointState {
  position: Position;
  updatedAt: string;
  /**
   * How many times the read model was replaced by a rebuild (0 at first). Its documents may then
   * have changed at or before `position`: a copy kept elsewhere must be loaded again in full.
   */
  generation: number;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Creates the collection if needed, plus indexes. Idempotent. */
  ensureCollection(name: string, indexes?: readonly IndexSpec[], options?: CollectionOptions): Promise<void>;
  /** Removes every document of the collection (used by rebuilds and tests). */
  dropCollection(name: string): Promise<void>;
  /**
   * Removes the collection itself (documents, indexes, its table or collection), when it exists:
   * for scratch collections no one reads once their work ends (`replay --verify`). Idempotent.
   */
  removeCollection(name: string): Promise<void>;
  /**
   * Empties the collection and drops its secondary indexes, for a rebuild that writes every
   * document again: building an index once at the end is far cheaper than maintaining it on
   * every write. `ensureCollection` afterwards puts the indexes back (and checks uniqueness).
   */
  resetForRebuild(name: string): Promise<void>;
  transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R>;
  /**
   * Takes the lease `name` for as long as the caller holds it, across transactions, or answers
   * null at once when someone holds it (in any process). Released by `release()`, or when the
   * holder's process ends. Not the lease `ReadStoreTransaction.lock` takes: another name space.
   */
  tryLease(name: string): Promise<Lease | null>;
  getCheckpoint(projection: string): Promise<Position | null>;
  /** The checkpoint and when it last moved (ISO 8601, the store's clock): how long a read model has been still. */
  getCheckpointState(projection: string): Promise<CheckpointState | null>;
  close(): Promise<void>;
}

/** Escapes text for use as a literal inside `$regex`. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
