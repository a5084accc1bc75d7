-- API keys for AI assistants (ADR 042): a user's keys for the MCP endpoint. Like sessions, only
-- the SHA-256 hash of a key is kept; the name the user gave it is personal and is deleted with
-- the person (ADR 019). Creation and revocation are also events (stream api-key-<keyId>), which
-- carry ids and times only.

-- Up Migration

CREATE TABLE auth_api_keys (
  key_id text PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  user_id text NOT NULL,
  name text NOT NULL,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);

CREATE INDEX auth_api_keys_user ON auth_api_keys (user_id, created_at DESC);
