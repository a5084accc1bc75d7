-- Profile pictures and cover photos as files (ADR 046): the bytes of each picture, re-encoded
-- by the app (metadata stripped, resized), kept beside the log rather than in it. Events carry
-- only the picture's path (sealed like every personal field, ADR 019); erasing a person deletes
-- their rows. One row per owner and content: saving the same picture again reuses its row.
-- `url_signing_keys` holds the random key that signs the owner's picture URLs (an <img> request
-- carries no bearer token), one per purpose, made on first use.

-- Up Migration

CREATE TABLE profile_pictures (
  id uuid PRIMARY KEY,
  owner_id text NOT NULL,
  digest text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  touched_at timestamptz NOT NULL,
  CONSTRAINT profile_pictures_owner_digest UNIQUE (owner_id, digest)
);

CREATE TABLE url_signing_keys (
  purpose text PRIMARY KEY,
  key bytea NOT NULL,
  created_at timestamptz NOT NULL
);
