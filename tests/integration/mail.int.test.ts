import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@hireloop/contracts';
import { loadConfig } from '@hireloop/platform/config';
import { createMemoryOutbox, createPostgresOutbox } from '@hireloop/platform/mailer/outbox';
import { createSmtpMailer } from '@hireloop/platform/mailer/smtp';
import { REDACTED } from '@hireloop/platform/mailer/types';
import { fixedClock } from '@hireloop/platform/runtime';
import pg from 'pg';
import { buildApp } from '../../cli/src/app';
import { createRuntime } from '../../cli/src/runtime';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { decodeQuotedPrintable, startTestSmtpServer } from '../support/smtp';

let db: TestDatabase;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
});
afterAll(async () => {
  await smtp?.close();
  await db?.drop();
});

describe('mail', () => {
  it('the SMTP adapter delivers to a real SMTP server', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Hireloop <no-reply@hireloop.test>' });
    await mailer.send({ to: 'ada@example.com', subject: 'Hello from Hireloop', text: 'Plain text body' });
    await mailer.close();
    const mail = await smtp.waitForMail('ada@example.com');
    expect(mail.from).toBe('no-reply@hireloop.test');
    expect(mail.raw).toContain('Subject: Hello from Hireloop');
    expect(mail.raw).toContain('Plain text body');
  });

  it('the SMTP adapter delivers attachments: an iCalendar request arrives as a text/calendar part', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Hireloop <no-reply@hireloop.test>' });
    const calendar = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'UID:slot-1@hireloop', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    await mailer.send({
      to: 'maya@northwind.example',
      subject: 'Interview availability',
      text: 'See the attached calendar.',
      attachments: [{ filename: 'interview-availability.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: calendar }],
    });
    await mailer.close();
    const mail = await smtp.waitForMail('maya@northwind.example');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST;\s+name=interview-availability\.ics/);
    expect(mail.raw).toContain('Content-Disposition: attachment; filename=interview-availability.ics');
    // However nodemailer encoded the part, the calendar is in it.
    const part = mail.raw.split(/Content-Type: text\/calendar/)[1]!;
    const body = part.split(/\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!;
    const decoded = /Content-Transfer-Encoding: base64/i.test(part.split(/\r?\n\r?\n/)[0]!) ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8') : decodeQuotedPrintable(body);
    expect(decoded).toContain('METHOD:REQUEST');
    expect(decoded).toContain('UID:slot-1@hireloop');
  });

  it('the outbox keeps attachments, with any secret of the mail hidden in them too', async () => {
    const outbox = createMemoryOutbox({ from: 'Hireloop <no-reply@hireloop.test>', clock: fixedClock('2026-11-22T10:00:00.000Z') });
    await outbox.send({ to: 'ada@example.com', subject: 'With a file', text: 'Open https://x.test/invitation/S3CR3T', secrets: ['https://x.test/invitation/S3CR3T'], attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: 'link: https://x.test/invitation/S3CR3T' }] });
    const [kept] = await outbox.list();
    expect(kept!.attachments).toEqual([{ filename: 'a.txt', contentType: 'text/plain', content: `link: ${REDACTED}` }]);
    expect(JSON.stringify(kept)).not.toContain('S3CR3T');
  });

  it('the outbox keeps mail in PostgreSQL, newest first, filterable by recipient', async () => {
    const pool = new pg.Pool({ connectionString: db.url });
    try {
      const clock = fixedClock('2026-11-22T10:00:00.000Z');
      const outbox = await createPostgresOutbox({ pool, from: 'Hireloop <no-reply@hireloop.test>', clock });
      await outbox.send({ to: 'ada@example.com', subject: 'First', text: 'one' });
      clock.advance(1000);
      await outbox.send({ to: 'grace@example.com', subject: 'Second', text: 'two' });
      clock.advance(1000);
      await outbox.send({ to: 'ada@example.com', subject: 'Third', text: 'three' });
      expect((await outbox.list()).map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
      expect((await outbox.list({ to: 'ADA@example.com' })).map((m) => m.subject)).toEqual(['Third', 'First']);
    } finally {
      await pool.end();
    }
  });

  it('forgot-password delivers a reset link to PUBLIC_URL over SMTP when SMTP_URL is set', async () => {
    const runtime = await createRuntime(loadConfig({ DATABASE_URL: db.url, SMTP_URL: smtp.url, PUBLIC_URL: 'https://hireloop.example', MAIL_FROM: 'Hireloop <no-reply@hireloop.example>' }));
    const app = await buildApp(runtime, { spaDir: false, publicUrl: 'https://hireloop.example' });
    try {
      await app.ready();
      const signup = await app.inject({ method: 'POST', url: '/api/auth/candidate/signup', payload: { name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-forever-1959' } });
      expect(signup.statusCode).toBe(201);
      const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'grace@example.com' } });
      expect(forgot.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotPasswordSent });
      const mail = await smtp.waitForMail('grace@example.com');
      expect(mail.raw).toContain('Subject: Reset your Hireloop password');
      const link = /https:\/\/hireloop\.example\/reset-password\/([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(mail.raw));
      expect(link).not.toBeNull();
      const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: link![1], newPassword: 'a new and better password' } });
      expect(reset.statusCode).toBe(200);
    } finally {
      await app.close();
      await runtime.close();
    }
  });
});
