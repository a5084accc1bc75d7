import type { Position } from '@hireloop/platform/event-store';
import { redactText } from '@hireloop/platform/http/log-redaction';
import type { ReadStore } from '@hireloop/platform/read-store';

/**
 * What the runners record about failing read models (ADR 016), in the read store beside the
 * checkpoints so that every process — the one running the projections, `/healthz`, the CLI —
 * sees the same thing. Keyed by checkpoint name: each version of a read model has its own.
 */
export const PARKED_COLLECTION = 'projection_parked';
export const STATUS_COLLECTION = 'projection_status';

export type ProjectionStatus = 'running' | 'retrying' | 'stopped';

/** An event a projection could not apply, even alone, after its batch was retried. */
export interface ParkedEvent {
  _id: string;
  projection: string;
  version: number;
  /** The checkpoint name (`name_vN`). */
  checkpoint: string;
  position: Position;
  eventId: string;
  eventType: string;
  streamId: string;
  streamVersion: number;
  /** The last error's message: no stack, secrets in URLs redacted. */
  error: string;
  /** Tries so far: the batch's, then the event's alone, then each retry's. */
  attempts: number;
  parkedAt: string;
  /** onPoison 'stop': the read model waits before this event until it is retried. */
  blocking: boolean;
  [field: string]: unknown;
}

/** The state of a projection as its runner last recorded it (written when it changes). */
export interface StatusRecord {
  _id: string;
  projection: string;
  version: number;
  status: ProjectionStatus;
  lastError: string | null;
  attempts: number;
  updatedAt: string;
  [field: string]: unknown;
}

export const parkedId = (checkpoint: string, position: Position) => `${checkpoint}@${position}`;

export async function ensureFailureCollections(readStore: ReadStore): Promise<void> {
  await readStore.ensureCollection(PARKED_COLLECTION, [{ fields: ['checkpoint'] }]);
  await readStore.ensureCollection(STATUS_COLLECTION);
}

export const parkedEvents = (readStore: ReadStore, checkpoint: string): Promise<ParkedEvent[]> =>
  readStore.collection<ParkedEvent>(PARKED_COLLECTION).find({ checkpoint }, { sort: { position: 1 } });

export const parkedCount = (readStore: ReadStore, checkpoint: string): Promise<number> =>
  readStore.collection<ParkedEvent>(PARKED_COLLECTION).count({ checkpoint });

/** The parked event a 'stop' read model waits before, if any. */
export const blockingParked = (readStore: ReadStore, checkpoint: string): Promise<ParkedEvent | null> =>
  readStore.collection<ParkedEvent>(PARKED_COLLECTION).findOne({ checkpoint, blocking: true });

const MAX_ERROR_LENGTH = 500;

/** An error as health reports show it: the message only, URLs' secrets redacted, bounded. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const text = redactText(message || (error instanceof Error ? error.name : 'Unknown error'));
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
