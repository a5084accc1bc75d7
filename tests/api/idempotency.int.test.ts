import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_HEADER } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { IDEMPOTENCY_MESSAGES } from '@hireloop/platform/http/idempotency';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { untilReadable } from '../contracts/event-store.contract';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/** Idempotency-Key through the whole app on PostgreSQL, as `hireloop start` wires it (ADR 015). */
let db: TestDatabase;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase('hl_idempotency_api');
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url }));
  app = await buildApp(runtime, { spaDir: false, publicUrl: 'http://hireloop.test' });
  await app.ready();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await app?.close();
  await runtime?.close();
  await db?.drop();
});

const hiring = { companyName: 'Northwind Analytics', contactName: 'Maya Okafor', email: 'talent@northwind.example', password: 'a-long-enough-secret' };
const job = { title: 'Platform Engineer', location: 'Remote', description: 'Keep the lights on.', type: 'Full-time' };
const signUp = (key: string) => app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: hiring, headers: { 'idempotency-key': key } });
const tableText = async () => JSON.stringify((await sql.query('SELECT * FROM idempotency_keys')).rows);

describe('idempotent writes on PostgreSQL', () => {
  let authorization: string;

  it('a sign-up repeated with its key creates one account, and the table holds neither the token nor anything else sent', async () => {
    const first = await signUp('3b8e1c52-signup');
    expect(first.statusCode).toBe(201);
    const token = first.json().token as string;
    authorization = `Bearer ${token}`;

    const repeat = await signUp('3b8e1c52-signup');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe(IDEMPOTENCY_MESSAGES.answerNotKept);

    const { rows } = await sql.query<{ completed: boolean; answer: unknown }>('SELECT completed, answer FROM idempotency_keys');
    expect(rows).toEqual([{ completed: true, answer: null }]);
    const stored = await tableText();
    for (const secret of [token, hiring.password, hiring.email, '3b8e1c52-signup']) expect(stored).not.toContain(secret);
  });

  it('five simultaneous posts of one job with one key post it once; every retry gets that job', async () => {
    const send = () => app.inject({ method: 'POST', url: '/api/jobs', payload: job, headers: { authorization, 'idempotency-key': 'post-platform-engineer' } });
    const answers = await Promise.all(Array.from({ length: 5 }, send));

    const ran = answers.filter((answer) => answer.statusCode === 201 && answer.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    const jobId = ran[0]!.json().job.id as string;
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 201) expect(answer.json().job.id).toBe(jobId);
      else expect(answer.json().error).toBe(IDEMPOTENCY_MESSAGES.stillRunning);
    }

    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().job.id).toBe(jobId);
    // Gap-safe reads hold the event back while any older transaction in the cluster is open.
    await untilReadable(runtime.eventStore, String(ran[0]!.headers[POSITION_HEADER]));
    const { events } = await runtime.eventStore.readAll('', { batchSize: 1000 });
    expect(events.filter((event) => event.type === 'JobPosted')).toHaveLength(1);
    expect(await tableText()).toContain(jobId);
  });

  it('the OpenAPI document shows the header, and the 422, on every write route', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; responses: Record<string, unknown> }>>;
    };
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(writes.map((write) => write.route)).toEqual(expect.arrayContaining(['POST /api/jobs', 'POST /api/auth/login', 'PATCH /api/admin/users/role']));
    // Reading an uploaded resume changes nothing and its answer is personal data: no key (ADR 025).
    // Uploading a picture again gives the same stored picture (one per owner and content, ADR 046): no key needed.
    const withoutKey = ['POST /api/extract-resume', 'POST /api/parse-resume', 'POST /api/profile-pictures'];
    expect(writes.map((write) => write.route)).toEqual(expect.arrayContaining(withoutKey));
    for (const { route, operation } of writes) {
      const declared = operation.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key') ?? false;
      if (withoutKey.includes(route)) {
        expect(declared, route).toBe(false);
        continue;
      }
      expect(declared, route).toBe(true);
      expect(operation.responses['422'], route).toBeDefined();
    }
  });
});
