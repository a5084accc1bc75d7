import {
  ADMIN_MESSAGES,
  ADMIN_PROJECTION_MESSAGES,
  AdminProjectionList,
  AdminProjectionParams,
  AdminProjectionRebuildAnswer,
  AdminProjectionRetryAnswer,
  DomainError,
  ErrorBody,
  isAdminRole,
  projectionStreamId,
  type AdminProjection,
  type AdminProjectionRebuild,
  type ProjectionParkedRetried,
  type ProjectionRebuildRequested,
} from '@hireloop/contracts';
import { START, WrongExpectedVersionError, type EventStore, type ExpectedVersion, type NewEvent, type RecordedEvent, type Subscription } from '@hireloop/platform/event-store';
import type { Bus } from '@hireloop/platform/bus';
import type { ReadStore } from '@hireloop/platform/read-store';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';
import { describeError } from '@hireloop/projections/failures';
import { projectionHealth, projectionLag } from '@hireloop/projections/health';
import { ProjectionRunner, type ProjectionDaemon } from '@hireloop/projections/runner';
import type { ProjectionDefinition } from '@hireloop/projections/shared/projection';
import { findUserById } from '@hireloop/projections/users/queries';
import { loadUserAccount } from '@hireloop/command-service/auth/accounts';
import type { CommandServiceDeps } from '@hireloop/command-service/shared/deps';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The admin console's Projections page (issue 27, ADR 087).
 *
 * - `GET /api/admin/projections` (query side): each read model as `/healthz` reports it (the same
 *   `projectionHealth`), its lag in events and seconds, and its last console rebuild. Admins and
 *   super admins.
 * - `POST /api/admin/projections/:name/rebuild` (command side, super admins): appends
 *   ProjectionRebuildRequested (the audit, in the admin activity log); the process that runs the
 *   projections picks it up and rebuilds blue/green in the background (`startRebuildWorker`),
 *   reporting its progress in `projection_rebuilds`.
 * - `POST /api/admin/projections/:name/retry` (command side, super admins): applies the parked
 *   events again, as `hireloop projections retry` does (safe from any process: it takes the read
 *   model's checkpoint in turn with its runner), then appends ProjectionParkedRetried.
 */

export const REBUILDS_COLLECTION = 'projection_rebuilds';
/** The rebuild worker's place in the log (a checkpoint of its own, not a read model's). */
export const REBUILD_REQUESTS_CHECKPOINT = 'admin-rebuild-requests';
/** Tries of a rebuild request whose stream moved meanwhile (a retry of parked events appended at the same instant). */
const REBUILD_REQUEST_ATTEMPTS = 3;

type RebuildDocument = { _id: string; projection: string } & Omit<AdminProjectionRebuild, 'requestId'>;

export interface AdminProjectionDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: Clock;
  ids: IdGenerator;
  /** Every read model (the registry). */
  projections: readonly ProjectionDefinition[];
  /** This process's daemon, when it runs the projections: its state in memory is the freshest. */
  daemon?: ProjectionDaemon | null;
  queries: boolean;
  commands: boolean;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

async function ensureRebuilds(readStore: ReadStore) {
  await readStore.ensureCollection(REBUILDS_COLLECTION, [{ fields: ['projection'] }]);
}

/** The last console rebuild of each read model. */
async function lastRebuilds(readStore: ReadStore): Promise<Map<string, AdminProjectionRebuild>> {
  const docs = await readStore.collection<RebuildDocument>(REBUILDS_COLLECTION).find({}, { sort: { requestedAt: -1 }, limit: 500 });
  const last = new Map<string, AdminProjectionRebuild>();
  for (const { _id, projection, ...rest } of docs) if (!last.has(projection)) last.set(projection, { requestId: _id, ...rest });
  return last;
}

export const adminProjectionRoutes: FastifyPluginAsyncZod<AdminProjectionDeps> = async (app, deps) => {
  const { eventStore, readStore, projections } = deps;
  await ensureRebuilds(readStore);

  /**
   * The signed-in admin (a visitor is a 401, anyone else a 403). Reading: from the `users` read
   * model as the query side has it (it waits for X-Min-Position, as the other admin reads do).
   * Acting (`superAdmin`, super admins only): from the account's stream, consistent, as every
   * command decides (a role just taken away is honoured at once).
   */
  const requireRole = async (request: FastifyRequest, superAdmin: boolean) => {
    const session = await request.requireSession();
    if (superAdmin) {
      const account = await loadUserAccount({ eventStore } as CommandServiceDeps, session.userId);
      if (account.status !== 'registered' || !isAdminRole(account.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
      if (account.role !== 'super_admin') throw new DomainError('forbidden', ADMIN_PROJECTION_MESSAGES.superAdminOnly);
      return { userId: session.userId, role: account.role };
    }
    const user = await findUserById(request.readStore, session.userId);
    if (!user || !isAdminRole(user.role)) throw new DomainError('forbidden', ADMIN_MESSAGES.adminOnly);
    return { userId: session.userId, role: user.role };
  };
  const projectionNamed = (name: string) => {
    const projection = projections.find((candidate) => candidate.name === name);
    if (!projection) throw new DomainError('not_found', ADMIN_PROJECTION_MESSAGES.unknown(name));
    return projection;
  };
  const append = async (request: FastifyRequest, userId: string, projection: string, event: Pick<NewEvent, 'type' | 'data'>, expectedVersion: ExpectedVersion = 'any') => {
    const metadata = {
      eventId: deps.ids.newId(),
      occurredAt: deps.clock.now().toISOString(),
      actor: { userId, role: 'super_admin' },
      correlationId: request.id,
      causationId: null,
      schemaVersion: 1,
    };
    return eventStore.append(projectionStreamId(projection), [{ ...event, metadata }], { expectedVersion });
  };

  if (deps.queries) {
    app.get(
      '/api/admin/projections',
      { schema: { tags: ['admin'], response: { 200: AdminProjectionList, ...errors } } },
      async (request, reply) => {
        const user = await requireRole(request, false);
        const now = deps.clock.now();
        const rows = await projectionHealth({ eventStore, readStore, daemon: deps.daemon ?? undefined, projections, now });
        const rebuilds = await lastRebuilds(readStore);
        const answer: AdminProjection[] = [];
        for (const row of rows) {
          const lag = await projectionLag(eventStore, row, projections.find((projection) => projection.name === row.name)?.eventTypes, now);
          answer.push({ ...row, ...lag, rebuild: rebuilds.get(row.name) ?? null });
        }
        reply.header('cache-control', 'private, no-store');
        return { projections: answer, canManage: user.role === 'super_admin' };
      },
    );
  }

  if (deps.commands) {
    app.post(
      '/api/admin/projections/:name/rebuild',
      { schema: { tags: ['admin'], params: AdminProjectionParams, response: { 202: AdminProjectionRebuildAnswer, ...errors, 404: ErrorBody, 409: ErrorBody } } },
      async (request, reply) => {
        const user = await requireRole(request, true);
        const projection = projectionNamed(request.params.name);
        const streamId = projectionStreamId(projection.name);
        const rebuilds = readStore.collection<RebuildDocument>(REBUILDS_COLLECTION);
        // The check and the request are one step: the stream's version is read before the check,
        // and the request is appended at that version. Two requests at the same instant both pass
        // the check, but only one append holds; the other looks again, and now sees the winner's
        // row (written before its append). The stream also takes retries of parked events: a
        // conflict with one of those finds no rebuild and goes on.
        for (let attempt = 1; ; attempt++) {
          const { version } = await eventStore.readStream(streamId);
          const active = await rebuilds.find({ projection: projection.name, state: { $in: ['requested', 'running'] } }, { limit: 1 });
          if (active.length > 0) throw new DomainError('conflict', ADMIN_PROJECTION_MESSAGES.rebuildRunning(projection.name));
          const requestId = deps.ids.newId();
          // Shown at once as asked for (before the event: the projections process may take it at once).
          const asked: RebuildDocument = {
            _id: requestId,
            projection: projection.name,
            state: 'requested',
            phase: null,
            events: 0,
            eventsPerSecond: 0,
            requestedAt: deps.clock.now().toISOString(),
            startedAt: null,
            finishedAt: null,
            error: null,
          };
          await readStore.transaction((tx) => tx.collection<RebuildDocument>(REBUILDS_COLLECTION).put(asked));
          try {
            const data = { projection: projection.name, requestId } satisfies ProjectionRebuildRequested;
            const { position } = await append(request, user.userId, projection.name, { type: 'ProjectionRebuildRequested', data }, version);
            reply.header('x-position', position);
            return reply.code(202).send({ requestId, projection: projection.name });
          } catch (error) {
            await readStore.transaction((tx) => tx.collection(REBUILDS_COLLECTION).delete(requestId)).catch(() => undefined);
            if (!(error instanceof WrongExpectedVersionError)) throw error;
            if (attempt >= REBUILD_REQUEST_ATTEMPTS) throw new DomainError('conflict', ADMIN_PROJECTION_MESSAGES.rebuildRunning(projection.name));
          }
        }
      },
    );

    app.post(
      '/api/admin/projections/:name/retry',
      { schema: { tags: ['admin'], params: AdminProjectionParams, response: { 200: AdminProjectionRetryAnswer, ...errors, 404: ErrorBody } } },
      async (request) => {
        const user = await requireRole(request, true);
        const projection = projectionNamed(request.params.name);
        const outcomes = await new ProjectionRunner({ eventStore, readStore, projection, clock: deps.clock }).retryParked();
        const applied = outcomes.filter((outcome) => outcome.error === null).length;
        const failed = outcomes.length - applied;
        await append(request, user.userId, projection.name, { type: 'ProjectionParkedRetried', data: { projection: projection.name, applied, failed } satisfies ProjectionParkedRetried });
        return {
          projection: projection.name,
          applied,
          failed,
          outcomes: outcomes.map(({ parked, error }) => ({ position: parked.position, eventType: parked.eventType, error })),
        };
      },
    );
  }
};

export interface RebuildWorkerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus?: Bus;
  clock: Clock;
  /** The read models this process runs: it rebuilds those. */
  projections: readonly ProjectionDefinition[];
  onError?: (error: unknown) => void;
}

/**
 * Runs the rebuilds the console asks for, where the projections run (ADR 087): follows the log's
 * ProjectionRebuildRequested events from its own checkpoint and rebuilds each read model blue/green
 * (ADR 049), one at a time, writing its progress about once a second. Its checkpoint moves past a
 * request once the rebuild ended: a process killed mid-rebuild does it again when it starts.
 */
export async function startRebuildWorker(options: RebuildWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const { eventStore, readStore, clock } = options;
  await ensureRebuilds(readStore);
  const from = (await readStore.getCheckpoint(REBUILD_REQUESTS_CHECKPOINT)) ?? START;
  const rebuilds = readStore.collection<RebuildDocument>(REBUILDS_COLLECTION);
  const put = (doc: RebuildDocument) => readStore.transaction((tx) => tx.collection<RebuildDocument>(REBUILDS_COLLECTION).put(doc));

  const rebuild = async (event: RecordedEvent) => {
    const { projection: name, requestId } = event.data as ProjectionRebuildRequested;
    const projection = options.projections.find((candidate) => candidate.name === name);
    if (!projection) return; // another process runs it
    const asked = await rebuilds.get(requestId);
    if (asked?.state === 'done' || asked?.state === 'failed') return;
    const started = clock.now();
    let doc: RebuildDocument = {
      _id: requestId,
      projection: name,
      state: 'running',
      phase: 'bulk',
      events: 0,
      eventsPerSecond: 0,
      requestedAt: asked?.requestedAt ?? event.metadata.occurredAt,
      startedAt: started.toISOString(),
      finishedAt: null,
      error: null,
    };
    await put(doc);
    let said = Date.now();
    let writing: Promise<unknown> = Promise.resolve();
    const rate = (events: number) => Math.round((events * 1000) / Math.max(1, clock.now().getTime() - started.getTime()));
    try {
      const result = await new ProjectionRunner({ eventStore, readStore, bus: options.bus, projection, clock }).rebuild((progress) => {
        if (Date.now() - said < 1000 && progress.phase === doc.phase) return;
        said = Date.now();
        doc = { ...doc, phase: progress.phase, events: progress.events, eventsPerSecond: rate(progress.events) };
        const next = doc;
        writing = writing.then(() => put(next)).catch(() => undefined);
      });
      await writing;
      doc = { ...doc, state: 'done', phase: 'switch', events: result.events, eventsPerSecond: rate(result.events), finishedAt: clock.now().toISOString() };
    } catch (error) {
      await writing;
      doc = { ...doc, state: 'failed', error: describeError(error), finishedAt: clock.now().toISOString() };
      options.onError?.(error);
    }
    await put(doc);
  };

  const subscription: Subscription = eventStore.subscribe(
    from,
    async (events, nextPosition) => {
      for (const event of events) if (event.type === 'ProjectionRebuildRequested') await rebuild(event);
      await readStore.transaction((tx) => tx.setCheckpoint(REBUILD_REQUESTS_CHECKPOINT, nextPosition));
    },
    { batchSize: 10, eventTypes: ['ProjectionRebuildRequested'], onError: (error) => options.onError?.(error) },
  );
  return { stop: () => subscription.stop() };
}
