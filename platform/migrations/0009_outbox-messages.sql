-- The transactional outbox (ADR 053): work a command asks for (a mail, say) is written in the same
-- transaction as its events, and a relay delivers it after the commit, with retries. A process
-- that dies between the two loses nothing: the row is there when it (or another one) starts.
-- A row is deleted once delivered (or given up on); until then it may hold a mail's secret link,
-- which is never written into an event.

-- Up Migration

CREATE TABLE outbox_messages (
  seq bigserial PRIMARY KEY,
  -- The idempotency key: a message appended twice is kept once; the mail's Message-ID.
  key text NOT NULL UNIQUE,
  topic text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);

CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at, seq);
