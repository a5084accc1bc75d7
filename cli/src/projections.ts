import type { EventStore } from '@hireloop/platform/event-store';
import { CollectionNotFoundError, type ReadStore } from '@hireloop/platform/read-store';
import { ensureFailureCollections } from '@hireloop/projections/failures';
import { projectionHealth, type ProjectionHealth } from '@hireloop/projections/health';
import { ProjectionRunner, STALE_AFTER_MS, type RebuildProgress, type RebuildResult, type RetryOutcome } from '@hireloop/projections/runner';
import { physicalCollection, type ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { verifyReadModel, type VerifyDifference, type VerifyProgress, type VerifyResult } from '@hireloop/projections/verify';

interface Stores {
  eventStore: EventStore;
  readStore: ReadStore;
}

/** `hireloop projections`: what `/healthz` reports, as a table (state as the runner last recorded it). */
export async function projectionsTable(stores: Stores, projections: readonly ProjectionDefinition[], now: Date): Promise<{ text: string; rows: ProjectionHealth[] }> {
  await ensureFailureCollections(stores.readStore);
  const rows = await projectionHealth({ ...stores, projections, now });
  const age = (iso: string | null) => (iso === null ? '-' : `${Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000))} s ago`);
  const table = [
    ['PROJECTION', 'VERSION', 'STATUS', 'CHECKPOINT', 'CAUGHT UP', 'LAST BATCH', 'LAST HEARD', 'PARKED', 'LAST ERROR'],
    ...rows.map((row) => [
      row.name,
      String(row.version),
      statusText(row, now),
      row.checkpoint || '-',
      row.caughtUp ? 'yes' : 'no',
      age(row.lastBatchAt),
      age(row.lastHeardAt),
      String(row.parked),
      row.lastError ?? '-',
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const lines = table.map((line) => line.map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
  return { text: [...lines, `head of the log: ${rows[0]?.head || '-'}`].join('\n'), rows };
}

/**
 * The status as the runner last recorded it, unless that cannot be trusted (ADR 050): a runner
 * not heard from lately is "stale" (no process runs it, or its process cannot reach the
 * database), and one that says "running" while behind and not moving says so.
 */
export function statusText(row: ProjectionHealth, now: Date): string {
  const said = row.attempts > 0 ? `${row.status} (${row.attempts} tries)` : row.status;
  if (row.stale) return row.lastHeardAt === null ? 'stale (never heard from)' : `stale (said ${said})`;
  const still = row.lastBatchAt === null || now.getTime() - Date.parse(row.lastBatchAt) > STALE_AFTER_MS;
  if (row.status === 'running' && !row.caughtUp && still) return 'running (behind, not moving)';
  return said;
}

/** `hireloop projections retry NAME`: applies the parked events again; those that work are un-parked. */
export async function retryProjection(stores: Stores, projection: ProjectionDefinition): Promise<{ text: string; outcomes: RetryOutcome[] }> {
  const outcomes = await new ProjectionRunner({ ...stores, projection }).retryParked();
  if (outcomes.length === 0) return { text: `${projection.name}: nothing is parked.`, outcomes };
  const lines = outcomes.map(({ parked, error }) =>
    error === null
      ? `${parked.position} ${parked.eventType} (${parked.eventId}): applied, un-parked`
      : `${parked.position} ${parked.eventType} (${parked.eventId}): failed again (${parked.attempts} tries): ${error}`,
  );
  const resumed = outcomes.some(({ parked, error }) => parked.blocking && error === null);
  if (resumed) lines.push(`${projection.name} was stopped before this event: its runner resumes within seconds.`);
  return { text: lines.join('\n'), outcomes };
}

/**
 * `hireloop projections prune`: empties the collections older versions of the read models left
 * behind (ADR 005: a bump replays into fresh collections and leaves the old ones). They are no
 * longer updated, so nothing reaches them any more, not even an erasure (ADR 019): the inbox's
 * first version, for one, still holds messages in the clear. Run it once the new versions have
 * caught up and no process of the old release still reads the old ones. A read model that has not
 * caught up yet keeps its predecessors (refused, with its name). Only names the current definition
 * still uses are known; a collection of a current read model is never touched.
 */
export async function pruneOldVersions(stores: Stores, projections: readonly ProjectionDefinition[]): Promise<{ text: string; pruned: string[]; waiting: string[] }> {
  await ensureFailureCollections(stores.readStore);
  const health = await projectionHealth({ ...stores, projections });
  const current = new Set(projections.flatMap((projection) => Object.keys(projection.collections).map((name) => physicalCollection(projection, name))));
  const pruned: string[] = [];
  const waiting: string[] = [];
  for (const projection of projections) {
    if (projection.version <= 1) continue;
    if (!health.find((row) => row.name === projection.name)?.caughtUp) {
      waiting.push(projection.name);
      continue;
    }
    for (let version = 1; version < projection.version; version++) {
      for (const name of Object.keys(projection.collections)) {
        const physical = physicalCollection({ version }, name);
        if (current.has(physical)) continue;
        try {
          await stores.readStore.dropCollection(physical);
          pruned.push(physical);
        } catch (error) {
          if (!(error instanceof CollectionNotFoundError)) throw error;
        }
      }
    }
  }
  const lines = [
    pruned.length ? `emptied: ${pruned.join(', ')}` : 'nothing left behind by older versions.',
    ...(waiting.length ? [`not caught up yet, kept their older versions: ${waiting.join(', ')}`] : []),
  ];
  return { text: lines.join('\n'), pruned, waiting };
}

const eventCount = (events: number) => `${events.toLocaleString('en-US')} event${events === 1 ? '' : 's'}`;
const rate = (events: number, ms: number) => `${Math.round((events * 1000) / Math.max(1, ms)).toLocaleString('en-US')} events/s`;

/** One line of `hireloop replay`'s progress. */
export function describeRebuildProgress(name: string, progress: RebuildProgress, ms: number): string {
  const done = `${eventCount(progress.events)} in ${(ms / 1000).toFixed(1)} s (${rate(progress.events, ms)})`;
  if (progress.phase === 'indexes') return `${name}: ${done} replayed aside; building its indexes`;
  if (progress.phase === 'switch') return `${name}: ${done}; caught up with the log and switched`;
  return `${name}: ${done}, replaying aside (the read model in use keeps serving)`;
}

/** What `hireloop replay` did for one read model. */
export function describeRebuild(name: string, result: RebuildResult, ms: number): string {
  return (
    `${name}: rebuilt to ${result.position || 'the start'} from ${eventCount(result.events)} in ${ms} ms (${rate(result.events, ms)}), ` +
    `put in place of the one in use (generation ${result.generation}; ${result.eventsUnderLease} of the events applied while its runner waited)`
  );
}

/** One line of `hireloop replay --verify`'s progress. */
export function describeVerifyProgress(name: string, progress: VerifyProgress, ms: number): string {
  const done = `${eventCount(progress.events)} in ${(ms / 1000).toFixed(1)} s (${rate(progress.events, ms)})`;
  if (progress.phase === 'compare') return `${name}: ${done} rebuilt aside; comparing (${progress.compared.toLocaleString('en-US')} documents so far)`;
  return `${name}: ${done}, rebuilding aside to compare (the read model in use is not touched)`;
}

/**
 * What `hireloop replay --verify` found for one read model: the counts, then the differences
 * (ids and field names only: a read model may hold personal data, the values stay out of the output).
 */
export function describeVerify(result: VerifyResult, ms: number): string {
  const { counts } = result;
  const total = counts.missing + counts.extra + counts.different;
  const head =
    `${result.projection}: ${total === 0 ? 'no difference' : `${total} difference${total === 1 ? '' : 's'}`} at ${result.position || 'the start'} ` +
    `(${result.compared.toLocaleString('en-US')} documents compared, ${eventCount(result.events)} replayed in ${ms} ms, ${rate(result.events, ms)}; ` +
    `missing ${counts.missing}, extra ${counts.extra}, different ${counts.different}` +
    `${result.skipped.length ? `; ${result.skipped.length} parked event${result.skipped.length === 1 ? '' : 's'} left out as the read model skipped them` : ''})`;
  const line = (kind: string, difference: VerifyDifference) =>
    `  ${kind.padEnd(9)} ${difference.collection}/${difference.id}${difference.fields ? `: ${difference.fields.join(', ')}` : ''}`;
  const more = (kind: 'missing' | 'extra' | 'different') => (counts[kind] > result[kind].length ? [`  … and ${counts[kind] - result[kind].length} more ${kind}`] : []);
  return [
    head,
    ...result.missing.map((difference) => line('missing', difference)),
    ...more('missing'),
    ...result.extra.map((difference) => line('extra', difference)),
    ...more('extra'),
    ...result.different.map((difference) => line('different', difference)),
    ...more('different'),
  ].join('\n');
}

/** `hireloop replay [NAME] --verify`: each read model rebuilt aside and compared with the one in use, one after the other. */
export async function verifyProjections(
  stores: Stores,
  projections: readonly ProjectionDefinition[],
  options: { limit?: number; log?: (line: string) => void } = {},
): Promise<{ text: string; differences: number; results: VerifyResult[] }> {
  const results: VerifyResult[] = [];
  const lines: string[] = [];
  for (const projection of projections) {
    const started = Date.now();
    let said = started;
    const result = await verifyReadModel({
      ...stores,
      projection,
      limit: options.limit ?? 20,
      onProgress: (progress) => {
        const now = Date.now();
        if (now - said < 1000) return;
        said = now;
        options.log?.(describeVerifyProgress(projection.name, progress, now - started));
      },
    });
    results.push(result);
    lines.push(describeVerify(result, Date.now() - started));
  }
  const differences = results.reduce((sum, { counts }) => sum + counts.missing + counts.extra + counts.different, 0);
  if (projections.length > 1) lines.push(differences === 0 ? `all ${projections.length} read models equal a rebuild from the log` : `${differences} differences in ${results.filter((result) => !result.ok).length} read models`);
  return { text: lines.join('\n'), differences, results };
}
