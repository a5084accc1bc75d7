import type { RecordedEvent } from '@hireloop/platform/event-store';
import type { Doc, Filter } from '@hireloop/platform/read-store';
import type { z } from 'zod';
import type { ProjectionDefinition, ProjectionTransaction } from './projection';
import { collectionNow } from './rebuild-buffer';
import { equalityOf } from './write-buffer';

/**
 * Read models as pure functions (ADR 055). A projection says, per collection it owns, which
 * documents an event touches (ids taken from the event, or a filter for a fan-out such as every
 * row of an erased person) and how a document evolves: `evolve(doc | null, event) => doc | null`,
 * with a `switch` over the typed event union that ends in `unhandled(event)`. The adapter here
 * does the I/O: it parses the event once with its schema, loads the documents, calls evolve and
 * writes what changed, through the runner's transaction (and so its batch write buffer).
 */

/** The schema each event type a read model follows is parsed with (often the contracts' own). */
export type EventSchemaMap = Readonly<Record<string, z.ZodType>>;

/** A recorded event whose data has been parsed: one member per event type of `Schemas`, narrowed by `type`. */
export type ProjectedEvent<Schemas extends EventSchemaMap> = {
  [Type in keyof Schemas & string]: Omit<RecordedEvent, 'type' | 'data'> & { type: Type; data: z.output<Schemas[Type]> };
}[keyof Schemas & string];

/**
 * The documents of a collection an event changes: an id, several, every document a filter
 * matches, or none (null).
 */
export type Touched = string | readonly string[] | { where: Filter } | null;

/** Documents read before any slice writes (other collections' documents an evolve needs): by ids or by a filter. */
export type Lookup = { collection: string; ids: readonly string[] } | { collection: string; where: Filter };

/** What the lookups found, by name: the documents as they were before the event. */
export type Context = Record<string, readonly Doc[]>;

/** Where an evolve is called: the id of the document (also when there is none yet) and the lookups' documents. */
export interface EvolveAt<Ctx extends Context> {
  id: string;
  context: Ctx;
}

/** One collection of a read model: which documents an event touches, and how each evolves. */
export interface SliceDefinition<Event, D extends Doc, Ctx extends Context> {
  documents(event: Event, context: Ctx): Touched;
  /**
   * Pure. The document after the event: null when there is none (never made, or deleted now);
   * `doc` itself (the same object) when the event leaves it as it is, and nothing is written.
   */
  evolve(doc: D | null, event: Event, at: EvolveAt<Ctx>): D | null;
}

/** A slice with its document type erased, so that one read model can hold slices of several collections. */
export interface Slice<Event, Ctx extends Context> {
  collection: string;
  /** The documents `apply` will read for this event (the definition's `documents`). */
  documents(event: Event, context: Ctx): Touched;
  apply(tx: ProjectionTransaction, event: Event, context: Ctx): Promise<void>;
  /**
   * The same as `apply` without a promise, when the collection answers from memory (a rebuild's
   * buffer, `CollectionNow`): false, having read and written nothing, when memory cannot tell.
   */
  applyNow(tx: ProjectionTransaction, event: Event, context: Ctx): boolean;
}

/** Makes a `switch` over an event union exhaustive: a type added to the schemas and not handled fails to compile. */
export const unhandled = (event: never): never => {
  throw new Error(`Unhandled event: ${JSON.stringify(event)}`);
};

const idsOf = (touched: Touched): readonly string[] | { where: Filter } => {
  if (touched === null) return [];
  if (typeof touched === 'string') return [touched];
  if ('where' in touched) return touched;
  return [...new Set(touched)];
};

/** One collection's slice of a read model (see `SliceDefinition`). */
export function slice<Event, D extends Doc, Ctx extends Context = Context>(collection: string, definition: SliceDefinition<Event, D, Ctx>): Slice<Event, Ctx> {
  return {
    collection,
    documents: (event, context) => definition.documents(event, context),
    applyNow(tx, event, context) {
      const documents = collectionNow(tx.collection<D>(collection));
      if (!documents) return false;
      const touched = idsOf(definition.documents(event, context));
      let current: Array<[string, D | null]>;
      if ('where' in touched) {
        const found = documents.find(touched.where);
        if (found === undefined) return false;
        current = found.map((doc) => [doc._id, doc]);
      } else {
        current = [];
        for (const id of touched) {
          const doc = documents.get(id);
          if (doc === undefined) return false;
          current.push([id, doc]);
        }
      }
      for (const [id, doc] of current) {
        const next = definition.evolve(doc, event, { id, context });
        if (next === doc) continue;
        if (next === null) documents.delete(id);
        else documents.put(next);
      }
      return true;
    },
    async apply(tx, event, context) {
      const documents = tx.collection<D>(collection);
      const touched = idsOf(definition.documents(event, context));
      const current: Array<[string, D | null]> =
        'where' in touched
          ? (await documents.find(touched.where)).map((doc) => [doc._id, doc])
          : await Promise.all(touched.map(async (id): Promise<[string, D | null]> => [id, await documents.get(id)]));
      for (const [id, doc] of current) {
        const next = definition.evolve(doc, event, { id, context });
        if (next === doc) continue;
        if (next === null) await documents.delete(id);
        else await documents.put(next);
      }
    },
  };
}

/**
 * Parsed data by schema and by recorded event, shared by every read model. The runner hands the
 * same recorded objects to all of them (`applyBatchTogether`), and a JobPosted reaches nine, most
 * with the contracts' own schema: each parsed it again (ADR 114, 123). Evolves are pure (ADR 055)
 * and never change the event they are given, so one parsed value serves them all.
 */
const parsedData = new WeakMap<z.ZodType, WeakMap<RecordedEvent, unknown>>();

const parseData = (schema: z.ZodType, recorded: RecordedEvent): unknown => {
  let bySchema = parsedData.get(schema);
  if (!bySchema) parsedData.set(schema, (bySchema = new WeakMap()));
  if (bySchema.has(recorded)) return bySchema.get(recorded);
  const data = schema.parse(recorded.data);
  bySchema.set(recorded, data);
  return data;
};

/** A read model written as slices: `ProjectionDefinition` (what the runner runs) without `apply` and `eventTypes`, plus the parts above. */
export interface EvolvingProjection<Schemas extends EventSchemaMap, Ctx extends Context> extends Omit<ProjectionDefinition, 'apply' | 'eventTypes'> {
  /** The event types it follows and the schema each one's data is parsed with, once, before any evolve sees it. */
  schemas: Schemas;
  /** Documents of its collections read before the event changes any (for evolves that need another collection's document). */
  lookups?(event: ProjectedEvent<Schemas>): { [Name in keyof Ctx]: Lookup | null };
  /** Applied in this order; every slice sees the lookups as they were before the event. */
  slices: ReadonlyArray<Slice<ProjectedEvent<Schemas>, Ctx>>;
}

/** The `ProjectionDefinition` the runner runs, made from a read model's slices: the I/O around its pure evolves. */
export function evolvingProjection<Schemas extends EventSchemaMap, Ctx extends Context = Context>(
  definition: EvolvingProjection<Schemas, Ctx>,
): ProjectionDefinition {
  const { schemas, lookups, slices, ...projection } = definition;
  const schemaOf = (type: string): z.ZodType | undefined => (Object.hasOwn(schemas, type) ? schemas[type] : undefined);
  // An event is parsed once for `prefetch` and `apply` both (the same recorded object reaches both).
  const parsedEvents = new WeakMap<RecordedEvent, ProjectedEvent<Schemas>>();
  const parseOnce = (recorded: RecordedEvent): ProjectedEvent<Schemas> => {
    const schema = schemaOf(recorded.type);
    if (!schema) throw new Error(`Projection ${projection.name} has no schema for ${recorded.type}`);
    // The union member of `recorded.type`: its data is what that type's schema parsed.
    return { ...recorded, data: parseData(schema, recorded) } as ProjectedEvent<Schemas>;
  };
  const parse = (recorded: RecordedEvent): ProjectedEvent<Schemas> => {
    const known = parsedEvents.get(recorded);
    if (known) return known;
    const event = parseOnce(recorded);
    parsedEvents.set(recorded, event);
    return event;
  };
  /** The lookups' documents by id, as `apply` reads them (from the store, or what a prefetch left in the batch's buffer). */
  const contextOf = async (event: ProjectedEvent<Schemas>, tx: ProjectionTransaction, byFilter: (documents: ReturnType<ProjectionTransaction['collection']>, where: Filter) => Promise<Doc[]>) => {
    const context: Context = {};
    const asked: Record<string, Lookup | null> = lookups?.(event) ?? {};
    for (const [name, lookup] of Object.entries(asked)) {
      const documents = lookup && tx.collection(lookup.collection);
      if (!lookup || !documents) context[name] = [];
      else if ('where' in lookup) context[name] = await byFilter(documents, lookup.where);
      else context[name] = (await Promise.all(lookup.ids.map((id) => documents.get(id)))).filter((doc): doc is Doc => doc !== null);
    }
    // Every name `lookups` returns is in the context: what it found, or nothing when it asked for nothing (null).
    return context as Ctx;
  };
  /** `contextOf` from memory only (`CollectionNow`); undefined when some lookup cannot be answered so. */
  const contextNow = (event: ProjectedEvent<Schemas>, tx: ProjectionTransaction): Ctx | undefined => {
    const context: Context = {};
    const asked: Record<string, Lookup | null> = lookups?.(event) ?? {};
    for (const [name, lookup] of Object.entries(asked)) {
      if (!lookup) {
        context[name] = [];
        continue;
      }
      const documents = collectionNow(tx.collection(lookup.collection));
      if (!documents) return undefined;
      if ('where' in lookup) {
        const found = documents.find(lookup.where);
        if (found === undefined) return undefined;
        context[name] = found;
      } else {
        const found: Doc[] = [];
        for (const id of lookup.ids) {
          const doc = documents.get(id);
          if (doc === undefined) return undefined;
          if (doc !== null) found.push(doc);
        }
        context[name] = found;
      }
    }
    return context as Ctx;
  };
  /** The slices from `next` on, the asynchronous way (reads that may ask the store). */
  const applyRest = async (event: ProjectedEvent<Schemas>, tx: ProjectionTransaction, known: Ctx | undefined, next: number) => {
    const context = known ?? (await contextOf(event, tx, (documents, where) => documents.find(where)));
    for (const part of slices.slice(next)) await part.apply(tx, event, context);
  };
  // From memory without a promise while it can (a rebuild), else the asynchronous way: same reads, same order.
  const applyNow = (recorded: RecordedEvent, tx: ProjectionTransaction): Promise<void> | undefined => {
    // Only `prefetch` (the live path) keeps what it parsed for `apply`: an event is applied once,
    // and a rebuild, which prefetches nothing, would fill the WeakMap for nothing (ADR 125).
    const event = parsedEvents.get(recorded) ?? parseOnce(recorded);
    const known = contextNow(event, tx);
    let next = 0;
    if (known) while (next < slices.length && slices[next]!.applyNow(tx, event, known)) next++;
    return known && next === slices.length ? undefined : applyRest(event, tx, known, next);
  };
  return {
    ...projection,
    eventTypes: Object.keys(schemas),
    async prefetch(recorded, tx) {
      const events: Array<ProjectedEvent<Schemas>> = [];
      for (const one of recorded) {
        try {
          events.push(parse(one));
        } catch {
          // `apply` reports it.
        }
      }
      // First the documents the lookups name, then the ones the slices touch, which may depend on them.
      const looked = new ReadAhead();
      for (const event of events) {
        for (const lookup of Object.values<Lookup | null>(safely(() => lookups?.(event) ?? {}, {}))) {
          if (lookup) looked.add(lookup.collection, 'ids' in lookup ? lookup.ids : { where: lookup.where });
        }
      }
      await looked.read(tx);
      const touched = new ReadAhead();
      for (const event of events) {
        // A lookup by a filter that was not read ahead is taken as finding nothing here: it is only a guess.
        const context = await contextOf(event, tx, async (documents, where) => (equalityOf(where) ? documents.find(where) : []));
        for (const part of slices) touched.add(part.collection, safely(() => idsOf(part.documents(event, context)), []));
      }
      await touched.read(tx);
    },
    async apply(recorded, tx) {
      await applyNow(recorded, tx);
    },
    applyNow,
  };
}

/** A projection's own code run only to guess what it will read: a throw means no guess, and `apply` meets it again. */
function safely<T>(guess: () => T, otherwise: T): T {
  try {
    return guess();
  } catch {
    return otherwise;
  }
}

/** What a batch's events will read, by collection: ids, and values of one field that fan-outs filter on (`{ jobId: … }`). */
class ReadAhead {
  private readonly ids = new Map<string, Set<string>>();
  private readonly values = new Map<string, Map<string, Set<string>>>();

  add(collection: string, touched: readonly string[] | { where: Filter }) {
    if (!('where' in touched)) {
      let ids = this.ids.get(collection);
      if (!ids) this.ids.set(collection, (ids = new Set()));
      for (const id of touched) ids.add(id);
      return;
    }
    const equality = equalityOf(touched.where);
    if (!equality) return;
    let fields = this.values.get(collection);
    if (!fields) this.values.set(collection, (fields = new Map()));
    let values = fields.get(equality.field);
    if (!values) fields.set(equality.field, (values = new Set()));
    values.add(equality.value);
  }

  /** One statement per collection and field, side by side (they queue on the transaction's connection back to back). */
  async read(tx: ProjectionTransaction) {
    await Promise.all([
      ...[...this.ids].map(([collection, ids]) => tx.collection(collection).getMany?.([...ids])),
      ...[...this.values].flatMap(([collection, fields]) => [...fields].map(([field, values]) => tx.collection(collection).readAhead?.(field, [...values]))),
    ]);
  }
}
