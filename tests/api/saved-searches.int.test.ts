import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES } from '@hireloop/contracts';
import { jobAlertsOf } from '@hireloop/command-service/app';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { fixedClock } from '@hireloop/platform/runtime';
import { useApiApp, type Caller } from '../support/api-app';

/*
 * Saved searches and job alerts (ADR 067), on the real app over PostgreSQL: who may keep them, and
 * the alert reaction mailing each new matching job once, never a job posted before the search.
 */
const clock = fixedClock('2026-11-27T09:00:00Z');
const api = useApiApp('http://hireloop.test', { clock });

const call = (method: 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object) =>
  api.app().inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

let lastWrite = '';
/** Waits until the job alert reaction has read the log up to the last job posted. */
async function alertsCaughtUp() {
  const pool = new pg.Pool({ connectionString: api.databaseUrl() });
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await pool.query<{ behind: boolean }>(
        `SELECT coalesce((SELECT position FROM reaction_checkpoints WHERE name = 'job-alerts'), '') < $1 AS behind`,
        [lastWrite],
      );
      if (rows[0] && !rows[0].behind) return;
      if (Date.now() > deadline) throw new Error('the job alert reaction did not catch up within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await pool.end();
  }
}

let companies = 0;
/** A job posted by a company of its own (a free plan allows one open job). */
async function postJob(title: string, description: string) {
  const company = await api.signUpCompany(`alerts${++companies}`);
  const response = await api.post('/api/jobs', company.token, { title, location: 'Lisbon, Portugal', description, type: 'Full-time' });
  expect(response.statusCode, response.body).toBe(201);
  lastWrite = String(response.headers['x-position']);
  return response.json().job.id as string;
}

const tokenIn = (text: string) => /\/alerts\/unsubscribe#(\S+)/.exec(text)?.[1] ?? null;

describe('who may keep saved searches', () => {
  it('a visitor 401, a company, an admin and a super admin 403; a candidate saves, lists, changes and deletes only their own', async () => {
    const search = { keywords: 'rust', location: 'remote', frequency: 'instant' };
    expect((await api.post('/api/saved-searches', null, search)).statusCode).toBe(401);
    expect((await api.get('/api/saved-searches', null)).statusCode).toBe(401);
    const company = await api.signUpCompany('who');
    const companyAnswer = await api.post('/api/saved-searches', company.token, search);
    expect([companyAnswer.statusCode, companyAnswer.json().error]).toEqual([403, SAVED_SEARCH_MESSAGES.candidatesOnly]);
    expect((await api.get('/api/saved-searches', company.token)).statusCode).toBe(403);
    for (const role of ['admin', 'super_admin'] as const) {
      const staff = await api.signUpCandidate(`staff-${role}`);
      await api.grant(staff.email, role);
      expect((await api.post('/api/saved-searches', staff.token, search)).statusCode).toBe(403);
      expect((await api.get('/api/saved-searches', staff.token)).statusCode).toBe(403);
    }

    const owner = await api.signUpCandidate('owner');
    const other = await api.signUpCandidate('other');
    const saved = await api.post('/api/saved-searches', owner.token, search);
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().savedSearch.id as string;
    expect((await api.get('/api/saved-searches', owner.token)).json().savedSearches).toEqual([
      expect.objectContaining({ id, keywords: 'rust', location: 'remote', type: '', frequency: 'instant', lastAlertAt: null }),
    ]);
    expect((await api.get('/api/saved-searches', other.token)).json().savedSearches).toEqual([]);
    // Someone else's search is as unknown as none.
    for (const caller of [other, company]) {
      const changed = await call('PATCH', `/api/saved-searches/${id}`, caller.token, { frequency: 'off' });
      expect(changed.statusCode).toBe(caller === other ? 404 : 403);
      expect((await call('DELETE', `/api/saved-searches/${id}`, caller.token)).statusCode).toBe(caller === other ? 404 : 403);
    }
    expect((await call('PATCH', `/api/saved-searches/${id}`, null, { frequency: 'off' })).statusCode).toBe(401);
    const daily = await call('PATCH', `/api/saved-searches/${id}`, owner.token, { frequency: 'daily' });
    expect(daily.statusCode).toBe(200);
    api.sawPosition(String(daily.headers['x-position']));
    expect((await api.get('/api/saved-searches', owner.token)).json().savedSearches[0].frequency).toBe('daily');
    const deleted = await call('DELETE', `/api/saved-searches/${id}`, owner.token);
    expect(deleted.statusCode).toBe(200);
    api.sawPosition(String(deleted.headers['x-position']));
    expect((await api.get('/api/saved-searches', owner.token)).json().savedSearches).toEqual([]);
    expect((await call('DELETE', `/api/saved-searches/${id}`, owner.token)).statusCode).toBe(404);
  });

  it('refuses an empty search, a bad frequency, the same search twice and more than the limit, with the messages', async () => {
    const candidate = await api.signUpCandidate('limits');
    const empty = await api.post('/api/saved-searches', candidate.token, { keywords: '  ', frequency: 'daily' });
    expect([empty.statusCode, empty.json().error]).toEqual([400, SAVED_SEARCH_MESSAGES.empty]);
    expect((await api.post('/api/saved-searches', candidate.token, { keywords: 'go', frequency: 'hourly' })).statusCode).toBe(400);
    for (let n = 0; n < MAX_SAVED_SEARCHES; n++) expect((await api.post('/api/saved-searches', candidate.token, { keywords: `skill${n}` })).statusCode).toBe(201);
    const again = await api.post('/api/saved-searches', candidate.token, { keywords: 'SKILL0' });
    expect([again.statusCode, again.json().error]).toEqual([409, SAVED_SEARCH_MESSAGES.duplicate]);
    const tooMany = await api.post('/api/saved-searches', candidate.token, { keywords: 'one more' });
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([409, SAVED_SEARCH_MESSAGES.tooMany]);
  });
});

describe('job alerts', () => {
  let tomas: Caller;

  it('an instant alert mails a new matching job once; a job posted before the search and a job that does not match are never mailed', async () => {
    tomas = await api.signUpCandidate('tomas', { name: 'Tomás Herrera', email: 'tomas@alerts.example' });
    const before = await postJob('Kafka Platform Engineer', 'Streams with Kafka.');
    expect((await api.post('/api/saved-searches', tomas.token, { keywords: 'kafka', frequency: 'instant' })).statusCode).toBe(201);
    const after = await postJob('Senior Kafka Engineer', 'Kafka and Flink in Lisbon.');
    await postJob('Frontend Engineer', 'React and CSS.');
    const [mail] = await api.mailsTo(tomas.email);
    expect(mail!.subject).toBe('New job for "kafka": Senior Kafka Engineer at alerts2 Labs');
    expect(mail!.text).toContain(`http://hireloop.test/job/${after}`);
    expect(mail!.text).not.toContain(before);
    await alertsCaughtUp();
    expect(await api.mailsTo(tomas.email)).toHaveLength(1);
  });

  it('the mail’s unsubscribe link works without signing in, once it is the right one; then no more mail', async () => {
    const [mail] = await api.mailsTo(tomas.email);
    const token = tokenIn(mail!.text)!;
    // The link names the search; its owner is found in the read model, which has long had it when a mail arrives (here: wait for it).
    expect((await api.get('/api/saved-searches', tomas.token)).json().savedSearches[0]).toMatchObject({ frequency: 'instant' });
    expect(token).toMatch(/^\S+\.\S+$/);
    const forged = await api.post('/api/saved-searches/unsubscribe', null, { token: `${token.split('.')[0]}.forged` });
    expect([forged.statusCode, forged.json().error]).toEqual([404, SAVED_SEARCH_MESSAGES.badLink]);
    expect((await api.post('/api/saved-searches/unsubscribe', null, { token: 'nothing' })).statusCode).toBe(404);
    const done = await api.post('/api/saved-searches/unsubscribe', null, { token });
    expect([done.statusCode, done.json().message], done.body).toEqual([200, SAVED_SEARCH_MESSAGES.unsubscribed]);
    expect((await api.post('/api/saved-searches/unsubscribe', null, { token })).statusCode).toBe(200);
    expect((await api.get('/api/saved-searches', tomas.token)).json().savedSearches[0]).toMatchObject({ frequency: 'off' });
    await postJob('Kafka Streams Developer', 'More Kafka.');
    await alertsCaughtUp();
    expect(await api.mailsTo(tomas.email)).toHaveLength(1);
  });

  it('a daily alert keeps the day’s jobs and mails them in one mail a day after the search was saved', async () => {
    const lena = await api.signUpCandidate('lena', { email: 'lena@alerts.example' });
    expect((await api.post('/api/saved-searches', lena.token, { keywords: 'dbt', location: 'lisbon', frequency: 'daily' })).statusCode).toBe(201);
    const first = await postJob('Analytics Engineer', 'dbt and SQL.');
    const second = await postJob('Data Modeler', 'We love dbt.');
    await alertsCaughtUp();
    const alerts = jobAlertsOf(api.app())!;
    expect(await alerts.sendDueDailyAlerts()).toBe(0);
    clock.advance(24 * 3600_000 + 60_000);
    expect(await alerts.sendDueDailyAlerts()).toBe(1);
    const [mail] = await api.mailsTo(lena.email);
    expect(mail!.subject).toBe('2 new jobs for "dbt · lisbon"');
    expect(mail!.text).toContain(first);
    expect(mail!.text).toContain(second);
    // Nothing new since: nothing more.
    clock.advance(24 * 3600_000 + 60_000);
    expect(await alerts.sendDueDailyAlerts()).toBe(0);
  });

  it('erasing the candidate deletes their saved searches and stops their alerts', async () => {
    const noor = await api.signUpCandidate('noor', { email: 'noor@alerts.example' });
    expect((await api.post('/api/saved-searches', noor.token, { keywords: 'terraform', frequency: 'instant' })).statusCode).toBe(201);
    const report = await erasePerson(api.deps(), noor.userId, 'test-erase-noor');
    api.sawPosition(report.position);
    await postJob('Terraform Engineer', 'Terraform all day.');
    await alertsCaughtUp();
    expect(await api.app().inject({ method: 'GET', url: '/api/saved-searches' })).toMatchObject({ statusCode: 401 });
    const pool = new pg.Pool({ connectionString: api.databaseUrl() });
    try {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM rm_saved_searches_v1 AS t WHERE t::text LIKE '%terraform%'`);
      expect(rows[0]!.n).toBe('0');
      // The scan can fail: another candidate's search is there.
      const { rows: others } = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM rm_saved_searches_v1 AS t WHERE t::text LIKE '%kafka%'`);
      expect(others[0]!.n).toBe('1');
    } finally {
      await pool.end();
    }
  });
});
