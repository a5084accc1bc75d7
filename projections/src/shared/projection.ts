import type { RecordedEvent } from '@hireloop/platform/event-store';
import { shadowCollection, type CollectionOptions, type IndexSpec, type ReadStoreTransaction } from '@hireloop/platform/read-store';

/**
 * A read model: the collections it owns and how each event changes them.
 * `version` is part of every physical collection name and of the checkpoint name, so changing
 * how a read model is built (bump the version) replays the log into fresh collections while
 * the old ones keep serving until the new code is deployed.
 */
export interface ProjectionDefinition {
  name: string;
  version: number;
  /** Only the indexes some query reads: each one slows every write of the collection. */
  collections: Record<string, { indexes?: readonly IndexSpec[] } & CollectionOptions>;
  /** Events of other types are skipped (the checkpoint still moves past them). */
  eventTypes: readonly string[];
  apply(event: RecordedEvent, tx: ProjectionTransaction): Promise<void>;
  /**
   * Optional: `apply` without a promise when it can (its reads answered from memory, a rebuild's
   * buffer): undefined once applied, else a promise of the rest, which the caller awaits. It must
   * do what `apply` does: a wrapper that replaces `apply` ({ ...projection, apply }) drops it too.
   */
  applyNow?(event: RecordedEvent, tx: ProjectionTransaction): Promise<void> | undefined;
  /**
   * Optional (ADR 092): reads, before a batch is applied, the documents `apply` will read for
   * `events`, a few statements for the whole batch rather than one per document. Only a guess:
   * what `apply` then reads comes from the batch's buffer, and whatever was not read ahead is read
   * as before.
   */
  prefetch?(events: readonly RecordedEvent[], tx: ProjectionTransaction): Promise<void>;
  /**
   * What happens to an event that still fails alone after the batch holding it was retried
   * (ADR 016). It is parked either way. 'stop' (the default): the read model stops before it,
   * visibly failing, until `hireloop projections retry`. 'skip': the read model moves past it and
   * goes on without it — only for read models that may miss an event for a while.
   */
  onPoison?: 'skip' | 'stop';
}

/** The transaction a projection writes through: logical collection names only. */
export interface ProjectionTransaction {
  collection: ReadStoreTransaction['collection'];
}

export const physicalCollection = (projection: Pick<ProjectionDefinition, 'version'>, collection: string) =>
  `${collection}_v${projection.version}`;

export const checkpointName = (projection: Pick<ProjectionDefinition, 'name' | 'version'>) => `${projection.name}_v${projection.version}`;

/** The checkpoint of the read model a rebuild builds aside (ADR 049). */
export const shadowCheckpointName = (projection: Pick<ProjectionDefinition, 'name' | 'version'>) => `${checkpointName(projection)}__rebuild`;

/**
 * Scopes a read-store transaction to one projection's versioned collections, or to their shadows
 * (`shadow`: a rebuild writing aside while the read model in use keeps serving, ADR 049).
 */
export const scopedTransaction = (projection: ProjectionDefinition, tx: ReadStoreTransaction, shadow = false): ProjectionTransaction => ({
  collection: (name) => {
    if (!(name in projection.collections)) throw new Error(`Projection ${projection.name} does not own collection ${name}`);
    const physical = physicalCollection(projection, name);
    return tx.collection(shadow ? shadowCollection(physical) : physical);
  },
});
