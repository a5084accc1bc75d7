import { afterAll, beforeAll, expect } from 'vitest';
import { MIN_POSITION_HEADER, type Role } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import type { Clock } from '@hireloop/platform/runtime';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { buildApp, type AppOptions } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from './postgres';

export interface Caller {
  token: string;
  email: string;
  companyId: string | null;
  userId: string;
}

export interface ApiAppOptions {
  /** The app's clock (a `fixedClock` to move time on); default the runtime's. */
  clock?: Clock;
  /** How long sessions last; default the app's. */
  sessionTtlMs?: number;
  /** More settings for `loadConfig` (such as `MONGODB_URL`), read when the app starts. */
  env?: () => Record<string, string>;
  /** The read models this app runs (default all): a read model left out is one no process runs. */
  projectionDefinitions?: AppOptions['projectionDefinitions'];
}

/**
 * The real app over a test PostgreSQL for an API test file, set up in its `beforeAll` and torn
 * down in its `afterAll`, with the calls such tests make: each POST from an address of its own
 * (the sign-up throttle is not what they test), each GET after every write seen so far
 * (read-your-writes), roles granted as an operator does, mail caught per recipient.
 */
export function useApiApp(publicUrl = 'http://hireloop.test', options: ApiAppOptions = {}) {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let mail: ReturnType<typeof recipientsInbox>;
  let position = '';
  let addresses = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await createRuntime(loadConfig({ ...options.env?.(), DATABASE_URL: db.url, PUBLIC_URL: publicUrl }));
    mail = recipientsInbox(runtime.mailer);
    app = await buildApp(
      { ...runtime, mailer: mail, ...(options.clock ? { clock: options.clock } : {}) },
      {
        spaDir: false,
        publicUrl,
        readYourWritesTimeoutMs: 15_000,
        ...(options.sessionTtlMs ? { sessionTtlMs: options.sessionTtlMs } : {}),
        ...(options.projectionDefinitions ? { projectionDefinitions: options.projectionDefinitions } : {}),
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const remember = <R extends { headers: Record<string, unknown> }>(response: R): R => {
    if (response.headers['x-position']) position = maxPosition(position, String(response.headers['x-position']));
    return response;
  };
  /** A POST from an address of its own, unless `remoteAddress` says which (a test of a limit per address). */
  const post = async (url: string, token: string | null, payload?: unknown, remoteAddress = `10.14.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`) =>
    remember(await app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress }));
  const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [MIN_POSITION_HEADER]: position } });
  /** What the command side's functions take (erasure, roles, lookups), on this app's runtime, mail and clock. */
  const deps = () => ({ ...runtime, mailer: mail, ...(options.clock ? { clock: options.clock } : {}), sessionTtlMs: 3600_000, publicUrl, linkedin: null });
  /** Takes a write made outside the routes (an erasure, a role) into what the next GET waits for. */
  const sawPosition = (next: string) => {
    position = maxPosition(position, next);
  };
  const grant = async (email: string, role: Role) => sawPosition((await grantRoleAsSystem(deps(), email, role, 'test')).position);
  const signUpCompany = async (key: string, names: { companyName?: string; email?: string } = {}): Promise<Caller> => {
    const email = names.email ?? `${key}@${key}.example`;
    const companyName = names.companyName ?? `${key} Labs`;
    const response = await post('/api/auth/company/signup', null, { companyName, contactName: `${key} hiring`, email, password: 'company-password-1', website: `https://${key}.example`, location: 'Austin, TX', industry: 'Data' });
    expect(response.statusCode, response.body).toBe(201);
    return { token: response.json().token, email, companyId: response.json().user.companyId, userId: response.json().user.id };
  };
  const signUpCandidate = async (key: string, names: { name?: string; email?: string } = {}): Promise<Caller> => {
    const email = names.email ?? `${key}@mail.example`;
    const response = await post('/api/auth/candidate/signup', null, { name: names.name ?? `Cand ${key}`, email, password: 'candidate-password-1' });
    expect(response.statusCode, response.body).toBe(201);
    return { token: response.json().token, email, companyId: null, userId: response.json().user.id };
  };
  /** A profile for `caller`: public and actively looking unless told otherwise; its id. */
  const createProfile = async (caller: Caller, options: { isPublic?: boolean; isActivelyLooking?: boolean } = {}) => {
    const response = await post('/api/profile', caller.token, {
      firstName: 'Ada',
      lastName: 'Quill',
      jobTitle: 'Data Engineer',
      skills: ['Kafka', 'SQL'],
      experience: '7 years',
      location: 'Lisbon, Portugal',
      isActivelyLooking: options.isActivelyLooking ?? true,
      isPublic: options.isPublic ?? true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().profile.id as string;
  };
  const postJob = async (caller: Caller, title = 'Staff Data Engineer') => {
    const response = await post('/api/jobs', caller.token, { title, location: 'Austin, TX', description: 'Own the pipelines.' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().job.id as string;
  };
  /** Mail leaves through the bus's work queue: waits for the `count`-th mail to `to`. */
  const mailsTo = async (to: string, count = 1): Promise<MailMessage[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = mail.receivedBy(to);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return { app: () => app, runtime: () => runtime, databaseUrl: () => db.url, deps, sawPosition, post, get, grant, signUpCompany, signUpCandidate, createProfile, postJob, mailsTo };
}
