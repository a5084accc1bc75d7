-- How far each reaction (a process that turns events into work, such as the AI summaries) has
-- read the log, so that a restart resumes there instead of reading the log from its start.

-- Up Migration

CREATE TABLE reaction_checkpoints (
  name text PRIMARY KEY,
  position text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
