-- A database as Hireloop left it before migrations (commit 44a2546, e.g. a `.data/` folder):
-- the statements each PostgreSQL adapter ran at start-up, in the order cli/src/runtime.ts
-- created them, copied from that commit, then a few rows. migrate.int.test.ts migrates it and
-- compares the result with a database the migrations made from nothing. Do not edit the DDL:
-- it is history.

-- platform/src/event-store/postgres.ts (schema public: no CREATE SCHEMA)
BEGIN;
SELECT pg_advisory_xact_lock('7346001924561300481'::bigint);
CREATE TABLE IF NOT EXISTS "public".events (
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
CREATE INDEX IF NOT EXISTS events_transaction_id_global_seq_idx ON "public".events (transaction_id, global_seq);
COMMIT;

-- platform/src/read-store/postgres.ts (the schema exists)
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('hireloop.read-store.public'));
CREATE TABLE IF NOT EXISTS "public"."projection_checkpoints" (
           projection text PRIMARY KEY,
           position text NOT NULL,
           updated_at timestamptz NOT NULL DEFAULT now()
         );
COMMIT;

-- platform/src/accounts/postgres.ts
SELECT pg_advisory_lock(7301001);
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
SELECT pg_advisory_unlock(7301001);

-- platform/src/rate-limit/postgres.ts
SELECT pg_advisory_lock(7301002);
CREATE TABLE IF NOT EXISTS rate_limit_windows (
  key text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
SELECT pg_advisory_unlock(7301002);

-- platform/src/idempotency/postgres.ts
SELECT pg_advisory_lock(7301003);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  id text PRIMARY KEY,
  fingerprint text NOT NULL,
  claim text NOT NULL,
  completed boolean NOT NULL DEFAULT false,
  answer jsonb,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at);
SELECT pg_advisory_unlock(7301003);

-- platform/src/mailer/outbox.ts (SMTP_URL unset)
CREATE TABLE IF NOT EXISTS mail_outbox (
    id uuid PRIMARY KEY,
    sent_at timestamptz NOT NULL,
    mail jsonb NOT NULL
  );

-- A read model's table, made at run time by ensureCollection (not by migrations).
CREATE TABLE IF NOT EXISTS "public"."rm_projection_status" (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL);

-- Rows a user's database holds.
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
VALUES ('user-ada', 0, '6f1c1b2e-4c8e-4f43-9a55-0d6f2f0f3a01', 'UserSignedUp', '{"userId": "ada"}',
        '{"eventId": "6f1c1b2e-4c8e-4f43-9a55-0d6f2f0f3a01", "occurredAt": "2026-11-20T09:00:00.000Z", "actor": "system", "correlationId": "c1", "causationId": null, "schemaVersion": 1}');
INSERT INTO projection_checkpoints (projection, position) VALUES ('users_v1', '0000000000000000000001');
INSERT INTO auth_sessions (token_hash, user_id, created_at, expires_at) VALUES ('hash-of-a-token', 'ada', now(), now() + interval '7 days');
INSERT INTO rm_projection_status (id, doc) VALUES ('users_v1', '{"_id": "users_v1", "status": "running"}');
-- Mail kept by a version older still, from before secrets were hidden (that commit's outbox
-- rewrote such mail at every start; a database not started since still holds the link).
INSERT INTO mail_outbox (id, sent_at, mail)
VALUES ('0b4f5a0e-9f43-4d1e-8f0a-2f7b1c3d4e5f', '2026-11-01T10:00:00Z',
        '{"to": "ada@example.com", "subject": "Reset your password", "text": "Reset it here: https://hireloop.example/reset-password/s3cr3t-token within an hour."}');
