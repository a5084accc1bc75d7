import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_PROJECTION_MESSAGES, AdminProjectionList, type AdminActivity } from '@hireloop/contracts';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * The admin Projections page's API (issue 27, ADR 087) on the real app and PostgreSQL: the list
 * (the same health as /healthz, with lag and the last rebuild) for admins and super admins, the
 * rebuild (run in the background by the process that runs the projections) and the retry for
 * super admins only, each audited in the admin activity log; every other caller a 401 or a 403.
 */
const api = useApiApp();

const people = async () => {
  const candidate = await api.signUpCandidate('projcand');
  const company = await api.signUpCompany('projco');
  const admin = await api.signUpCandidate('projadmin');
  await api.grant(admin.email, 'admin');
  const superAdmin = await api.signUpCandidate('projsuper');
  await api.grant(superAdmin.email, 'super_admin');
  return { candidate, company, admin, superAdmin };
};
let cast: Promise<Record<'candidate' | 'company' | 'admin' | 'superAdmin', Caller>> | null = null;
const callers = () => (cast ??= people());

describe('GET /api/admin/projections', () => {
  it('answers a visitor 401, a candidate and a company 403', async () => {
    const { candidate, company } = await callers();
    expect((await api.get('/api/admin/projections', null)).statusCode).toBe(401);
    for (const caller of [candidate, company]) {
      const response = await api.get('/api/admin/projections', caller.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(ADMIN_MESSAGES.adminOnly);
    }
  });

  it('lists every read model, as /healthz does, with lag; admins read-only, super admins may manage', async () => {
    const { admin, superAdmin } = await callers();
    const forAdmin = await api.get('/api/admin/projections', admin.token);
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    const list = AdminProjectionList.parse(forAdmin.json());
    expect(list.canManage).toBe(false);
    expect(list.projections.map((row) => row.name)).toEqual(expect.arrayContaining(['job-board', 'users', 'admin-activities']));
    for (const row of list.projections) {
      expect(row.lagEvents).toBeGreaterThanOrEqual(0);
      if (row.caughtUp) expect({ name: row.name, lagEvents: row.lagEvents, lagSeconds: row.lagSeconds }).toEqual({ name: row.name, lagEvents: 0, lagSeconds: 0 });
    }
    // The same rows as /healthz (one function): names, versions and status.
    const health = await api.app().inject({ method: 'GET', url: '/healthz' });
    const healthNames = (health.json().projections as Array<{ name: string }>).map((row) => row.name);
    expect(list.projections.map((row) => row.name)).toEqual(healthNames);
    expect(forAdmin.headers['cache-control']).toBe('private, no-store');
    const forSuper = AdminProjectionList.parse((await api.get('/api/admin/projections', superAdmin.token)).json());
    expect(forSuper.canManage).toBe(true);
  });
});

describe('POST /api/admin/projections/:name/rebuild and /retry', () => {
  it('answers a visitor 401; a candidate, a company and an admin 403; bad names 400 or 404', async () => {
    const { candidate, company, admin, superAdmin } = await callers();
    for (const action of ['rebuild', 'retry']) {
      const url = `/api/admin/projections/job-board/${action}`;
      expect((await api.post(url, null)).statusCode).toBe(401);
      for (const caller of [candidate, company]) expect((await api.post(url, caller.token)).statusCode).toBe(403);
      const asAdmin = await api.post(url, admin.token);
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json().error).toBe(ADMIN_PROJECTION_MESSAGES.superAdminOnly);
      const unknown = await api.post(`/api/admin/projections/no-such-model/${action}`, superAdmin.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(ADMIN_PROJECTION_MESSAGES.unknown('no-such-model'));
      expect((await api.post(`/api/admin/projections/${'x'.repeat(61)}/${action}`, superAdmin.token)).statusCode).toBe(400);
      expect((await api.post(`/api/admin/projections/Bad%20Name/${action}`, superAdmin.token)).statusCode).toBe(400);
    }
  });

  it('a super admin rebuilds a read model in the background, progress visible, audited in the activity log', { timeout: 60_000 }, async () => {
    const { superAdmin, admin } = await callers();
    await api.postJob(await api.signUpCompany('projjobs'), 'Rebuilt Engineer');
    const asked = await api.post('/api/admin/projections/job-board/rebuild', superAdmin.token);
    expect(asked.statusCode, asked.body).toBe(202);
    const { requestId } = asked.json() as { requestId: string };
    // Asked twice while it runs: a conflict, unless it already finished.
    const twice = await api.post('/api/admin/projections/job-board/rebuild', superAdmin.token);
    expect([202, 409]).toContain(twice.statusCode);
    const states = new Set<string>();
    await vi.waitFor(
      async () => {
        const list = AdminProjectionList.parse((await api.get('/api/admin/projections', admin.token)).json());
        const rebuild = list.projections.find((row) => row.name === 'job-board')?.rebuild;
        if (rebuild) states.add(rebuild.state);
        expect(rebuild?.state).toBe('done');
        if (twice.statusCode === 202) return;
        expect(rebuild?.requestId).toBe(requestId);
      },
      { timeout: 45_000, interval: 100 },
    );
    const list = AdminProjectionList.parse((await api.get('/api/admin/projections', admin.token)).json());
    const rebuild = list.projections.find((row) => row.name === 'job-board')!.rebuild!;
    expect(rebuild).toMatchObject({ state: 'done', phase: 'switch', error: null });
    expect(rebuild.events).toBeGreaterThan(0);
    expect(rebuild.finishedAt).not.toBeNull();
    // The board still holds the job after the switch.
    const board = await api.get('/api/jobs?search=Rebuilt', null);
    expect(board.json()).toEqual([expect.objectContaining({ title: 'Rebuilt Engineer' })]);

    await vi.waitFor(
      async () => {
        const activities = (await api.get('/api/admin/activities?action=projection.rebuild_requested', admin.token)).json() as AdminActivity[];
        expect(activities[0]).toMatchObject({ action: 'projection.rebuild_requested', entityType: 'projection', entityId: 'job-board', adminId: superAdmin.userId, description: 'Asked for a read model to be rebuilt: job-board' });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('a super admin retries parked events (none here), audited with the counts only', async () => {
    const { superAdmin, admin } = await callers();
    const retried = await api.post('/api/admin/projections/users/retry', superAdmin.token);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ projection: 'users', applied: 0, failed: 0, outcomes: [] });
    await vi.waitFor(
      async () => {
        const activities = (await api.get('/api/admin/activities?action=projection.parked_retried', admin.token)).json() as AdminActivity[];
        expect(activities[0]).toMatchObject({ action: 'projection.parked_retried', entityId: 'users', adminRole: 'super_admin' });
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
