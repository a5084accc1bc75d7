import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { requireTables } from '../migrations/required-tables';
import type { Clock } from '../runtime';
import { redactMail, type Mailer, type StoredMail } from './types';

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
    async forget(address) {
      const before = mails.length;
      const kept = mails.filter((mail) => mail.to !== address.toLowerCase());
      mails.splice(0, mails.length, ...kept);
      return before - kept.length;
    },
    async close() {},
  };
}

export async function createPostgresOutbox(options: { pool: pg.Pool; from: string; clock: Clock }): Promise<Mailer> {
  const { pool } = options;
  // The table is made, and mail kept before secrets were redacted is cleaned, by the migrations (ADR 022).
  await requireTables(pool, ['mail_outbox']);
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
    async forget(address) {
      const { rowCount } = await pool.query(`DELETE FROM mail_outbox WHERE mail->>'to' = $1`, [address.toLowerCase()]);
      return rowCount ?? 0;
    },
    async close() {},
  };
}
