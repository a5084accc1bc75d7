-- API keys may expire (ADR 042): the key is refused from then on. NULL: a key that never expires
-- (every key made before this, and one made with "Never").

-- Up Migration

ALTER TABLE auth_api_keys ADD COLUMN expires_at timestamptz;
