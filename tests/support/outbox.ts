import type pg from 'pg';

/**
 * Waits until the outbox relay has delivered everything appended so far (ADR 053): a mail waits
 * in `outbox_messages`, personal message and links included, until it is delivered. Tests that
 * scan every table for what must be stored nowhere call this first.
 */
export async function outboxDelivered(pool: Pick<pg.Pool, 'query'>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM outbox_messages');
    if (rows[0]?.n === '0') return;
    if (Date.now() > deadline) throw new Error(`the outbox still holds ${rows[0]?.n} message(s) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
