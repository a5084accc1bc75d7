import { START, comparePositions, type EventStore, type Position } from '@hireloop/platform/event-store';
import type { ReadStore } from '@hireloop/platform/read-store';
import { parkedCount, STATUS_COLLECTION, type ProjectionStatus, type StatusRecord } from './failures';
import { STALE_AFTER_MS, type LiveStatus, type ProjectionDaemon } from './runner';
import { checkpointName, type ProjectionDefinition } from './shared/projection';

/** One read model as `/healthz` and `hireloop projections` show it. */
export interface ProjectionHealth {
  name: string;
  version: number;
  status: ProjectionStatus;
  checkpoint: Position | null;
  /** The last visible event of the log. */
  head: Position;
  /**
   * The checkpoint has reached the head. A read model also looks behind while the newest events
   * are of types it does not handle: `lastBatchAt` tells whether it is still moving.
   */
  caughtUp: boolean;
  /** When its checkpoint last moved (ISO 8601). */
  lastBatchAt: string | null;
  /** The last error's message (no stack, URLs' secrets redacted). */
  lastError: string | null;
  /** Failed tries of the batch it is stuck at. */
  attempts: number;
  parked: number;
  /**
   * When its runner last said how it is (ISO 8601): now for this process's own daemon, else its
   * status record, which a live runner writes again every few seconds (ADR 050).
   */
  lastHeardAt: string | null;
  /**
   * Its runner has not been heard from for STALE_AFTER_MS: no process runs it, or its process
   * cannot reach the database. `status` is then only what it last said.
   */
  stale: boolean;
}

export interface HealthSources {
  eventStore: EventStore;
  readStore: ReadStore;
  /** The process's own daemon: its state in memory is the freshest. */
  daemon?: ProjectionDaemon;
  /** Without a daemon: these read models, with the state their runner last recorded. */
  projections?: readonly ProjectionDefinition[];
  now?: Date;
}

/** A few index lookups per read model and one for the head of the log: cheap enough to poll. */
export async function projectionHealth({ eventStore, readStore, daemon, projections = [], now = new Date() }: HealthSources): Promise<ProjectionHealth[]> {
  const head = await eventStore.headPosition();
  const subjects: Array<Pick<LiveStatus, 'name' | 'version'> & { live?: LiveStatus }> = daemon
    ? daemon.status().map((live) => ({ name: live.name, version: live.version, live }))
    : projections.map(({ name, version }) => ({ name, version }));
  const report: ProjectionHealth[] = [];
  // One read model after the other: a health probe should not take most of the pool.
  for (const { name, version, live } of subjects) {
    const checkpoint = checkpointName({ name, version });
    const [state, parked, recorded] = await Promise.all([
      readStore.getCheckpointState(checkpoint),
      parkedCount(readStore, checkpoint),
      live ? null : readStore.collection<StatusRecord>(STATUS_COLLECTION).get(checkpoint),
    ]);
    const position = state?.position ?? null;
    const lastHeardAt = live ? now.toISOString() : (recorded?.updatedAt ?? null);
    report.push({
      name,
      version,
      status: live?.status ?? recorded?.status ?? 'running',
      checkpoint: position,
      head,
      caughtUp: comparePositions(position ?? '', head) >= 0,
      lastBatchAt: state?.updatedAt ?? null,
      lastError: live ? live.lastError : (recorded?.lastError ?? null),
      attempts: live?.attempts ?? recorded?.attempts ?? 0,
      parked,
      lastHeardAt,
      stale: lastHeardAt === null || now.getTime() - Date.parse(lastHeardAt) > STALE_AFTER_MS,
    });
  }
  return report;
}

/** `projectionLag` counts at most this many events behind a read model's checkpoint. */
export const LAG_COUNT_LIMIT = 10_000;

export interface ProjectionLag {
  /** Events of the read model's types after its checkpoint (up to LAG_COUNT_LIMIT). */
  lagEvents: number;
  /** More than LAG_COUNT_LIMIT: counting stopped there. */
  lagEventsAtLeast: boolean;
  /** How long the oldest event it has not applied has waited (seconds; 0 when none). */
  lagSeconds: number;
}

/**
 * How far behind the log a read model is, in events and in seconds (the admin Projections page,
 * ADR 087): read from its checkpoint, only its own event types, so a read model whose newest
 * events are of other types shows no lag. A caught-up row costs no read.
 */
export async function projectionLag(eventStore: EventStore, row: Pick<ProjectionHealth, 'checkpoint' | 'caughtUp'>, eventTypes: readonly string[] | undefined, now = new Date()): Promise<ProjectionLag> {
  if (row.caughtUp) return { lagEvents: 0, lagEventsAtLeast: false, lagSeconds: 0 };
  const { events } = await eventStore.readAll(row.checkpoint ?? START, { batchSize: LAG_COUNT_LIMIT + 1, eventTypes });
  const oldest = events[0];
  return {
    lagEvents: Math.min(events.length, LAG_COUNT_LIMIT),
    lagEventsAtLeast: events.length > LAG_COUNT_LIMIT,
    lagSeconds: oldest ? Math.max(0, (now.getTime() - Date.parse(oldest.metadata.occurredAt)) / 1000) : 0,
  };
}
