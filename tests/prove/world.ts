import { MIN_POSITION_HEADER, type PlanId } from '@hireloop/contracts';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { contactThreadIdFor } from '@hireloop/command-service/contacts/decider';
import { recipientsInbox } from '@hireloop/command-service/shared/test-app';
import { loadConfig } from '@hireloop/platform/config';
import { maxPosition } from '@hireloop/platform/event-store';
import { stateOf, type RateLimiter } from '@hireloop/platform/rate-limit/types';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/**
 * The world the attack parts of `npm run prove` (issue 27, ADR 089) run against: the real app (the
 * embedded default: commands, queries and projections in one process) over a fresh PostgreSQL
 * database, with live accounts of every role — a visitor, two candidates, two companies on a paid
 * plan, an admin and a super admin — and objects owned by each.
 */

export const CALLERS = ['visitor', 'candidateA', 'candidateB', 'companyA', 'companyB', 'admin', 'superAdmin'] as const;
/** The callers, and a third candidate who owns the private profile no caller owns. */
export type CallerName = (typeof CALLERS)[number] | 'candidateC';
export type Kind = 'candidate' | 'company';

export interface Account {
  name: CallerName;
  kind: Kind | null;
  token: string | null;
  email: string;
  password: string;
  userId: string;
  companyId: string | null;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = unknown>(): T;
}

export interface Request {
  method: string;
  url: string;
  caller?: CallerName | null;
  /** A token of its own (a session made for this request), instead of the caller's. */
  token?: string | null;
  payload?: unknown;
  headers?: Record<string, string>;
}

export type World = Awaited<ReturnType<typeof openWorld>>;

/** A rate limiter that counts nothing: the authorisation matrix asks who may do what, not how often. */
export const unlimited: RateLimiter = {
  hit: async (_key, rule, now) => stateOf(0, rule, now),
  check: async (_key, rule, now) => stateOf(0, rule, now),
  undo: async () => undefined,
  clear: async () => undefined,
  close: async () => undefined,
};

export async function openWorld(options: { rateLimited?: boolean; log?: (line: string) => void } = {}) {
  const publicUrl = 'http://hireloop.test';
  const db: TestDatabase = await createTestDatabase('hl_prove');
  const runtime: Runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL: publicUrl }));
  // Mail as its recipients get it (invitation links), everything going on to the real outbox.
  const inbox = recipientsInbox(runtime.mailer);
  const build = () =>
    buildApp({ ...runtime, mailer: inbox, ...(options.rateLimited === false ? { rateLimiter: unlimited } : {}) }, { spaDir: false, publicUrl, logger: false, readYourWritesTimeoutMs: 15_000 });
  let app = await build();
  // On a box loaded far past its cores (load 25 on 2 here) the first start, which makes every read
  // model's tables, can pass fastify's 10 s for onReady; the tables made stay, so a second start is quick.
  for (let attempt = 1; ; attempt++) {
    try {
      await app.ready();
      break;
    } catch (error) {
      const codes = [(error as { code?: string }).code, (error as { cause?: { code?: string } }).cause?.code];
      const timedOut = codes.includes('AVV_ERR_READY_TIMEOUT') || codes.includes('FST_ERR_HOOK_TIMEOUT');
      if (!timedOut || attempt >= 3) throw error;
      options.log?.(`prove world: the app did not start in fastify's time (attempt ${attempt}); starting it again`);
      await app.close().catch(() => undefined);
      app = await build();
    }
  }

  let position = '';
  let addresses = 0;
  /** Each request from an address of its own: the per-address limits are not what these parts ask about. */
  const address = () => {
    addresses++;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };
  const accounts = new Map<CallerName, Account>();

  async function send(request: Request): Promise<Answer> {
    const token = request.token !== undefined ? request.token : request.caller ? (accounts.get(request.caller)?.token ?? null) : null;
    const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(request.method === 'GET' && position ? { [MIN_POSITION_HEADER]: position } : {}), ...request.headers };
    const payload = request.payload;
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      remoteAddress: address(),
      ...(payload === undefined ? {} : typeof payload === 'string' || Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
    });
    const written = response.headers['x-position'];
    if (written) position = maxPosition(position, String(written));
    return response as unknown as Answer;
  }

  const must = async (request: Request, status: number) => {
    const answer = await send(request);
    if (answer.statusCode !== status) throw new Error(`${request.method} ${request.url} as ${request.caller ?? 'visitor'}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    return answer.json<Record<string, unknown> & { token: string; user: { id: string; companyId?: string | null } }>();
  };

  const deps = () => ({ ...runtime, sessionTtlMs: 3600_000, publicUrl, linkedin: null });
  let people = 0;
  async function signUp(name: CallerName, kind: Kind): Promise<Account> {
    const n = ++people;
    const email = `${name.toLowerCase()}-${n}@prove.example`;
    const password = `${kind}-password-${n}`;
    const answer =
      kind === 'candidate'
        ? await must({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: `Prove ${name}`, email, password } }, 201)
        : await must({ method: 'POST', url: '/api/auth/company/signup', payload: { companyName: `Prove ${name} Ltd`, contactName: `${name} hiring`, email, password, website: `https://${name.toLowerCase()}.example`, location: 'Austin, TX', industry: 'Data' } }, 201);
    const account: Account = { name, kind, token: answer.token, email, password, userId: answer.user.id, companyId: answer.user.companyId ?? null };
    accounts.set(name, account);
    return account;
  }
  async function subscribe(name: CallerName, planId: PlanId) {
    const created = await must({ method: 'POST', url: '/api/subscription/create', caller: name, payload: { planId } }, 200);
    const checkoutUrl = created.checkoutUrl as string | undefined;
    if (!checkoutUrl) return;
    const confirmed = await send({ method: 'POST', url: `${new URL(checkoutUrl, publicUrl).pathname}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    if (confirmed.statusCode !== 303) throw new Error(`checkout of ${planId} for ${name}: ${confirmed.statusCode} ${confirmed.body}`);
  }
  /** Grants a role as an operator does, then signs in again so the token carries it. */
  async function grant(name: CallerName, role: 'admin' | 'super_admin') {
    const account = accounts.get(name)!;
    const granted = await grantRoleAsSystem(deps(), account.email, role, 'prove');
    position = maxPosition(position, granted.position);
    const login = await must({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } }, 200);
    account.token = login.token;
  }
  /** A new session of `name` (for a request that ends its session). */
  async function freshSession(name: CallerName) {
    const account = accounts.get(name)!;
    return (await must({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } }, 200)).token;
  }

  async function createProfile(name: CallerName, isPublic = true) {
    const answer = await must(
      { method: 'POST', url: '/api/profile', caller: name, payload: { firstName: 'Ada', lastName: name, jobTitle: 'Data Engineer', skills: ['Kafka', 'SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic } },
      201,
    );
    return (answer.profile as { id: string }).id;
  }
  async function postJob(name: CallerName, title = 'Staff Data Engineer') {
    const answer = await must({ method: 'POST', url: '/api/jobs', caller: name, payload: { title, location: 'Austin, TX', description: 'Own the pipelines.', skills: 'SQL, Kafka' } }, 201);
    const job = answer.job as { id: string; shareToken: string };
    return { jobId: job.id, shareToken: job.shareToken };
  }

  /** Waits for the `count`-th mail to `to` (mail leaves through the bus's work queue). */
  async function mailsTo(to: string, count = 1) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mails = inbox.receivedBy(to);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  async function apply(name: CallerName, jobId: string) {
    return (await must({ method: 'POST', url: `/api/jobs/${jobId}/apply`, caller: name, payload: {} }, 201)).applicationId as string;
  }
  /** `company` invites `candidate` (by profile id) to `jobId`: the invitation's id and its mail's token. */
  async function invite(company: CallerName, candidate: CallerName, profileId: string, jobId: string) {
    const to = accounts.get(candidate)!.email;
    const before = inbox.receivedBy(to).length;
    const invitationId = (await must({ method: 'POST', url: '/api/job-invitations/send', caller: company, payload: { jobId, candidateId: profileId, message: 'Come and talk.' } }, 201)).invitationId as string;
    const mails = await mailsTo(to, before + 1);
    const token = /\/invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(mails[before]!.text)?.[1];
    if (!token) throw new Error(`no invitation link in the mail to ${candidate}`);
    return { invitationId, token };
  }
  /** `company` writes to the candidate of `profileId`: the thread's id (one thread per company and candidate). */
  async function contact(company: CallerName, candidate: CallerName, profileId: string) {
    await must({ method: 'POST', url: '/api/candidates/contact', caller: company, payload: { candidateId: profileId, message: 'Hello from us.' } }, 201);
    return contactThreadIdFor(accounts.get(company)!.companyId!, accounts.get(candidate)!.userId);
  }
  let searches = 0;
  async function saveSearch(name: CallerName) {
    return ((await must({ method: 'POST', url: '/api/saved-searches', caller: name, payload: { keywords: `data ${++searches}`, frequency: 'daily' } }, 201)).savedSearch as { id: string }).id;
  }
  async function createApiKey(name: CallerName) {
    return (await must({ method: 'POST', url: '/api/api-keys', caller: name, payload: { name: 'prove' } }, 201)).id as string;
  }

  const visitor: Account = { name: 'visitor', kind: null, token: null, email: '', password: '', userId: '', companyId: null };
  accounts.set('visitor', visitor);
  await signUp('candidateA', 'candidate');
  await signUp('candidateB', 'candidate');
  await signUp('companyA', 'company');
  await signUp('companyB', 'company');
  await signUp('admin', 'candidate');
  await signUp('superAdmin', 'candidate');
  await grant('admin', 'admin');
  await grant('superAdmin', 'super_admin');
  // Paid plans: the matrix and the fuzzer post and invite past a free plan's one job (ADR 030).
  await subscribe('companyA', 'enterprise');
  await subscribe('companyB', 'enterprise');

  return {
    app,
    runtime,
    accounts,
    account: (name: CallerName) => accounts.get(name)!,
    send,
    must,
    createProfile,
    postJob,
    freshSession,
    signUpCandidate: (name: CallerName) => signUp(name, 'candidate'),
    apply,
    invite,
    contact,
    saveSearch,
    createApiKey,
    mailsTo,
    /** Waits until every write sent so far is in the read models a GET reads. */
    position: () => position,
    async close() {
      await app.close();
      await runtime.close();
      await db.drop();
    },
  };
}

/** An object the matrix calls routes on: who owns it, the other party to it (if any), and the values of its path parameters. */
export interface OwnedObject {
  owner: CallerName;
  party: CallerName | null;
  params: Record<string, string>;
}

export type ObjectKind = 'job' | 'profile' | 'application' | 'invitation' | 'thread' | 'savedSearch' | 'apiKey' | 'company';

/** Makes one object of `kind` owned by `owner` (a candidate or a company: its counterpart is the same letter's). */
export async function makeObject(world: World, kind: ObjectKind, owner: CallerName, profiles: Partial<Record<CallerName, string>>): Promise<OwnedObject> {
  const letter = owner.endsWith('A') ? 'A' : 'B';
  const candidate = `candidate${letter}` as CallerName;
  const company = `company${letter}` as CallerName;
  const profileOf = (name: CallerName) => profiles[name]!;
  switch (kind) {
    case 'job': {
      const { jobId, shareToken } = await world.postJob(owner);
      return { owner, party: null, params: { jobId, shareToken } };
    }
    case 'profile':
      return { owner, party: null, params: { id: profileOf(owner), candidateUserId: world.account(owner).userId } };
    case 'application': {
      const { jobId } = await world.postJob(company);
      await world.apply(candidate, jobId);
      return { owner: candidate, party: company, params: { jobId, candidateUserId: world.account(candidate).userId } };
    }
    case 'invitation': {
      const { jobId } = await world.postJob(company);
      const { invitationId, token } = await world.invite(company, candidate, profileOf(candidate), jobId);
      return { owner: company, party: candidate, params: { invitationId, token, jobId } };
    }
    case 'thread':
      return { owner: company, party: candidate, params: { threadId: await world.contact(company, candidate, profileOf(candidate)) } };
    case 'savedSearch':
      return { owner, party: null, params: { searchId: await world.saveSearch(owner) } };
    case 'apiKey':
      return { owner, party: null, params: { keyId: await world.createApiKey(owner) } };
    case 'company':
      return { owner, party: null, params: { companyId: world.account(owner).companyId!, id: world.account(owner).companyId! } };
  }
}

/** Which kind of account owns objects of each kind. */
export const OWNER_KIND: Record<ObjectKind, Kind> = {
  job: 'company',
  profile: 'candidate',
  application: 'candidate',
  invitation: 'company',
  thread: 'company',
  savedSearch: 'candidate',
  apiKey: 'candidate',
  company: 'company',
};
