import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '@hireloop/contracts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { loadConfig } from '@hireloop/platform/config';
import type { Mailer } from '@hireloop/platform/mailer/types';
import { buildApp } from '../../cli/src/app';
import { createRuntime, type Runtime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

/*
 * Erasing a person while their mail cannot be delivered (ADR 061): a mail waits in
 * `outbox_messages`, personal message and links included, until the relay delivers it (ADR 053).
 * Here SMTP refuses every mail, so every mail waits; the erasure must leave no waiting row holding
 * the person's address, name, the message written to them or their links.
 */
const PUBLIC_URL = 'http://hireloop.test';
const PERSONAL_NOTE = 'A note for the erased candidate only: we loved your pipeline work.';
let db: TestDatabase;
let runtime: Runtime;
let pool: pg.Pool;
let app: Awaited<ReturnType<typeof buildApp>>;
let attempts = 0;

/** SMTP that is down: every delivery fails, and the relay keeps the mail for a later try. */
const smtpDown = (mailer: Mailer): Mailer => ({
  ...mailer,
  kind: 'smtp',
  send: async () => {
    attempts++;
    throw new Error('SMTP is down');
  },
});

beforeAll(async () => {
  db = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, PUBLIC_URL }));
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  app = await buildApp({ ...runtime, mailer: smtpDown(runtime.mailer) }, { spaDir: false, publicUrl: PUBLIC_URL, readYourWritesTimeoutMs: 15_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await pool?.end();
  await db?.drop();
});

let addresses = 0;
const post = async (url: string, token: string | null, payload: object) => {
  const response = await app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress: `10.61.0.${++addresses}` });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};

/** The waiting rows, as their JSON text, once `ready` holds for them (the relay's tries are observable as `attempts`). */
async function waitingRows(ready: (rows: Array<{ text: string; attempts: number }>) => boolean): Promise<Array<{ text: string; attempts: number }>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await pool.query<{ text: string; attempts: number }>('SELECT payload::text AS text, attempts FROM outbox_messages ORDER BY seq');
    if (ready(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`the outbox never reached the state waited for: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('erasing a person whose mail is still waiting (SMTP down)', () => {
  it('deletes the mails to them, and where a waiting mail to someone else names them it reads [erased]', async () => {
    const company = await post('/api/auth/company/signup', null, {
      companyName: 'Northwind',
      contactName: 'Nia Hiring',
      email: 'nia@northwind.example',
      password: 'company-password-1',
      website: 'https://northwind.example',
      location: 'Austin, TX',
      industry: 'Data',
    });
    const ada = await post('/api/auth/candidate/signup', null, { name: 'Ada Lovelace', email: 'ada@candidates.example', password: 'candidate-password-1' });
    const bo = await post('/api/auth/candidate/signup', null, { name: 'Bo Brightwater', email: 'bo@candidates.example', password: 'candidate-password-1' });
    const profile = (caller: { token: string }) =>
      post('/api/profile', caller.token, { jobTitle: 'Data Engineer', skills: ['SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true });
    const adaProfile = (await profile(ada)).profile.id as string;
    const boProfile = (await profile(bo)).profile.id as string;
    const jobId = (await post('/api/jobs', company.token, { title: 'Staff Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' })).job.id as string;

    // Ada and Bo are invited (Ada with a personal note); Ada reveals her profile, which mails the
    // company her name and address; Ada asks for a password reset.
    await post('/api/job-invitations/send', company.token, { jobId, candidateId: adaProfile, message: PERSONAL_NOTE });
    await post('/api/job-invitations/send', company.token, { jobId, candidateId: boProfile, message: 'Hello Bo.' });
    const [invitation] = await waitingRows((rows) => rows.some((row) => row.text.includes(PERSONAL_NOTE)));
    const link = /invitation\/([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(invitation!.text);
    expect(link, 'the invitation link in the waiting mail').not.toBeNull();
    await post(`/api/invitations/${link![1]}/reveal`, null, {});
    await post('/api/auth/forgot-password', null, { email: 'ada@candidates.example' });

    // Four mails wait (two invitations, the reveal to the company, the reset link), each tried and refused at least once.
    const before = await waitingRows((rows) => rows.length === 4 && rows.every((row) => row.attempts >= 1));
    expect(attempts).toBeGreaterThanOrEqual(4);
    const holding = (rows: Array<{ text: string }>, text: string) => rows.filter((row) => row.text.toLowerCase().includes(text.toLowerCase())).length;
    // Before: the scan finds each (so it can fail).
    expect(holding(before, 'ada@candidates.example')).toBe(3);
    expect(holding(before, 'Ada Lovelace')).toBeGreaterThanOrEqual(1);
    expect(holding(before, PERSONAL_NOTE)).toBe(1);
    expect(holding(before, '/reset-password/')).toBe(1);

    const report = await erasePerson({ ...runtime, sessionTtlMs: 3600_000, publicUrl: PUBLIC_URL, linkedin: null }, ada.user.id as string, 'test-erase-waiting-mail');
    // The invitation and the reset link to Ada (the kept outbox had none: SMTP was the mailer).
    expect(report.mailsDeleted).toBe(2);

    const after = (await pool.query<{ text: string; attempts: number }>('SELECT payload::text AS text, attempts FROM outbox_messages ORDER BY seq')).rows;
    for (const text of ['ada@candidates.example', 'Ada Lovelace', PERSONAL_NOTE, '/reset-password/', link![1]!]) expect(holding(after, text), text).toBe(0);
    // Bo's invitation and the company's reveal mail still wait, the reveal naming Ada as erased.
    expect(after).toHaveLength(2);
    expect(holding(after, 'bo@candidates.example')).toBe(1);
    const reveal = after.find((row) => row.text.includes('nia@northwind.example'));
    expect(reveal?.text).toContain(ERASED);
  });
});
