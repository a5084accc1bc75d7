import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { requireTables } from '../migrations/required-tables';
import type { ProfilePictureStore } from './types';

interface PictureRow {
  id: string;
  owner_id: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Buffer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Pictures in PostgreSQL (tables made by migration 0007), one row each; deleted rows are gone for good once vacuumed. */
export async function createPostgresProfilePictures(options: { pool: pg.Pool }): Promise<ProfilePictureStore> {
  const { pool } = options;
  await requireTables(pool, ['profile_pictures', 'url_signing_keys']);
  const keys = new Map<string, Buffer>();

  return {
    async save(ownerId, picture, newId, at) {
      // The same picture saved again by its owner: the row it already has, marked as used now.
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO profile_pictures (id, owner_id, digest, content_type, width, height, bytes, touched_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ON CONSTRAINT profile_pictures_owner_digest DO UPDATE SET touched_at = EXCLUDED.touched_at
         RETURNING id`,
        [newId, ownerId, picture.digest, picture.contentType, picture.width, picture.height, picture.bytes, at.toISOString()],
      );
      return rows[0]!.id;
    },
    async get(id) {
      if (!UUID.test(id)) return null;
      const { rows } = await pool.query<PictureRow>('SELECT id, owner_id, content_type, width, height, bytes FROM profile_pictures WHERE id = $1', [id]);
      const row = rows[0];
      return row ? { id: row.id, ownerId: row.owner_id, contentType: row.content_type, width: row.width, height: row.height, bytes: row.bytes } : null;
    },
    async forget(ownerId) {
      const { rowCount } = await pool.query('DELETE FROM profile_pictures WHERE owner_id = $1', [ownerId]);
      return rowCount ?? 0;
    },
    async prune(ownerId, keep, before) {
      const { rowCount } = await pool.query('DELETE FROM profile_pictures WHERE owner_id = $1 AND NOT (id::text = ANY($2::text[])) AND touched_at < $3', [
        ownerId,
        [...keep],
        before.toISOString(),
      ]);
      return rowCount ?? 0;
    },
    async signingKey(purpose) {
      const known = keys.get(purpose);
      if (known) return known;
      // Two processes making it at once: the first insert wins and both read it back.
      await pool.query('INSERT INTO url_signing_keys (purpose, key, created_at) VALUES ($1, $2, now()) ON CONFLICT (purpose) DO NOTHING', [purpose, randomBytes(32)]);
      const { rows } = await pool.query<{ key: Buffer }>('SELECT key FROM url_signing_keys WHERE purpose = $1', [purpose]);
      const key = rows[0]!.key;
      keys.set(purpose, key);
      return key;
    },
  };
}
