import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { DomainError, personalDataRules } from '@hireloop/contracts';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { createMemoryPersonalDataKeys } from '@hireloop/platform/personal-data/memory';
import { protectPersonalData } from '@hireloop/platform/personal-data/protected-event-store';
import { erasePerson } from '../erase-person/erasure';
import { buildTestCommandApp, candidate, company } from '../shared/test-app';
import { requireAccount, requireAccountRole } from './accounts';

let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
let lookups = 0;

beforeEach(async () => {
  const keys = createMemoryPersonalDataKeys();
  const lookup = keys.lookup.bind(keys);
  keys.lookup = (subjects) => {
    lookups++;
    return lookup(subjects);
  };
  const personalData = protectPersonalData({ eventStore: createMemoryEventStore(), keys, rules: personalDataRules });
  ctx = await buildTestCommandApp({ eventStore: personalData.eventStore, personalData });
});
afterEach(async () => {
  await ctx.app.close();
});

const signUp = async (url: string, payload: object) => {
  const response = await ctx.app.inject({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ token: string; user: { id: string } }>();
};
/** A request signed in as `userId`, as the auth plugin decorates it. */
const signedInAs = (userId: string) => ({ requireSession: async () => ({ userId }) }) as unknown as FastifyRequest;
const outcome = async <T>(work: Promise<T>) => work.catch((error: unknown) => (error instanceof DomainError ? { error: error.code, message: error.message } : Promise.reject(error)));

describe("a job post's account check without the account's personal data (ADR 114)", () => {
  it('answers what requireAccount answers for companies and candidates, erased or not', async () => {
    const employer = await signUp('/api/auth/company/signup', company);
    const person = await signUp('/api/auth/candidate/signup', candidate);
    const gone = await signUp('/api/auth/candidate/signup', { ...candidate, email: 'gone@example.com' });
    await erasePerson(ctx.deps, gone.user.id, 'test-erasure');
    for (const userId of [employer.user.id, person.user.id, gone.user.id, 'nobody']) {
      const full = await outcome(requireAccount(ctx.deps, signedInAs(userId)));
      const role = await outcome(requireAccountRole(ctx.deps, signedInAs(userId)));
      if ('error' in full) expect(role).toEqual(full);
      else expect(role).toEqual({ userId: full.userId, type: full.type, role: full.role, companyId: full.companyId });
    }
    expect(await outcome(requireAccountRole(ctx.deps, signedInAs(gone.user.id)))).toMatchObject({ error: 'unauthenticated' });
  });

  it('a job post looks up no personal-data key', async () => {
    const { token } = await signUp('/api/auth/company/signup', company);
    lookups = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: { title: 'Data Engineer', location: 'Austin, TX', description: 'Pipelines.' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().job.company).toBe(company.companyName);
    expect(lookups).toBe(0);
  });
});
