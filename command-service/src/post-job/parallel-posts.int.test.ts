import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDataRules } from '@hireloop/contracts';
import { createPostgresEventStore, WrongExpectedVersionError, type PostgresEventStore } from '@hireloop/platform/event-store';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { readAllUntil } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { buildTestCommandApp, company, subscribeToPlan } from '../shared/test-app';

/*
 * Posts race on the company's subscription stream (each counts a posting there, ADR 030). On the
 * PostgreSQL event store they really interleave: the losers of a race must be decided again, as
 * `handleCommand` does for every command, never answered 412 while the plan has room.
 */
let db: TestDatabase;
let store: PostgresEventStore;
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;

beforeAll(async () => {
  db = await createTestDatabase('hl_posts');
  store = await createPostgresEventStore({ connectionString: db.url });
  const personalData = protectPersonalData({ eventStore: store, keys: createMemoryPersonalDataKeys(), rules: personalDataRules });
  ctx = await buildTestCommandApp({ eventStore: personalData.eventStore, personalData });
});

afterAll(async () => {
  await ctx?.app.close();
  await store?.close();
  await db?.drop();
});

const job = { title: 'Data Engineer', company: '', location: 'Austin, TX', salary: '', type: 'Full-time', remote: false, description: 'Own the pipelines.', requirements: 'SQL', skills: 'dbt', experience: 'Senior level', benefits: '' };

describe('parallel job posts by one company', () => {
  it('25 posts at once under the plan limit all succeed, decided in turn: no post is decided again after a conflict', async () => {
    // Every append that lost a race (before ADR 089: most of the 25, many of them several times).
    let conflicts = 0;
    const appendToStreams = ctx.deps.eventStore.appendToStreams.bind(ctx.deps.eventStore);
    ctx.deps.eventStore.appendToStreams = async (...args) => {
      try {
        return await appendToStreams(...args);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) conflicts++;
        throw error;
      }
    };
    const token = (await ctx.app.inject({ method: 'POST', url: '/api/auth/company/signup', payload: company })).json().token as string;
    await subscribeToPlan(ctx.app, token, 'enterprise');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => ctx.app.inject({ method: 'POST', url: '/api/jobs', payload: { ...job, title: `Job ${n}` }, headers: { authorization: `Bearer ${token}` } })),
    );
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => `${answer.statusCode} ${answer.json().error}`)).toEqual([]);
    // Every post was acknowledged; the log shows them once no older transaction on the server is open (ADR 001).
    const events = await readAllUntil(ctx.deps.eventStore, (all) => all.filter((event) => event.type === 'JobPostingCounted').length >= 25);
    expect(events.filter((event) => event.type === 'JobPosted')).toHaveLength(25);
    expect(events.filter((event) => event.type === 'JobPostingCounted')).toHaveLength(25);
    expect(conflicts).toBe(0);
    ctx.deps.eventStore.appendToStreams = appendToStreams;
  });
});
