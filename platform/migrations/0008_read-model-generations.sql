-- A rebuild replaces a read model by one built aside (ADR 049). Its checkpoint then counts one
-- more generation, so whoever keeps a copy of the read model's documents in memory (the query
-- service's indexes) notices, even without a bus message, that documents may have changed at or
-- before the checkpoint, and loads them all again. 0: never replaced.

-- Up Migration

ALTER TABLE projection_checkpoints ADD COLUMN generation integer NOT NULL DEFAULT 0;
