import type { BusHealth, Bus } from '@hireloop/platform/bus';
import { checkDatabase, describeUnavailable, type DatabaseCheck } from '@hireloop/platform/database/availability';
import type { EventStore } from '@hireloop/platform/event-store';
import { CollectionNotFoundError, type ReadStore } from '@hireloop/platform/read-store';
import { projectionHealth, type ProjectionHealth } from '@hireloop/projections/health';
import type { ProjectionDaemon } from '@hireloop/projections/runner';
import type { ProjectionDefinition } from '@hireloop/projections/shared/projection';
import type pg from 'pg';

/**
 * `/healthz` of every process (ADR 050): what it depends on and how that is doing.
 *
 * - `down` (HTTP 503): the process cannot do its work: the database does not answer, or a read
 *   model it runs has stopped before a parked event (ADR 016). A load balancer takes it out.
 * - `degraded` (HTTP 200): it serves, but something is missing: NATS is away (notifications
 *   wait; the client reconnects), a read model it runs is retrying, or a read model its queries
 *   read is not followed by any live runner (its answers may stay stale). A supervisor looks.
 * - `ok` (HTTP 200).
 *
 * `ok` (status is not `down`) and, in a process that runs projections, `projections` are kept
 * at the top level as before.
 */
export type HealthStatus = 'ok' | 'degraded' | 'down';

export interface ReadModelCheck {
  name: string;
  /** Its checkpoint has reached the head of the log. */
  caughtUp: boolean;
  checkpoint: string | null;
  /** What its runner last said (running, retrying, stopped), and whether it was heard from lately. */
  status: ProjectionHealth['status'];
  stale: boolean;
  lastHeardAt: string | null;
}

export interface HealthReport {
  status: HealthStatus;
  ok: boolean;
  checks: {
    database?: DatabaseCheck;
    /** The log, where it is kept apart from PostgreSQL (KurrentDB, ADR 075). */
    eventLog?: DatabaseCheck;
    nats: ({ configured: true } & BusHealth) | { configured: false; ok: true };
    /** The read models this process runs (the projections process, `start`). */
    projections?: ProjectionHealth[];
    /** The read models this process's queries read and wait for (a query service without its own runners). */
    readModels?: ReadModelCheck[];
  };
  projections?: ProjectionHealth[];
  error?: string;
}

export interface HealthSources {
  pool?: pg.Pool;
  bus: Bus;
  eventStore: EventStore;
  readStore: ReadStore;
  daemon: ProjectionDaemon | null;
  /** The read models the queries of this process read (a query service); none for a command service. */
  readModels: readonly ProjectionDefinition[];
  /** How long the database probe may take. */
  databaseTimeoutMs?: number;
  /** The log is kept apart from PostgreSQL (KurrentDB, ADR 075): probe it too (its head, within the same time). */
  eventLogApart?: boolean;
}

/** The log's head read within `timeoutMs`: whether the log answers at all. */
async function checkEventLog(eventStore: EventStore, timeoutMs: number): Promise<DatabaseCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([eventStore.headPosition(), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: describeUnavailable(error) };
  } finally {
    clearTimeout(timer);
  }
}

export async function healthReport(sources: HealthSources): Promise<{ code: number; body: HealthReport }> {
  const [database, eventLog] = await Promise.all([
    sources.pool ? checkDatabase(sources.pool, sources.databaseTimeoutMs ?? 2_000) : undefined,
    sources.eventLogApart ? checkEventLog(sources.eventStore, sources.databaseTimeoutMs ?? 2_000) : undefined,
  ]);
  const busHealth = sources.bus.health?.();
  const nats: HealthReport['checks']['nats'] = busHealth ? { configured: true, ...busHealth } : { configured: false, ok: true };
  const checks: HealthReport['checks'] = { ...(database ? { database } : {}), ...(eventLog ? { eventLog } : {}), nats };
  const problems = { down: false, degraded: !nats.ok };
  let error: string | undefined;

  if ((database && !database.ok) || (eventLog && !eventLog.ok)) {
    problems.down = true;
    // Nothing more can be read; this process's own runners are known without I/O.
    if (sources.daemon) checks.projections = sources.daemon.status().map((live) => liveOnly(live));
  } else {
    try {
      if (sources.daemon) {
        const projections = await projectionHealth({ eventStore: sources.eventStore, readStore: sources.readStore, daemon: sources.daemon });
        checks.projections = projections;
        if (projections.some((projection) => projection.status === 'stopped')) problems.down = true;
        if (projections.some((projection) => projection.status === 'retrying')) problems.degraded = true;
      } else if (sources.readModels.length > 0) {
        const readModels = (await projectionHealth({ eventStore: sources.eventStore, readStore: sources.readStore, projections: sources.readModels })).map(
          ({ name, caughtUp, checkpoint, status, stale, lastHeardAt }): ReadModelCheck => ({ name, caughtUp, checkpoint, status, stale, lastHeardAt }),
        );
        checks.readModels = readModels;
        // Behind with nobody heard from to catch up, or stopped: answers may stay stale.
        if (readModels.some((model) => model.status === 'stopped' || (model.stale && !model.caughtUp))) problems.degraded = true;
      }
    } catch (failure) {
      if (failure instanceof CollectionNotFoundError && !sources.daemon) {
        // A query service started before any projections process made the read models.
        problems.degraded = true;
        checks.readModels = [];
        error = 'The read models have not been made yet: no projections process has started on this database.';
      } else {
        problems.down = true;
        error = `The event log or the read store cannot be reached: ${describeUnavailable(failure)}`;
      }
    }
  }

  const status: HealthStatus = problems.down ? 'down' : problems.degraded ? 'degraded' : 'ok';
  const body: HealthReport = { status, ok: status !== 'down', checks, ...(checks.projections ? { projections: checks.projections } : {}), ...(error ? { error } : {}) };
  return { code: status === 'down' ? 503 : 200, body };
}

/** A runner of this process as its daemon knows it, when the database cannot be asked. */
function liveOnly(live: ReturnType<ProjectionDaemon['status']>[number]): ProjectionHealth {
  return {
    name: live.name,
    version: live.version,
    status: live.status,
    checkpoint: null,
    head: '',
    caughtUp: false,
    lastBatchAt: null,
    lastError: live.lastError,
    attempts: live.attempts,
    parked: 0,
    lastHeardAt: new Date().toISOString(),
    stale: false,
  };
}
