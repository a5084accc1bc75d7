-- One key per person for the personal fields sealed in the event log (ADR 019). Kept beside the
-- log, never in it: deleting a key (key NULL, erased_at set) makes every sealed field of that
-- person unreadable in every copy of the log, while the row stays as a tombstone so that nothing
-- new is sealed for them.

-- Up Migration

CREATE TABLE personal_data_keys (
  subject text PRIMARY KEY,
  key bytea,
  created_at timestamptz NOT NULL,
  erased_at timestamptz,
  CONSTRAINT personal_data_keys_key_or_erased CHECK ((key IS NULL) = (erased_at IS NOT NULL))
);
