import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/**
 * The admin console's Projections page (issue 27, ADR 087): each read model as `/healthz` reports
 * it (one shared function, `projectionHealth`), with its lag, and for super admins a blue/green
 * rebuild (run in the background where the projections run) and a retry of parked events.
 */

/** A read model's name, as the registry knows it (`job-board`, `candidate-cards`, …). */
export const ProjectionName = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9-]*$/, { error: 'a read model name: lower-case letters, digits and dashes' });

/** A super admin asked for a read model to be rebuilt (blue/green, ADR 049); the projections process runs it. */
export const ProjectionRebuildRequested = z.object({ projection: ProjectionName, requestId: z.string() });
export type ProjectionRebuildRequested = z.infer<typeof ProjectionRebuildRequested>;
/** A super admin retried a read model's parked events: how many were applied, how many failed again. */
export const ProjectionParkedRetried = z.object({ projection: ProjectionName, applied: z.number().int().nonnegative(), failed: z.number().int().nonnegative() });
export type ProjectionParkedRetried = z.infer<typeof ProjectionParkedRetried>;

export type ProjectionAdminEvent =
  | { type: 'ProjectionRebuildRequested'; data: ProjectionRebuildRequested }
  | { type: 'ProjectionParkedRetried'; data: ProjectionParkedRetried };
export const ProjectionAdminEventSchemas = { ProjectionRebuildRequested, ProjectionParkedRetried } satisfies EventSchemas<ProjectionAdminEvent>;
export const projectionStreamId = (projection: string) => `projection-${projection}`;

export const PROJECTION_REBUILD_STATES = ['requested', 'running', 'done', 'failed'] as const;

/** The last rebuild asked for from the console, as the projections process reports it. */
export const AdminProjectionRebuild = z.object({
  requestId: z.string(),
  state: z.enum(PROJECTION_REBUILD_STATES),
  /** bulk, indexes, switch (as `hireloop replay` prints them); null before it starts. */
  phase: z.enum(['bulk', 'indexes', 'switch']).nullable(),
  events: z.number().int().nonnegative(),
  eventsPerSecond: z.number().nonnegative(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type AdminProjectionRebuild = z.infer<typeof AdminProjectionRebuild>;

export const AdminProjection = z.object({
  name: z.string(),
  version: z.number().int(),
  status: z.enum(['running', 'retrying', 'stopped']),
  checkpoint: z.string().nullable(),
  head: z.string(),
  caughtUp: z.boolean(),
  /** Events of its types after its checkpoint (counted up to `LAG_COUNT_LIMIT`; `lagEventsAtLeast` says it stopped counting). */
  lagEvents: z.number().int().nonnegative(),
  lagEventsAtLeast: z.boolean(),
  /** How long the oldest event it has not applied has waited, in seconds (0 when caught up). */
  lagSeconds: z.number().nonnegative(),
  lastBatchAt: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  parked: z.number().int().nonnegative(),
  lastHeardAt: z.string().nullable(),
  stale: z.boolean(),
  rebuild: AdminProjectionRebuild.nullable(),
});
export type AdminProjection = z.infer<typeof AdminProjection>;

export const AdminProjectionList = z.object({
  projections: z.array(AdminProjection),
  /** The viewer may rebuild and retry (super admins); admins see the page read-only. */
  canManage: z.boolean(),
});
export type AdminProjectionList = z.infer<typeof AdminProjectionList>;

export const AdminProjectionParams = z.object({ name: ProjectionName });

export const AdminProjectionRebuildAnswer = z.object({ requestId: z.string(), projection: z.string() });
export type AdminProjectionRebuildAnswer = z.infer<typeof AdminProjectionRebuildAnswer>;

export const AdminProjectionRetryAnswer = z.object({
  projection: z.string(),
  applied: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  outcomes: z.array(z.object({ position: z.string(), eventType: z.string(), error: z.string().nullable() })),
});
export type AdminProjectionRetryAnswer = z.infer<typeof AdminProjectionRetryAnswer>;

export const ADMIN_PROJECTION_MESSAGES = {
  superAdminOnly: 'Only super admins can rebuild read models or retry their parked events.',
  unknown: (name: string) => `There is no read model called ${name}.`,
  rebuildRunning: (name: string) => `A rebuild of ${name} is already asked for or running: wait for it to finish.`,
  noProjectionsHere: 'No process runs the read models here: start one (hireloop serve projections), or use hireloop replay.',
} as const;
