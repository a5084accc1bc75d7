import { afterEach, describe, expect, it } from 'vitest';
import { POSITION_HEADER } from '@hireloop/contracts';
import type { EventStore } from '@hireloop/platform/event-store';
import { IDEMPOTENCY_MESSAGES } from '@hireloop/platform/http/idempotency';
import { createMemoryIdempotencyStore } from '@hireloop/platform/idempotency/memory';
import type { IdempotencyStore } from '@hireloop/platform/idempotency/types';
import { fixedClock } from '@hireloop/platform/runtime';
import type { CommandServiceDeps } from './deps';
import { buildTestCommandApp, candidate, company, subscribeToPlan } from './test-app';

/** Writes sent with an Idempotency-Key, through the command routes (ADR 015). */
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
afterEach(async () => {
  await ctx.app.close();
});

const job = { title: 'Senior Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.', type: 'Full-time' };

const start = async (overrides: Partial<CommandServiceDeps> = {}) => {
  ctx = await buildTestCommandApp(overrides);
};
const signUp = async (who: typeof company = company) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: who });
  expect(response.statusCode).toBe(201);
  // The tests post several jobs: a plan without a job post limit (plan limits, ADR 030).
  await subscribeToPlan(ctx.app, response.json().token as string, 'enterprise');
  return `Bearer ${response.json().token as string}`;
};
const postJob = (authorization: string, key: string | null, payload: object = job) =>
  ctx.app.inject({ method: 'POST', url: '/api/jobs', payload, headers: { authorization, ...(key === null ? {} : { 'idempotency-key': key }) } });
const eventsOfType = async (type: string) => (await ctx.deps.eventStore.readAll('')).events.filter((event) => event.type === type);

/** An event store whose job appends wait until the test opens the gate. */
function gatedEventStore(inner: EventStore) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const appending = new Promise<void>((resolve) => (entered = resolve));
  const store: EventStore = {
    ...inner,
    append: async (streamId, events, options) => {
      if (streamId.startsWith('job-')) {
        entered();
        await gate;
      }
      return inner.append(streamId, events, options);
    },
    // A company user's job post is appended together with its plan's posting (ADR 030).
    appendToStreams: async (appends) => {
      if (appends.some((append) => append.streamId.startsWith('job-'))) {
        entered();
        await gate;
      }
      return inner.appendToStreams(appends);
    },
  };
  return { store, open, appending };
}

describe('a write sent again with the same Idempotency-Key', () => {
  it('a retried job post gets the first answer again, and only one job is posted', async () => {
    await start();
    const company = await signUp();

    const first = await postJob(company, 'post-job-7f3c');
    const retry = await postJob(company, 'post-job-7f3c');

    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().job.id).toBe(first.json().job.id);
    expect(retry.body).toBe(first.body);
    expect(retry.headers[POSITION_HEADER]).toBe(first.headers[POSITION_HEADER]);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOfType('JobPosted')).toHaveLength(1);
  });

  it('the key in its RFC 8941 string form ("…") is the same key', async () => {
    await start();
    const company = await signUp();
    const first = await postJob(company, 'uuid-1');
    const retry = await postJob(company, '"uuid-1"');
    expect(retry.json().job.id).toBe(first.json().job.id);
    expect(await eventsOfType('JobPosted')).toHaveLength(1);
  });

  it('the same body with its keys in another order is the same request', async () => {
    await start();
    const company = await signUp();
    const first = await postJob(company, 'k-1', job);
    const reordered = Object.fromEntries(Object.entries(job).reverse());
    const retry = await postJob(company, 'k-1', reordered);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().job.id).toBe(first.json().job.id);
  });

  it('the key with another body, or on another route, is a 422 and changes nothing', async () => {
    await start();
    const company = await signUp();
    const first = await postJob(company, 'k-1');
    const jobId = first.json().job.id as string;

    const otherBody = await postJob(company, 'k-1', { ...job, title: 'Staff Data Engineer' });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ success: false, error: IDEMPOTENCY_MESSAGES.otherRequest });

    const otherRoute = await ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/close`, headers: { authorization: company, 'idempotency-key': 'k-1' } });
    expect(otherRoute.statusCode).toBe(422);
    expect(await eventsOfType('JobPosted')).toHaveLength(1);
    expect(await eventsOfType('JobClosed')).toHaveLength(0);
  });

  it('a retry while the first request still runs is a 409; the first then answers, and later retries get its answer', async () => {
    await start();
    const company = await signUp();
    const gated = gatedEventStore(ctx.deps.eventStore);
    await ctx.app.close();
    await start({ eventStore: gated.store, secrets: ctx.deps.secrets });

    const first = postJob(company, 'slow-1');
    await gated.appending;
    const whileRunning = await postJob(company, 'slow-1');
    expect(whileRunning.statusCode).toBe(409);
    expect(whileRunning.json()).toEqual({ success: false, error: IDEMPOTENCY_MESSAGES.stillRunning });
    expect(whileRunning.headers['retry-after']).toBe('1');

    gated.open();
    const answered = await first;
    expect(answered.statusCode).toBe(201);
    const after = await postJob(company, 'slow-1');
    expect(after.json().job.id).toBe(answered.json().job.id);
    expect(await eventsOfType('JobPosted')).toHaveLength(1);
  });

  it("another user's request with the same key runs on its own", async () => {
    await start();
    const northwind = await signUp();
    const contoso = await signUp({ ...company, companyName: 'Contoso', email: 'jobs@contoso.example' });

    const mine = await postJob(northwind, 'shared-key');
    const theirs = await postJob(contoso, 'shared-key');

    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().job.id).not.toBe(mine.json().job.id);
    expect(theirs.json().job.company).toBe('Contoso');
    expect(await eventsOfType('JobPosted')).toHaveLength(2);
  });

  it('a request refused as bad input does not use up its key: the corrected request runs', async () => {
    await start();
    const company = await signUp();

    const refused = await postJob(company, 'k-fix', { ...job, title: '' });
    expect(refused.statusCode).toBe(400);
    const fixed = await postJob(company, 'k-fix');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOfType('JobPosted')).toHaveLength(1);
  });

  it('a request that failed on our side (500) does not use up its key: the retry runs', async () => {
    await start();
    const company = await signUp();
    const inner = ctx.deps.eventStore;
    let failures = 1;
    const flaky: EventStore = {
      ...inner,
      append: async (streamId, events, options) => {
        if (streamId.startsWith('job-') && failures-- > 0) throw new Error('connection reset');
        return inner.append(streamId, events, options);
      },
      // A company user's job post is appended together with its plan's posting (ADR 030).
      appendToStreams: async (appends) => {
        if (appends.some((append) => append.streamId.startsWith('job-')) && failures-- > 0) throw new Error('connection reset');
        return inner.appendToStreams(appends);
      },
    };
    await ctx.app.close();
    await start({ eventStore: flaky, secrets: ctx.deps.secrets });

    expect((await postJob(company, 'k-500')).statusCode).toBe(500);
    const retry = await postJob(company, 'k-500');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOfType('JobPosted')).toHaveLength(1);
  });

  it('a refusal that ran (403: a candidate posting a job) is kept and given again', async () => {
    await start();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: candidate });
    const authorization = `Bearer ${response.json().token as string}`;
    const first = await postJob(authorization, 'k-403');
    const retry = await postJob(authorization, 'k-403');
    expect(first.statusCode).toBe(403);
    expect(retry.statusCode).toBe(403);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
  });

  it('a key is kept 24 hours: a retry the second before gets the first answer, one after runs anew', async () => {
    const clock = fixedClock('2026-11-23T10:00:00.000Z');
    await start({ clock, sessionTtlMs: 7 * 24 * 3600_000 });
    const company = await signUp();

    const first = await postJob(company, 'daily-1');
    clock.advance(24 * 3600_000 - 1000);
    expect((await postJob(company, 'daily-1')).json().job.id).toBe(first.json().job.id);
    clock.advance(1000);
    const nextDay = await postJob(company, 'daily-1');
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.json().job.id).not.toBe(first.json().job.id);
    expect(await eventsOfType('JobPosted')).toHaveLength(2);
  });

  it('writes without the header are not affected: two posts are two jobs', async () => {
    await start();
    const company = await signUp();
    await postJob(company, null);
    await postJob(company, null);
    expect(await eventsOfType('JobPosted')).toHaveLength(2);
  });
});

describe('answers that carry a secret', () => {
  /** The store as the routes use it, with everything they ask it to keep. */
  function recordingStore() {
    const inner = createMemoryIdempotencyStore();
    const kept: unknown[] = [];
    const store: IdempotencyStore = {
      ...inner,
      claim: async (request, now, leaseMs) => {
        kept.push(request);
        return inner.claim(request, now, leaseMs);
      },
      complete: async (id, claim, answer, expiresAt) => {
        kept.push({ id, claim, answer });
        return inner.complete(id, claim, answer, expiresAt);
      },
    };
    return { store, kept };
  }

  it('a sign-up sent twice with one key creates one account; the token is never kept, so the repeat is a 409 that says so', async () => {
    const { store, kept } = recordingStore();
    await start({ idempotency: store });
    const headers = { 'idempotency-key': 'signup-1' };

    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: company, headers });
    const repeat = await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: company, headers });

    expect(first.statusCode).toBe(201);
    const token = first.json().token as string;
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ success: false, error: IDEMPOTENCY_MESSAGES.answerNotKept });
    expect(await eventsOfType('CompanyRegistered')).toHaveLength(1);
    const everythingKept = JSON.stringify(kept);
    expect(kept).toContainEqual(expect.objectContaining({ answer: null }));
    for (const secret of [token, company.password, company.email, 'signup-1']) expect(everythingKept).not.toContain(secret);
  });

  it('a sign-in with a key keeps no token either', async () => {
    const { store, kept } = recordingStore();
    await start({ idempotency: store });
    await signUp();
    const login = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: company.email, password: company.password }, headers: { 'idempotency-key': 'login-1' } });

    const first = await login();
    expect(first.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(409);
    expect(JSON.stringify(kept)).not.toContain(first.json().token as string);
  });
});

describe('the Idempotency-Key header itself', () => {
  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['empty', ''],
    ['an empty string', '""'],
    ['not ASCII', 'clé-1'],
  ])('a key %s is refused with a clear message', async (_what, key) => {
    await start();
    const company = await signUp();
    const response = await postJob(company, key);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(IDEMPOTENCY_MESSAGES.badKey);
    expect(await eventsOfType('JobPosted')).toHaveLength(0);
  });

  it('a key of 255 printable characters is accepted', async () => {
    await start();
    const company = await signUp();
    expect((await postJob(company, `${'k'.repeat(250)} ~!{}`)).statusCode).toBe(201);
  });

  it('two Idempotency-Key headers are refused', async () => {
    await start();
    const company = await signUp();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/jobs', payload: job, headers: { authorization: company, 'idempotency-key': ['a', 'b'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(IDEMPOTENCY_MESSAGES.severalKeys);
  });
});
