import type pg from 'pg';
import { isAddressedTo, withoutTexts, type DeliveryOutcome, type OutboxMessage, type OutboxStore, type PendingOutboxMessage } from './types';

/** A pool or a client: what a statement needs. */
interface Queryable {
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>>;
}

/**
 * Writes outbox messages with the caller's client, inside the caller's transaction (the one that
 * appends the events). A key already waiting keeps its first message.
 */
export async function insertOutboxMessages(client: Queryable, table: string, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await client.query(
    `INSERT INTO ${table} (key, topic, payload)
     SELECT x.message->>'key', x.message->>'topic', x.message->'payload'
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(message, ordinality)
      ORDER BY x.ordinality
     ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(messages.map(({ key, topic, payload }) => ({ key, topic, payload: payload ?? null })))],
  );
}

/**
 * The outbox in PostgreSQL (made by the migrations, ADR 022 and 053). A relay holds the message
 * it delivers with `FOR UPDATE SKIP LOCKED` in a transaction of its own: other relays skip it,
 * and a relay that dies (its connection drops) lets go at once, so the message is due again.
 */
export function createPostgresOutboxStore(options: { pool: pg.Pool; table: string; onAdded: (listener: () => void) => () => void }): OutboxStore {
  const { pool, table } = options;
  return {
    async deliverNext(deliver: (message: PendingOutboxMessage) => Promise<DeliveryOutcome>) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ seq: string; key: string; topic: string; payload: unknown; attempts: number }>(
          `SELECT seq::text AS seq, key, topic, payload, attempts FROM ${table}
            WHERE next_attempt_at <= now() ORDER BY next_attempt_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        const row = rows[0];
        if (!row) {
          await client.query('COMMIT');
          return false;
        }
        const outcome = await deliver({ key: row.key, topic: row.topic, payload: row.payload, attempts: row.attempts });
        if (outcome.done) await client.query(`DELETE FROM ${table} WHERE seq = $1`, [row.seq]);
        else {
          await client.query(`UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = $2, last_error = $3 WHERE seq = $1`, [
            row.seq,
            outcome.retryAt.toISOString(),
            outcome.error.slice(0, 500),
          ]);
        }
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async pending() {
      const { rows } = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM ${table}`);
      return Number(rows[0]?.count ?? 0);
    },
    async forget(address, mentions = []) {
      const texts = [address, ...mentions].filter((text) => text.length > 0);
      // Rows that mention the address or a name anywhere (a jsonb's text is the JSON, each text as
      // JSON writes it); `FOR UPDATE` waits for a relay delivering one of them to finish with it.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ seq: string; payload: unknown }>(
          `SELECT seq::text AS seq, payload FROM ${table}
            WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS text WHERE strpos(lower(payload::text), lower(text)) > 0)
            ORDER BY seq FOR UPDATE`,
          [texts.map((text) => JSON.stringify(text).slice(1, -1))],
        );
        let deleted = 0;
        for (const row of rows) {
          if (isAddressedTo(row.payload, address)) {
            await client.query(`DELETE FROM ${table} WHERE seq = $1`, [row.seq]);
            deleted++;
          } else {
            await client.query(`UPDATE ${table} SET payload = $2::jsonb WHERE seq = $1`, [row.seq, JSON.stringify(withoutTexts(row.payload, texts))]);
          }
        }
        await client.query('COMMIT');
        return deleted;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    onAdded: options.onAdded,
  };
}
