import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Clock } from '../runtime';
import { REDACTED, redactMail, type Mailer, type StoredMail } from './types';

/**
 * The embedded profile's mailer: mails are kept (not delivered) so a developer can read them
 * with `hireloop mail` and an admin at GET /api/admin/outbox. Those readers are not the
 * recipients, so a mail's secrets (reset links) are never kept: an admin who could read them
 * could take over any account, a super admin's included.
 */
export function createMemoryOutbox(options: { from: string; clock: Clock }): Mailer {
  const mails: StoredMail[] = [];
  return {
    kind: 'outbox',
    async send(message) {
      mails.unshift({ ...redactMail(message), id: randomUUID(), from: options.from, sentAt: options.clock.now().toISOString() });
    },
    async list({ to, limit = 50 } = {}) {
      return mails.filter((mail) => !to || mail.to === to.toLowerCase()).slice(0, limit);
    },
    async close() {},
  };
}

export async function createPostgresOutbox(options: { pool: pg.Pool; from: string; clock: Clock }): Promise<Mailer> {
  const { pool } = options;
  await pool.query(`CREATE TABLE IF NOT EXISTS mail_outbox (
    id uuid PRIMARY KEY,
    sent_at timestamptz NOT NULL,
    mail jsonb NOT NULL
  )`);
  // Mails kept before secrets were redacted still hold reset links: hide them too.
  await pool.query(
    `UPDATE mail_outbox SET mail = jsonb_set(mail, '{text}', to_jsonb(regexp_replace(mail->>'text', 'https?://\\S*/reset-password/\\S+', $1, 'g')))
      WHERE mail->>'text' ~ '/reset-password/[^\\s]+'`,
    [REDACTED],
  );
  return {
    kind: 'outbox',
    async send(message) {
      const mail: StoredMail = { ...redactMail(message), id: randomUUID(), from: options.from, sentAt: options.clock.now().toISOString() };
      await pool.query('INSERT INTO mail_outbox (id, sent_at, mail) VALUES ($1, $2, $3)', [mail.id, mail.sentAt, JSON.stringify(mail)]);
    },
    async list({ to, limit = 50 } = {}) {
      const { rows } = await pool.query<{ mail: StoredMail }>(
        `SELECT mail FROM mail_outbox WHERE ($1::text IS NULL OR mail->>'to' = $1) ORDER BY sent_at DESC LIMIT $2`,
        [to?.toLowerCase() ?? null, Math.min(Math.max(limit, 1), 500)],
      );
      return rows.map((row) => row.mail);
    },
    async close() {},
  };
}
