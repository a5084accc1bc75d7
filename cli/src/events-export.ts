import { decodePosition, type EventStore, type Position, type RecordedEvent } from '@hireloop/platform/event-store';
import { UsageError } from './args';

/**
 * `hireloop events`: the log as NDJSON for analysts (ADR 078),
 * with filters applied as the log is read, a progress line on a terminal, and `--follow` to keep
 * printing what is appended after the end was reached.
 */

/** What an analyst narrows the export to, besides event types (which the store filters itself). */
export interface EventFilter {
  /** Stream categories: a stream `job-<id>` is of category `job`; `candidate-contact` matches `candidate-contact-<id>`. */
  categories: readonly string[];
  /** Events that occurred at or after this time (the event's `occurredAt`). */
  since: Date | null;
  /** Events that occurred before this time. */
  until: Date | null;
  /** A user id, or `system`. */
  actor: string | null;
  correlationId: string | null;
}

export const NO_FILTER: EventFilter = { categories: [], since: null, until: null, actor: null, correlationId: null };

const CATEGORY = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;

/** `--since`/`--until`: an ISO 8601 date or time (`2026-11-01`, `2026-11-01T09:30:00Z`). */
export function timeArg(flag: string, value: string | undefined, command = 'events'): Date | null {
  if (value === undefined) return null;
  const time = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim()) ? new Date(value.trim()) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime())) throw new UsageError(`${command}: ${flag} must be a date or time such as 2026-11-01 or 2026-11-01T09:30:00Z, not ${JSON.stringify(value)}`);
  return time;
}

/** The filter of the command line's flags, checked. */
export function eventFilterOf(flags: { category?: string[]; since?: string; until?: string; actor?: string; correlation?: string }): EventFilter {
  const categories = (flags.category ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  for (const category of categories) {
    if (!CATEGORY.test(category)) throw new UsageError(`events: --category takes a stream category such as job or candidate-contact, not ${JSON.stringify(category)}`);
  }
  const since = timeArg('--since', flags.since);
  const until = timeArg('--until', flags.until);
  if (since && until && since >= until) throw new UsageError('events: --since must be before --until');
  return { categories, since, until, actor: flags.actor?.trim() || null, correlationId: flags.correlation?.trim() || null };
}

const actorOf = (event: RecordedEvent): string => (event.metadata.actor === 'system' ? 'system' : event.metadata.actor.userId);

export function matchesEventFilter(event: RecordedEvent, filter: EventFilter): boolean {
  if (filter.categories.length > 0 && !filter.categories.some((category) => event.streamId.startsWith(`${category}-`))) return false;
  if (filter.actor !== null && actorOf(event) !== filter.actor) return false;
  if (filter.correlationId !== null && event.metadata.correlationId !== filter.correlationId) return false;
  if (filter.since || filter.until) {
    const occurredAt = new Date(event.metadata.occurredAt);
    if (filter.since && occurredAt < filter.since) return false;
    if (filter.until && occurredAt >= filter.until) return false;
  }
  return true;
}

export interface ExportProgress {
  read: number;
  written: number;
  /** 0–1 through the log as it stood when the export began, when positions say so. */
  fraction: number | null;
  eventsPerSecond: number;
}

export interface ExportOptions {
  from: Position;
  eventTypes?: readonly string[];
  filter?: EventFilter;
  /** Keep printing new events once the end is reached, until `signal` aborts. */
  follow?: boolean;
  signal?: AbortSignal;
  write: (line: string) => void;
  /** Called after every batch (a terminal's progress line). */
  progress?: (progress: ExportProgress) => void;
  batchSize?: number;
  now?: () => number;
}

/** How far `position` is between `first` and `head`, for logs whose positions grow with the log. */
function fractionThrough(first: Position | null, position: Position, head: Position): number | null {
  if (first === null) return null;
  try {
    const [a, b, c] = [decodePosition(first).major, decodePosition(position).major, decodePosition(head).major];
    if (c <= a) return 1;
    return Math.min(1, Math.max(0, Number(b - a) / Number(c - a)));
  } catch {
    return null;
  }
}

/**
 * Writes every event after `from` that passes the filters as one JSON line, then, with `follow`,
 * the new ones as they are appended. Resolves with the position after the last event read.
 */
export async function exportEvents(source: Pick<EventStore, 'readAll' | 'headPosition' | 'subscribe'>, options: ExportOptions): Promise<{ position: Position; read: number; written: number }> {
  const filter = options.filter ?? NO_FILTER;
  const now = options.now ?? Date.now;
  const typeFilter = options.eventTypes?.length ? { eventTypes: options.eventTypes } : {};
  const head = await source.headPosition();
  const startedAt = now();
  let position = options.from;
  let first: Position | null = null;
  let read = 0;
  let written = 0;
  const take = (events: readonly RecordedEvent[]) => {
    for (const event of events) {
      read++;
      if (!matchesEventFilter(event, filter)) continue;
      options.write(`${JSON.stringify(event)}\n`);
      written++;
    }
  };
  const report = () =>
    options.progress?.({ read, written, fraction: fractionThrough(first, position, head), eventsPerSecond: read / Math.max(0.001, (now() - startedAt) / 1000) });

  while (!options.signal?.aborted) {
    const { events, nextPosition } = await source.readAll(position, { batchSize: options.batchSize ?? 1000, ...typeFilter });
    // The type filter is applied by the store: an empty batch means nothing more matches for now.
    if (events.length === 0) break;
    first ??= events[0]!.position;
    take(events);
    position = nextPosition;
    report();
  }
  if (!options.follow || options.signal?.aborted) return { position, read, written };

  // Following: the subscription delivers what is appended from here on, in log order.
  await new Promise<void>((resolve, reject) => {
    const subscription = source.subscribe(
      position,
      async (events, nextPosition) => {
        take(events);
        position = nextPosition;
      },
      { ...typeFilter, onError: reject },
    );
    const stop = () => void subscription.stop().then(resolve, reject);
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener('abort', stop, { once: true });
  });
  return { position, read, written };
}

/** `[#######-------]  52%  120,000 read, 3,210 written, 48,000 events/s` for a terminal. */
export function progressLine({ read, written, fraction, eventsPerSecond }: ExportProgress, width = 24): string {
  const count = (n: number) => Math.round(n).toLocaleString('en-US');
  const bar = fraction === null ? '' : `[${'#'.repeat(Math.round(fraction * width)).padEnd(width, '-')}] ${String(Math.round(fraction * 100)).padStart(3)}%  `;
  return `${bar}${count(read)} read, ${count(written)} written, ${count(eventsPerSecond)} events/s`;
}
