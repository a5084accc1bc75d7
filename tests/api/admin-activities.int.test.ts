import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACTIVITY_EVENT,
  ADMIN_MESSAGES,
  MIN_POSITION_HEADER,
  POSITION_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminActivity,
  type Role,
} from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { subscribeToPlan } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import { adminActivitiesProjection } from '@hireloop/projections/admin-activities/projection';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { TEST_NATS_URL, deleteTestStream } from '../support/nats';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The admin activity log (issue 14, ADR 035) on the real app, PostgreSQL and a real NATS server
 * (the projection runner's progress reaches the query side's feed over the bus):
 * `GET /api/admin/activities` and `GET /api/admin/activities/stream` for each kind of caller,
 * an admin's job post and a super admin's role change appearing in the list and live on the
 * stream, the filters, bad input, and nothing secret or personal from the events' payloads.
 */
const PUBLIC_URL = 'http://hireloop.test';
const prefix = `hl${randomBytes(4).toString('hex')}`;
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let address = '';
let position = '';

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix }));
  app = await buildApp(runtime, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await deleteTestStream(`${prefix.toUpperCase()}_WORK`);
  await db?.drop();
});

let addresses = 0;
const send = async (method: 'POST' | 'PATCH', url: string, payload: unknown, token?: string) => {
  const response = await app.inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.14.0.${++addresses}`,
  });
  const written = response.headers[POSITION_HEADER];
  if (typeof written === 'string') position = maxPosition(position, written);
  return response;
};
const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
const grant = async (email: string, role: Role) => {
  const result = await grantRoleAsSystem(
    { ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null },
    email,
    role,
    'test',
  );
  position = maxPosition(position, result.position);
};

interface Person {
  token: string;
  userId: string;
}
const people: Record<'candidate' | 'company' | 'admin' | 'super_admin', Person> = {} as never;
const SECRET_PASSWORD = 'activity-password-1';

beforeAll(async () => {
  const signup = async (kind: 'candidate' | 'company', body: Record<string, string>): Promise<Person> => {
    const response = await send('POST', `/api/auth/${kind}/signup`, { ...body, password: SECRET_PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    return { token: response.json().token, userId: response.json().user.id };
  };
  people.candidate = await signup('candidate', { name: 'Casey Quillfeather', email: 'casey@activities.example' });
  people.company = await signup('company', { companyName: 'Northwind', contactName: 'Nora North', email: 'nora@northwind.example' });
  // The admin posts jobs: a company user with a plan without a job post limit (ADR 030), made admin.
  people.admin = await signup('company', { companyName: 'Ops Desk', contactName: 'Olive Ops', email: 'olive@ops.example' });
  await subscribeToPlan(app, people.admin.token, 'enterprise');
  await grant('olive@ops.example', 'admin');
  people.super_admin = await signup('candidate', { name: 'Bea Boss', email: 'bea@boss.example' });
  await grant('bea@boss.example', 'super_admin');
});

/** A Server-Sent Events stream over a real socket, read as text. */
const openStream = async (token: string, headers: Record<string, string> = {}) => {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/admin/activities/stream`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const readUntil = async (done: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not within ${ms} ms; got ${JSON.stringify(text)}`);
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
      if (chunk === null) continue;
      if (chunk.done) {
        ended = true;
        if (!done()) throw new Error(`stream ended; got ${JSON.stringify(text)}`);
        return;
      }
      text += decoder.decode(chunk.value, { stream: true });
    }
  };
  const activities = () =>
    [...text.matchAll(new RegExp(`id: ([^\\n]+)\\nevent: ${ADMIN_ACTIVITY_EVENT}\\ndata: ([^\\n]+)\\n\\n`, 'g'))].map((match) => ({
      ...(JSON.parse(match[2]!) as AdminActivity),
      eventId: match[1]!,
    }));
  return {
    response,
    text: () => text,
    activities,
    ended: () => ended,
    waitFor: (count: number, ms = 5000) => readUntil(() => activities().length >= count, ms),
    waitOpen: () => readUntil(() => /retry: \d+\n\n/.test(text), 3000),
    waitEnd: (ms = 5000) =>
      readUntil(() => ended, ms).catch((error: unknown) => {
        if (!ended) throw error;
      }),
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
};

describe('who may read the admin activity log', () => {
  it.each([
    ['a visitor', undefined, 401],
    ['a candidate', 'candidate', 403],
    ['a company user', 'company', 403],
    ['an admin', 'admin', 200],
    ['a super admin', 'super_admin', 200],
  ] as const)('GET /api/admin/activities: %s (%s) gets %i', async (_who, kind, status) => {
    const response = await get('/api/admin/activities', kind ? people[kind].token : undefined);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) expect(response.json().error).toBe(ADMIN_MESSAGES.adminOnly);
    if (status === 200) expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    ['a visitor', undefined, 401],
    ['a candidate', 'candidate', 403],
    ['a company user', 'company', 403],
  ] as const)('GET /api/admin/activities/stream: %s (%s) gets %i, before anything is streamed', async (_who, kind, status) => {
    const response = await get('/api/admin/activities/stream', kind ? people[kind].token : undefined);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it.each(['admin', 'super_admin'] as const)('GET /api/admin/activities/stream: %s gets a 200 event stream', async (kind) => {
    const stream = await openStream(people[kind].token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      await stream.waitOpen();
    } finally {
      await stream.close();
    }
  });

  it('a session that is no longer valid is a 401 on both', async () => {
    expect((await get('/api/admin/activities', 'not-a-token')).statusCode).toBe(401);
    expect((await get('/api/admin/activities/stream', 'not-a-token')).statusCode).toBe(401);
  });
});

describe('admin actions in the log, listed and live', () => {
  let jobId = '';
  let shareToken = '';

  it('an admin posting a job appears on an open stream and in the list', async () => {
    const stream = await openStream(people.super_admin.token);
    try {
      // The stream says `retry:` once it listens to the feed (ADR 072): what happens after is heard.
      await stream.waitOpen();
      const started = Date.now();
      const posted = await send(
        'POST',
        '/api/admin/jobs',
        {
          title: 'Analytics Engineer',
          description: 'dbt all day',
          location: 'Remote',
          companyId: null,
          skills: ['dbt'],
          requirements: ['SQL'],
          benefits: ['Laptop'],
        },
        people.admin.token,
      );
      expect(posted.statusCode, posted.body).toBe(201);
      jobId = posted.json().job.id;
      shareToken = posted.json().job.shareToken;
      await stream.waitFor(1);
      expect(Date.now() - started).toBeLessThan(5000);
      const [live] = stream.activities();
      expect(live).toMatchObject({
        action: 'job.posted',
        actionLabel: 'Posted a job',
        entityType: 'job',
        entityId: jobId,
        entityLabel: 'Analytics Engineer',
        link: `/job/${jobId}`,
        description: 'Posted a job: Analytics Engineer',
        adminId: people.admin.userId,
        adminName: 'Olive Ops',
        adminRole: 'admin',
      });
      expect(live!.eventId).toBe(live!.position);

      const list = await get('/api/admin/activities', people.admin.token);
      expect(list.statusCode).toBe(200);
      expect(list.headers[TOTAL_COUNT_HEADER]).toBe('1');
      const [first] = list.json<AdminActivity[]>();
      const { eventId: _eventId, ...fromStream } = live!;
      expect(first).toEqual(fromStream);
      expect(Object.keys(first!).sort()).toEqual(
        [
          'id',
          'description',
          'action',
          'actionLabel',
          'entityType',
          'entityId',
          'entityLabel',
          'link',
          'details',
          'adminId',
          'adminName',
          'adminRole',
          'createdAt',
          'position',
        ].sort(),
      );
    } finally {
      await stream.close();
    }
  });

  it('a super admin changing a role appears too, newest first; sign-ups, sign-ins and company or candidate actions do not', async () => {
    const stream = await openStream(people.admin.token);
    try {
      await stream.waitOpen();
      // Not admin actions: a company posting, a candidate applying.
      await subscribeToPlan(app, people.company.token, 'enterprise');
      expect(
        (await send('POST', '/api/jobs', { title: 'Company job', location: 'Oslo', description: 'x' }, people.company.token)).statusCode,
      ).toBe(201);
      expect((await send('POST', '/api/auth/login', { email: 'bea@boss.example', password: SECRET_PASSWORD })).statusCode).toBe(200);
      const changed = await send(
        'PATCH',
        '/api/admin/users/role',
        { userId: people.candidate.userId, role: 'admin' },
        people.super_admin.token,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      await stream.waitFor(1);
      expect(stream.activities()).toHaveLength(1);
      expect(stream.activities()[0]).toMatchObject({
        action: 'user.role_changed',
        entityType: 'user',
        entityId: people.candidate.userId,
        entityLabel: 'Casey Quillfeather',
        details: { fromRole: 'candidate', toRole: 'admin' },
        description: 'Changed a user role: Casey Quillfeather (candidate → admin)',
        adminId: people.super_admin.userId,
        adminName: 'Bea Boss',
        adminRole: 'super_admin',
        link: null,
      });
    } finally {
      await stream.close();
    }
    const list = await get('/api/admin/activities', people.super_admin.token);
    expect(list.json<AdminActivity[]>().map((a) => a.action)).toEqual(['user.role_changed', 'job.posted']);
    expect(list.headers[TOTAL_COUNT_HEADER]).toBe('2');
  });

  it('filters by admin, action and date range, and pages', async () => {
    const actions = async (query: string) => {
      const response = await get(`/api/admin/activities${query}`, people.admin.token);
      expect(response.statusCode, response.body).toBe(200);
      return { actions: response.json<AdminActivity[]>().map((a) => a.action), total: response.headers[TOTAL_COUNT_HEADER] };
    };
    expect(await actions(`?admin=${people.super_admin.userId}`)).toEqual({ actions: ['user.role_changed'], total: '1' });
    expect(await actions(`?admin=${people.admin.userId}`)).toEqual({ actions: ['job.posted'], total: '1' });
    expect(await actions('?action=job.posted')).toEqual({ actions: ['job.posted'], total: '1' });
    expect(await actions('?action=user.role_changed&admin=' + people.admin.userId)).toEqual({ actions: [], total: '0' });
    const today = new Date().toISOString().slice(0, 10);
    expect(await actions(`?from=${today}&to=${today}`)).toEqual({ actions: ['user.role_changed', 'job.posted'], total: '2' });
    expect(await actions('?to=2020-01-01')).toEqual({ actions: [], total: '0' });
    expect(await actions('?pageSize=1&page=2')).toEqual({ actions: ['job.posted'], total: '2' });
    expect(await actions('?pageSize=1&page=3')).toEqual({ actions: [], total: '2' });
    expect(await actions('?action=&admin=')).toEqual({ actions: ['user.role_changed', 'job.posted'], total: '2' });
  });

  it.each([
    ['?action=job.deleted', 'action must be one of'],
    ['?from=yesterday', 'from must be a date'],
    ['?from=2026-11-27&to=2026-11-26', 'from must be before to'],
    ['?pageSize=1000', 'pageSize must be a whole number from 1 to 100'],
    ['?page=-1', 'page must be a whole number'],
  ])('bad input %s is a 400 with a clear message', async (query, message) => {
    const response = await get(`/api/admin/activities${query}`, people.admin.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it('answers hold nothing secret: no share token, password, email or token', async () => {
    const body = (await get('/api/admin/activities', people.admin.token)).body;
    for (const text of [
      shareToken,
      SECRET_PASSWORD,
      'casey@activities.example',
      'olive@ops.example',
      people.admin.token,
      people.super_admin.token,
    ])
      expect(body).not.toContain(text);
    // The rows hold the names the tab shows (ADR 071), and nothing else of the payloads: no token, address or description.
    const stored = await runtime.readStore.collection(physicalCollection(adminActivitiesProjection, 'activities')).find({});
    expect(stored).toHaveLength(2);
    for (const text of [shareToken, 'dbt all day', 'casey@activities.example', 'olive@ops.example', SECRET_PASSWORD])
      expect(JSON.stringify(stored)).not.toContain(text);
  });

  it('a reconnecting stream gets what it missed after its Last-Event-ID, once', async () => {
    const list = (await get('/api/admin/activities', people.admin.token)).json<AdminActivity[]>();
    const oldest = list[list.length - 1]!;
    const stream = await openStream(people.admin.token, { 'last-event-id': oldest.position });
    try {
      await stream.waitFor(1);
      await stream.waitOpen();
      // A later entry, heard live: anything sent twice would have come before it.
      const later = await send(
        'POST',
        '/api/admin/jobs',
        { title: 'Later Job', description: 'After the reconnection', location: 'Remote', companyId: null, skills: [], requirements: [], benefits: [] },
        people.admin.token,
      );
      expect(later.statusCode, later.body).toBe(201);
      await stream.waitFor(2);
      expect(stream.activities().map((a) => a.action)).toEqual(['user.role_changed', 'job.posted']);
    } finally {
      await stream.close();
    }
  });

  it('the stream of an admin whose role is taken away ends at its next news', async () => {
    // Casey was made admin above.
    const stream = await openStream(people.candidate.token);
    try {
      expect(stream.response.status).toBe(200);
      await stream.waitOpen();
      expect(
        (await send('PATCH', '/api/admin/users/role', { userId: people.candidate.userId, role: 'candidate' }, people.super_admin.token))
          .statusCode,
      ).toBe(200);
      await stream.waitEnd();
      expect(stream.activities()).toEqual([]);
    } finally {
      await stream.close();
    }
    expect((await get('/api/admin/activities', people.candidate.token)).statusCode).toBe(403);
  });
});
