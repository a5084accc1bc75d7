import { describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createMemoryBus, type Bus, type BusHealth } from '@hireloop/platform/bus';
import { survivePoolErrors } from '@hireloop/platform/database/availability';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionDaemon, STALE_AFTER_MS } from '@hireloop/projections/runner';
import { projectionHealth, type ProjectionHealth } from '@hireloop/projections/health';
import { ensureFailureCollections } from '@hireloop/projections/failures';
import { healthReport } from './health';
import { statusText } from './projections';

const natsSaying = (health: BusHealth): Bus => Object.assign(createMemoryBus(), { health: () => health });

describe('/healthz (ADR 050)', () => {
  it('is ok (200) with the in-process bus and nothing missing', async () => {
    const report = await healthReport({ bus: createMemoryBus(), eventStore: createMemoryEventStore(), readStore: createMemoryReadStore(), daemon: null, readModels: [] });
    expect(report).toEqual({ code: 200, body: { status: 'ok', ok: true, checks: { nats: { configured: false, ok: true } } } });
  });

  it('is degraded (200) while NATS is away: the process still serves', async () => {
    const away: BusHealth = { ok: false, state: 'reconnecting', since: '2026-01-05T09:00:00.000Z' };
    const report = await healthReport({ bus: natsSaying(away), eventStore: createMemoryEventStore(), readStore: createMemoryReadStore(), daemon: null, readModels: [] });
    expect(report.code).toBe(200);
    expect(report.body).toMatchObject({ status: 'degraded', ok: true, checks: { nats: { configured: true, ok: false, state: 'reconnecting' } } });
  });

  it('is degraded (200) for a query service whose read model is behind with no runner heard from', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const readModels = allProjections.slice(0, 1);
    await ensureFailureCollections(readStore);
    const fresh = await healthReport({ bus: createMemoryBus(), eventStore, readStore, daemon: null, readModels });
    // Nothing written yet: nothing to be behind on.
    expect(fresh.body.status).toBe('ok');

    await eventStore.append('s', [{ type: readModels[0]!.eventTypes[0]!, data: {}, metadata: { eventId: 'e1', occurredAt: '2026-01-05T09:00:00.000Z', actor: 'system', correlationId: 'c1', causationId: null, schemaVersion: 1 } }]);
    const behind = await healthReport({ bus: createMemoryBus(), eventStore, readStore, daemon: null, readModels });
    expect(behind.code).toBe(200);
    expect(behind.body).toMatchObject({ status: 'degraded', checks: { readModels: [{ name: readModels[0]!.name, caughtUp: false, stale: true, lastHeardAt: null }] } });
  });

  it('is down (503) when the database does not answer, and still lists the projections it runs', async () => {
    // A real pool, to a port nothing listens on: the connection is refused.
    const pool = survivePoolErrors(new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/nothing`, connectionTimeoutMillis: 1_000 }));
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const daemon = new ProjectionDaemon({ eventStore, readStore, projections: allProjections.slice(0, 2) });
    try {
      const report = await healthReport({ pool, bus: createMemoryBus(), eventStore, readStore, daemon, readModels: [] });
      expect(report.code).toBe(503);
      expect(report.body).toMatchObject({ status: 'down', ok: false, checks: { database: { ok: false, error: expect.stringContaining('ECONNREFUSED') } } });
      expect(report.body.projections?.map((projection) => [projection.name, projection.status])).toEqual(allProjections.slice(0, 2).map((projection) => [projection.name, 'running']));
      expect(JSON.stringify(report.body)).not.toContain('nobody@');
    } finally {
      await pool.end();
    }
  });
});

describe('hireloop projections: the STATUS column', () => {
  const now = new Date('2026-01-05T09:10:00.000Z');
  const row = (patch: Partial<ProjectionHealth>): ProjectionHealth => ({
    name: 'job-board',
    version: 4,
    status: 'running',
    checkpoint: '1',
    head: '1',
    caughtUp: true,
    lastBatchAt: '2026-01-05T09:09:59.000Z',
    lastError: null,
    attempts: 0,
    parked: 0,
    lastHeardAt: '2026-01-05T09:09:55.000Z',
    stale: false,
    ...patch,
  });

  it('says what a runner heard lately said', () => {
    expect(statusText(row({}), now)).toBe('running');
    expect(statusText(row({ status: 'retrying', attempts: 3 }), now)).toBe('retrying (3 tries)');
  });

  it('does not say "running" for a runner nobody has heard from lately, or one behind that does not move', () => {
    expect(statusText(row({ stale: true, lastHeardAt: '2026-01-05T09:05:00.000Z' }), now)).toBe('stale (said running)');
    expect(statusText(row({ stale: true, lastHeardAt: null }), now)).toBe('stale (never heard from)');
    expect(statusText(row({ caughtUp: false, head: '2', lastBatchAt: '2026-01-05T09:00:00.000Z' }), now)).toBe('running (behind, not moving)');
    expect(statusText(row({ caughtUp: false, head: '2', lastBatchAt: '2026-01-05T09:09:59.000Z' }), now)).toBe('running');
  });
});

describe('the daemon heard from other processes (ADR 050)', () => {
  it('writes its status records again while it runs, and they go stale once it stops', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const projections = allProjections.slice(0, 1);
    const daemon = new ProjectionDaemon({ eventStore, readStore, projections, heartbeatMs: 20 });
    const heard = async (now = new Date()) => (await projectionHealth({ eventStore, readStore, projections, now }))[0]!;
    await daemon.start();
    let first: string | null;
    try {
      first = (await heard()).lastHeardAt;
      expect(first).not.toBeNull();
      await vi.waitFor(async () => expect((await heard()).lastHeardAt! > first!).toBe(true));
      expect((await heard()).stale).toBe(false);
    } finally {
      await daemon.stop();
    }
    const last = (await heard()).lastHeardAt!;
    expect((await heard(new Date(Date.parse(last) + STALE_AFTER_MS + 1))).stale).toBe(true);
  });
});
