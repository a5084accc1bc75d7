import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoReadStoreUnavailableError } from '@hireloop/platform/read-store/mongodb';
import { loadConfig } from '@hireloop/platform/config';
import { freePort } from '@hireloop/platform/embedded-postgres';
import { useApiApp } from '../support/api-app';
import { startTestMongo, type TestMongo } from '../support/mongodb';
import { createRuntime, ReadStoreUnavailableError } from '../../cli/src/runtime';
import { createTestDatabase } from '../support/postgres';

/*
 * The whole app with its read models on the MongoDB API (READ_STORE=mongodb, ADR 073); the event
 * log stays on PostgreSQL. Without MONGODB_URL the server is jongodb, which speaks MongoDB's wire
 * protocol but is not MongoDB: a wire-level check of the journey, not a test of MongoDB itself.
 */
let mongo: TestMongo;
let mongoUrl = '';
beforeAll(async () => {
  mongo = await startTestMongo();
  mongoUrl = mongo.url;
});
afterAll(async () => {
  await mongo?.stop();
});

const api = useApiApp('http://hireloop.test', { env: () => ({ READ_STORE: 'mongodb', MONGODB_URL: mongoUrl }) });

// Many steps, each waiting for its projections on a server that runs one transaction at a time:
// a loaded machine needs more than the default 30 s.
describe(`the app with READ_STORE=mongodb on ${process.env.MONGODB_URL ? 'MongoDB (MONGODB_URL)' : 'jongodb (wire-compatible, not MongoDB)'}`, () => {
  it('keeps its read models there: sign-up, a job posted and found on the board, a profile, an invitation', async () => {
    const company = await api.signUpCompany('northwind', { companyName: 'Northwind Analytics' });
    const me = await api.get('/api/auth/user', company.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ type: 'company', companyName: 'Northwind Analytics' });

    const jobId = await api.postJob(company, 'Staff Data Engineer');
    // Another company's job, which the search must leave out (a Free plan has one open job).
    await api.postJob(await api.signUpCompany('brightpath'), 'Frontend Engineer');
    const found = await api.get('/api/jobs?search=data%20engineer', null);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().map((job: { id: string; title: string }) => [job.id, job.title])).toEqual([[jobId, 'Staff Data Engineer']]);
    const page = await api.get(`/api/jobs/${jobId}`, null);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ title: 'Staff Data Engineer', company: 'Northwind Analytics' });

    const ada = await api.signUpCandidate('ada', { name: 'Ada Quill', email: 'ada@candidates.example' });
    const profileId = await api.createProfile(ada);
    const profile = await api.get('/api/profile', ada.token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ id: profileId, firstName: 'Ada', title: 'Data Engineer', skills: ['Kafka', 'SQL'] });
    const feed = await api.get('/api/candidates?page=1', company.token);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().map((card: { id: string }) => card.id)).toContain(profileId);

    const sent = await api.post('/api/job-invitations/send', company.token, { jobId, candidateId: profileId, message: 'We loved your pipeline work.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const invitations = await api.get('/api/my-invitations', ada.token);
    expect(invitations.statusCode, invitations.body).toBe(200);
    expect(invitations.json().invitations).toMatchObject([{ invitationId: sent.json().invitationId, jobTitle: 'Staff Data Engineer', company: 'Northwind Analytics', status: 'new' }]);

    // What was read came from the MongoDB server: its catalog names the read models, one holds the job.
    const client = await MongoClient.connect(mongoUrl);
    try {
      const catalog = await client.db().collection<{ _id: string; physical: string }>('read_store_catalog').find().toArray();
      expect(catalog.map((entry) => entry._id)).toEqual(expect.arrayContaining([expect.stringMatching(/^jobs_v/), expect.stringMatching(/^invitations_v/), expect.stringMatching(/^profiles_v/)]));
      const holders = [];
      for (const entry of catalog) if (await client.db().collection<{ _id: string }>(entry.physical).findOne({ _id: jobId })) holders.push(entry._id);
      expect(holders.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 120_000);
});

describe('READ_STORE=mongodb with a server that cannot be reached', () => {
  it('stops start-up with a message naming MONGODB_URL', async () => {
    const db = await createTestDatabase('hl_mongo_away');
    try {
      const port = await freePort();
      const url = `mongodb://127.0.0.1:${port}/hireloop?serverSelectionTimeoutMS=300`;
      const starting = createRuntime(loadConfig({ DATABASE_URL: db.url, READ_STORE: 'mongodb', MONGODB_URL: url }));
      const error = await starting.then(
        () => new Error('the runtime started'),
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ReadStoreUnavailableError);
      expect((error as Error).cause).toBeInstanceOf(MongoReadStoreUnavailableError);
      expect(String((error as Error).message)).toMatch(new RegExp(`^MongoDB at mongodb://127\\.0\\.0\\.1:${port}/hireloop\\?serverSelectionTimeoutMS=300 cannot be reached: .* \\(MONGODB_URL\\)\\. Start it, or set MONGODB_URL`));
    } finally {
      await db.drop();
    }
  });
});
