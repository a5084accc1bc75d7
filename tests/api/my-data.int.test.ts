import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, MY_DATA_MESSAGES, MyDataExport } from '@hireloop/contracts';
import { START, type RecordedEvent } from '@hireloop/platform/event-store';
import { useApiApp, type Caller } from '../support/api-app';
import { tablesHolding } from '../support/table-scan';

/**
 * Data rights in the app (issue 27, ADR 080): the signed-in person downloads what Hireloop holds
 * about them and deletes their account, as each kind of caller.
 */
const api = useApiApp();
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: api.databaseUrl(), max: 2 });
});
afterAll(async () => {
  await pool?.end();
});

/** As the app asks: with the position of the caller's last write, so the export waits until the log shows it. */
const exportOf = async (caller: Caller | null, seen?: string) =>
  api.app().inject({ method: 'POST', url: '/api/me/data-export', headers: { ...(caller ? { authorization: `Bearer ${caller.token}` } : {}), ...(seen ? { [MIN_POSITION_HEADER]: seen } : {}) } });
const deleteAccount = async (caller: Caller | null, confirmEmail: string) =>
  api.app().inject({ method: 'DELETE', url: '/api/me', headers: caller ? { authorization: `Bearer ${caller.token}` } : {}, payload: { confirmEmail } });

describe('POST /api/me/data-export', () => {
  it('gives a candidate their account and their events, opened, and nobody else’s', async () => {
    const ada = await api.signUpCandidate('exportada', { name: 'Ada Exporter' });
    const profile = await api.post('/api/profile', ada.token, { firstName: 'Ada', lastName: 'Exporter', jobTitle: 'Data Engineer', skills: ['Kafka'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true });
    expect(profile.statusCode, profile.body).toBe(201);
    const adaProfile = String(profile.headers['x-position']);
    const other = await api.signUpCandidate('exportother', { name: 'Orla Otherperson' });
    await api.createProfile(other);

    const answer = await exportOf(ada, adaProfile);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="hireloop-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = MyDataExport.parse(answer.json());
    expect(data.account).toMatchObject({ userId: ada.userId, name: 'Ada Exporter', email: ada.email, type: 'candidate' });
    const types = data.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'CandidateProfileCreated']));
    // Opened: the name and the profile as they typed them.
    expect(answer.body).toContain('Ada Exporter');
    expect(answer.body).toContain('Data Engineer');
    expect(answer.body).not.toContain('"sealed"');
    expect(answer.body).not.toContain(other.userId);
    expect(answer.body).not.toContain('Orla Otherperson');
  });

  it('leaves another person’s personal fields out of an event that names both (an admin who added a candidate)', async () => {
    const admin = await api.signUpCandidate('exportadmin', { name: 'Ann Admin' });
    await api.grant(admin.email, 'admin');
    const added = await api.post('/api/admin/candidates', admin.token, { firstName: 'Priya', lastName: 'Addedperson', email: 'priya@added.example', phone: '+1 555 0199', skills: ['SQL'] });
    expect(added.statusCode, added.body).toBe(201);
    const answer = await exportOf(admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('Ann Admin');
    expect(answer.body).not.toContain('Addedperson');
    expect(answer.body).not.toContain('priya@added.example');
  });

  it('gives a company user theirs (the jobs they posted), and a visitor a 401', async () => {
    const company = await api.signUpCompany('exportco');
    const posted = await api.post('/api/jobs', company.token, { title: 'Export Engineer', location: 'Austin, TX', description: 'Ship the exports.' });
    expect(posted.statusCode, posted.body).toBe(201);
    const jobId = posted.json().job.id as string;
    const data = MyDataExport.parse((await exportOf(company, String(posted.headers['x-position']))).json());
    expect(data.account).toMatchObject({ type: 'company', companyId: company.companyId });
    expect(data.events.some((event) => event.type === 'JobPosted' && event.streamId.includes(jobId))).toBe(true);
    expect((await exportOf(null)).statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('erases the account after its email is typed again, as `hireloop erase` does, with the person as the actor', async () => {
    const bo = await api.signUpCandidate('deletebo', { name: 'Bo Deleteme' });
    await api.createProfile(bo);
    const wrong = await deleteAccount(bo, 'someone@else.example');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MY_DATA_MESSAGES.confirmEmailMismatch);
    expect((await api.get('/api/profile', bo.token)).statusCode).toBe(200);

    const deleted = await deleteAccount(bo, bo.email.toUpperCase());
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: MY_DATA_MESSAGES.deletedTitle });
    const position = String(deleted.headers['x-position']);
    api.sawPosition(position);
    // The session is gone with the account, and the name is stored nowhere.
    expect((await api.get('/api/profile', bo.token)).statusCode).toBe(401);
    expect(await tablesHolding(pool, 'Bo Deleteme', position)).toEqual([]);
    const signIn = await api.post('/api/auth/login', null, { email: bo.email, password: 'candidate-password-1' });
    expect(signIn.statusCode).toBe(401);
    // The activity log's event: the person erased themselves.
    const erased = await api.runtime().storedLog.readAll(START, { eventTypes: ['PersonErased'], batchSize: 1000 });
    const theirs = erased.events.find((event: RecordedEvent) => (event.data as { userId: string }).userId === bo.userId);
    expect(theirs?.metadata.actor).toEqual({ userId: bo.userId, role: 'candidate' });
  });

  it('is refused to a visitor, to a super admin, and without the email', async () => {
    expect((await deleteAccount(null, 'x@example.com')).statusCode).toBe(401);
    const sam = await api.signUpCandidate('deletesam');
    await api.grant(sam.email, 'super_admin');
    const refused = await deleteAccount(sam, sam.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MY_DATA_MESSAGES.superAdminCannotDelete);
    const empty = await deleteAccount(sam, '  ');
    expect(empty.statusCode).toBe(400);
    // A company user deletes their own account (the company and its jobs stay: they are not personal data).
    const company = await api.signUpCompany('deleteco');
    expect((await deleteAccount(company, company.email)).statusCode).toBe(200);
  });
});
