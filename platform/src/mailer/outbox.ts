import { createHash, randomUUID } from 'node:crypto';
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
/** The kept mail's id: from its idempotency key when it has one (the same mail kept twice is kept once), random otherwise. */
const mailIdOf = (key: string | undefined): string => {
  if (!key) return randomUUID();
  const hex = createHash('sha256').update(`mail:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

export function createMemoryOutbox(options: { from: string; clock: Clock }): Mailer {
  const mails: StoredMail[] = [];
  return {
    kind: 'outbox',
    async send(message, sendOptions) {
      const id = mailIdOf(sendOptions?.key);
      if (mails.some((mail) => mail.id === id)) return;
      mails.unshift({ ...redactMail(message), id, from: options.from, sentAt: options.clock.now().toISOString() });
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
    async send(message, sendOptions) {
      const mail: StoredMail = { ...redactMail(message), id: mailIdOf(sendOptions?.key), from: options.from, sentAt: options.clock.now().toISOString() };
      await pool.query('INSERT INTO mail_outbox (id, sent_at, mail) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [mail.id, mail.sentAt, JSON.stringify(mail)]);
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
