-- The fixed schema as the adapters used to create it at start-up, before migrations (ADR 022).
-- A database made by that code already has these tables, so this one migration says
-- IF NOT EXISTS: there it changes nothing and is recorded as applied. Later migrations say
-- exactly what they change.
--
-- Not here: the read models' tables `rm_<collection>` and their indexes (and pg_trgm, which
-- only a substring index needs). The read store creates them at run time from each
-- projection's name, version and declared indexes (ADR 005, 013, 022).

-- Up Migration

-- Event store (ADR 001, 013). The code relies on the two constraint names.
CREATE TABLE IF NOT EXISTS events (
  global_seq bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL CONSTRAINT events_event_id_key UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
);
CREATE INDEX IF NOT EXISTS events_transaction_id_global_seq_idx ON events (transaction_id, global_seq);

-- Read store: where each projection (name_vN) has got to in the log (ADR 005).
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  projection text PRIMARY KEY,
  position text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Account secrets (ADR 003, 006): password hashes, sessions, one-time secrets, OIDC states.
CREATE TABLE IF NOT EXISTS auth_credentials (
  user_id text PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS auth_sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS auth_sessions_user_id ON auth_sessions (user_id) WHERE revoked_at IS NULL;
CREATE TABLE IF NOT EXISTS auth_one_time_secrets (
  secret_hash text PRIMARY KEY,
  kind text NOT NULL,
  user_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS auth_one_time_secrets_user ON auth_one_time_secrets (user_id, kind) WHERE used_at IS NULL;
CREATE TABLE IF NOT EXISTS auth_oidc_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Rate limits (ADR 009): one counter per key and window.
CREATE TABLE IF NOT EXISTS rate_limit_windows (
  key text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

-- Idempotent writes (ADR 015).
CREATE TABLE IF NOT EXISTS idempotency_keys (
  id text PRIMARY KEY,
  fingerprint text NOT NULL,
  claim text NOT NULL,
  completed boolean NOT NULL DEFAULT false,
  answer jsonb,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at);

-- The outbox mailer (ADR 006, 009): mail kept instead of sent when SMTP_URL is unset.
CREATE TABLE IF NOT EXISTS mail_outbox (
  id uuid PRIMARY KEY,
  sent_at timestamptz NOT NULL,
  mail jsonb NOT NULL
);
