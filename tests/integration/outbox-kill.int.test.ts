import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_POINTS } from '@hireloop/platform/fault-injection/crash-point';
import { deleteTestStream, TEST_NATS_URL } from '../support/nats';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startService, stopAllServices, type ServiceProcess } from '../support/service-processes';
import { startTestSmtpServer } from '../support/smtp';

/**
 * Issue 23 / ADR 053: a command service killed with SIGKILL after an invitation is recorded and
 * before its mail is handed over (the fault-injection point `after-append-before-mail`, set by
 * HIRELOOP_FAULT_KILL_AT and off by default) loses no mail: started again, it delivers the mail
 * over real SMTP, once. Before the outbox the mail was queued after the append, from the
 * handler, and a crash between the two lost it for good.
 */
const PREFIX = `outboxkill${randomBytes(3).toString('hex')}`;
let db: TestDatabase;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let pool: pg.Pool;
let nextAddress = 1;

const env = (extra: Record<string, string> = {}) => ({
  DATABASE_URL: db.url,
  NATS_URL: TEST_NATS_URL,
  NATS_PREFIX: PREFIX,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Hireloop <no-reply@hireloop.test>',
  PUBLIC_URL: 'http://hireloop.test',
  TRUST_PROXY: '1',
  ...extra,
});

async function call(service: ServiceProcess, route: string, body: unknown, token?: string) {
  const response = await fetch(`${service.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${nextAddress++}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  pool = new pg.Pool({ connectionString: db.url });
}, 60_000);

afterAll(async () => {
  await stopAllServices();
  await pool?.end();
  await smtp?.close();
  await db?.drop();
  await deleteTestStream(`${PREFIX.toUpperCase()}_WORK`);
});

describe('a command service killed between the append and the mail', () => {
  it('delivers the mail once it runs again: none lost, none twice', async () => {
    const crashing = await startService('command-service', env({ HIRELOOP_FAULT_KILL_AT: CRASH_POINTS.afterAppendBeforeMail }));
    const company = await call(crashing, '/api/auth/company/signup', { companyName: 'Northwind', contactName: 'Maya', email: 'maya@northwind.example', password: 'company-password-1', website: 'https://northwind.example', location: 'Austin, TX', industry: 'Data' });
    const candidate = await call(crashing, '/api/auth/candidate/signup', { name: 'Ada Lovelace', email: 'ada@candidates.example', password: 'candidate-password-1' });
    const profile = await call(crashing, '/api/profile', { jobTitle: 'Data Engineer', skills: ['SQL'], experience: '7 years', location: 'Lisbon, Portugal', isActivelyLooking: true, isPublic: true }, candidate.token as string);
    const job = await call(crashing, '/api/jobs', { title: 'Staff Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' }, company.token as string);

    // The process dies at the point, in the request or just after it answered (whichever hands the mail over).
    await call(crashing, '/api/job-invitations/send', { jobId: (job.job as { id: string }).id, candidateId: (profile.profile as { id: string }).id }, company.token as string).catch(() => undefined);
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The invitation was recorded before the crash; its mail was not delivered.
    const { rows } = await pool.query<{ count: string }>(`SELECT count(*) FROM events WHERE type = 'InvitationSent'`);
    expect(Number(rows[0]!.count)).toBe(1);
    expect(smtp.received.filter((mail) => mail.to.includes('ada@candidates.example'))).toEqual([]);

    await startService('command-service', env());
    const mail = await smtp.waitForMail('ada@candidates.example', 20_000);
    expect(mail.raw).toContain('Staff Data Engineer');
    // Nothing is left to deliver (what proves no second copy is on its way), and it came once.
    await until(async () => Number((await pool.query<{ count: string }>('SELECT count(*) FROM outbox_messages')).rows[0]!.count) === 0, 'the outbox emptied');
    expect(smtp.received.filter((mail) => mail.to.includes('ada@candidates.example'))).toHaveLength(1);
  }, 120_000);
});
