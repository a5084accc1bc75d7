import { START, comparePositions, type EventStore, type Position } from '@hireloop/platform/event-store';
import { compareCodePoints, type Doc, type ReadStore, type ReadStoreTransaction } from '@hireloop/platform/read-store';
import { ensureFailureCollections, PARKED_COLLECTION, type ParkedEvent } from './failures';
import { checkpointName, physicalCollection, type ProjectionDefinition, type ProjectionTransaction } from './shared/projection';
import { bufferedTransaction } from './shared/write-buffer';

/**
 * `hireloop replay <read-model> --verify` (ADR 087): rebuilds a read model from zero into scratch
 * collections that are never switched in, up to the live read model's checkpoint, and compares
 * the two document by document.
 *
 * Exact, not approximate: the scratch copy is built with the projection's own code, through the
 * same write buffer and the same read-store adapter as the live one, and it stops at the very
 * position the live read model stands at. The last stretch and the comparison run in ONE
 * transaction holding the projection's lease (the runner's batches take it too): the live read
 * model cannot move while it is read. Its queries go on meanwhile; its runner waits for the
 * comparison (a few seconds per 100,000 documents).
 *
 * No field is ignored: projections take every value from their events (no clock, no randomness).
 * Events a 'skip' read model parked are left out of the scratch copy as well (the live one never
 * applied them); they are listed in `skipped`.
 */

/** Scratch collections are named after the live ones with this suffix. */
export const VERIFY_SUFFIX = '__verify';
export const verifyCollection = (physical: string) => `${physical}${VERIFY_SUFFIX}`;

export interface VerifyDifference {
  /** The projection's (logical) collection name, e.g. `jobs`. */
  collection: string;
  id: string;
  /** Top-level fields whose values differ (`different` only). */
  fields?: string[];
  /** The live document (absent for `missing`). */
  live?: Doc;
  /** The rebuilt document (absent for `extra`). */
  rebuilt?: Doc;
}

export interface VerifyResult {
  projection: string;
  /** The live checkpoint both sides were compared at. */
  position: Position;
  /** Events the rebuild applied. */
  events: number;
  /** Distinct document ids compared (live ∪ rebuilt). */
  compared: number;
  /** In the rebuild, not in the live read model. */
  missing: VerifyDifference[];
  /** In the live read model, not in the rebuild. */
  extra: VerifyDifference[];
  /** In both, with other values. */
  different: VerifyDifference[];
  /** All of them, also those beyond `limit` that the lists leave out. */
  counts: { missing: number; extra: number; different: number };
  /** Positions of events the live read model parked and skipped (left out of the rebuild too). */
  skipped: Position[];
  /** No difference. */
  ok: boolean;
}

export interface VerifyProgress {
  phase: 'rebuild' | 'compare';
  events: number;
  position: Position;
  compared: number;
}

export interface VerifyOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projection: ProjectionDefinition;
  /** Events per read of the log (default 1000); documents per page of the comparison. */
  batchSize?: number;
  /** How many differences of each kind the lists keep (default 100); the counts count all. */
  limit?: number;
  onProgress?: (progress: VerifyProgress) => void;
}

/** A verify of this read model is running already (its lease is held). */
export class VerifyInProgressError extends Error {
  override readonly name = 'VerifyInProgressError';
}

/** JSON with object keys sorted: two documents that mean the same compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => compareCodePoints(a, b)));
    }
    return inner;
  });
}

/** The top-level fields whose values differ (JSON semantics: an undefined field is no field). */
export function differentFields(live: Doc, rebuilt: Doc): string[] {
  const a = JSON.parse(JSON.stringify(live)) as Record<string, unknown>;
  const b = JSON.parse(JSON.stringify(rebuilt)) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return fields.filter((field) => canonicalJson(a[field]) !== canonicalJson(b[field]));
}

export async function verifyReadModel(options: VerifyOptions): Promise<VerifyResult> {
  const { readStore, projection } = options;
  const live = checkpointName(projection);
  const lease = await readStore.tryLease(`verify.${live}`);
  if (!lease) throw new VerifyInProgressError(`A verify of ${projection.name} is already running (in this or another process): let it finish, then run this again.`);
  try {
    return await verifyHoldingLease(options);
  } finally {
    await lease.release();
  }
}

async function verifyHoldingLease({ eventStore, readStore, projection, batchSize = 1000, limit = 100, onProgress }: VerifyOptions): Promise<VerifyResult> {
  const collections: ScratchCollection[] = Object.entries(projection.collections).map(([name, spec]) => ({
    name,
    spec,
    physical: physicalCollection(projection, name),
    scratch: verifyCollection(physicalCollection(projection, name)),
  }));
  await ensureFailureCollections(readStore);
  try {
    for (const { physical, scratch, spec } of collections) {
      await readStore.ensureCollection(physical, spec.indexes ?? [], { documentIndex: spec.documentIndex });
      // A fresh scratch table (one left by a verify that was killed goes first), with indexes as the
      // live ones: a projection's reads (and unique indexes) behave the same.
      await readStore.removeCollection(scratch);
      await readStore.ensureCollection(scratch, spec.indexes ?? [], { documentIndex: spec.documentIndex });
    }
    return await verifyIntoScratch({ eventStore, readStore, projection, batchSize, limit, onProgress }, collections);
  } finally {
    // The scratch copy is of no use afterwards, whether the verify ended or failed: its tables go.
    for (const { scratch } of collections) await readStore.removeCollection(scratch).catch(() => undefined);
  }
}

type ScratchCollection = { name: string; spec: ProjectionDefinition['collections'][string]; physical: string; scratch: string };

async function verifyIntoScratch(
  { eventStore, readStore, projection, batchSize, limit, onProgress }: Required<Pick<VerifyOptions, 'eventStore' | 'readStore' | 'projection' | 'batchSize' | 'limit'>> & Pick<VerifyOptions, 'onProgress'>,
  collections: readonly ScratchCollection[],
): Promise<VerifyResult> {
  const live = checkpointName(projection);
  const relevant = new Set(projection.eventTypes);

  const scoped = (tx: ReadStoreTransaction): ProjectionTransaction => ({
    collection: (name) => {
      const entry = collections.find((collection) => collection.name === name);
      if (!entry) throw new Error(`Projection ${projection.name} does not own collection ${name}`);
      return tx.collection(entry.scratch);
    },
  });
  let skipped = new Set<Position>();
  let events = 0;
  /** Applies one read of the log after `from` (its events up to `until` included) in `tx`; returns where it got. */
  const step = async (tx: ReadStoreTransaction, from: Position, until: Position): Promise<Position> => {
    const read = await eventStore.readAll(from, { batchSize, eventTypes: projection.eventTypes });
    const buffered = bufferedTransaction(tx);
    const target = scoped(buffered.tx);
    for (const event of read.events) {
      if (comparePositions(event.position, until) > 0) break;
      if (!relevant.has(event.type) || skipped.has(event.position)) continue;
      await projection.apply(event, target);
      events++;
    }
    await buffered.flush();
    // An empty read: nothing more up to `until` (a checkpoint is a head of the log seen earlier).
    const next = read.events.length === 0 || comparePositions(read.nextPosition, until) >= 0 ? until : read.nextPosition;
    onProgress?.({ phase: 'rebuild', events, position: next, compared: 0 });
    return next;
  };
  const parkedSkips = async (tx: ReadStoreTransaction) =>
    new Set(
      (await tx.collection<ParkedEvent>(PARKED_COLLECTION).find({ checkpoint: live })).filter((parked) => !parked.blocking).map((parked) => parked.position),
    );

  // Most of the way without holding the live read model back: up to where it stood at the start,
  // one transaction per batch.
  let position: Position = START;
  const first = (await readStore.getCheckpoint(live)) ?? START;
  skipped = await readStore.transaction(parkedSkips);
  while (comparePositions(position, first) < 0) {
    const from = position;
    position = await readStore.transaction((tx) => step(tx, from, first));
  }

  // The rest, and the comparison, under the projection's lease: the live read model stands still.
  return readStore.transaction(async (tx) => {
    await tx.lock(live);
    const at = (await tx.getCheckpoint(live)) ?? START;
    // Parked meanwhile? Read again under the lease (a skipped event later than `position` only).
    skipped = await parkedSkips(tx);
    while (comparePositions(position, at) < 0) position = await step(tx, position, at);
    onProgress?.({ phase: 'compare', events, position: at, compared: 0 });

    const result: VerifyResult = {
      projection: projection.name,
      position: at,
      events,
      compared: 0,
      missing: [],
      extra: [],
      different: [],
      counts: { missing: 0, extra: 0, different: 0 },
      skipped: [...skipped].sort(comparePositions),
      ok: true,
    };
    const note = (kind: 'missing' | 'extra' | 'different', difference: VerifyDifference) => {
      result.counts[kind]++;
      if (result[kind].length < limit) result[kind].push(difference);
    };
    for (const { name, physical, scratch } of collections) {
      const liveDocs = pages(tx, physical, batchSize);
      const rebuiltDocs = pages(tx, scratch, batchSize);
      let a = await liveDocs.next();
      let b = await rebuiltDocs.next();
      while (!a.done || !b.done) {
        const order = a.done ? 1 : b.done ? -1 : compareIds(a.value._id, b.value._id);
        if (order < 0) {
          note('extra', { collection: name, id: a.value!._id, live: a.value! });
          a = await liveDocs.next();
        } else if (order > 0) {
          note('missing', { collection: name, id: b.value!._id, rebuilt: b.value! });
          b = await rebuiltDocs.next();
        } else {
          const fields = differentFields(a.value!, b.value!);
          if (fields.length > 0) note('different', { collection: name, id: a.value!._id, fields, live: a.value!, rebuilt: b.value! });
          a = await liveDocs.next();
          b = await rebuiltDocs.next();
        }
        result.compared++;
        if (result.compared % 10_000 === 0) onProgress?.({ phase: 'compare', events, position: at, compared: result.compared });
      }
    }
    result.ok = result.counts.missing + result.counts.extra + result.counts.different === 0;
    return result;
  });
}

/** Code point order, as the read stores sort `_id`. */
const compareIds = compareCodePoints;

/** A collection's documents in `_id` order, page by page (keyset paging: each page is one index range). */
async function* pages(tx: ReadStoreTransaction, collection: string, size: number): AsyncGenerator<Doc> {
  let after: string | null = null;
  for (;;) {
    const page: Doc[] = await tx.collection(collection).find(after === null ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: size });
    for (const doc of page) yield doc;
    if (page.length < size) return;
    after = page[page.length - 1]!._id;
  }
}
