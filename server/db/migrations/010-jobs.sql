-- One job mechanism for all background work (docs/decisions/106): e-mail delivery, password-reset
-- requests, clean-ups, and what the back office adds. A job is queued until a node claims it with
-- a lease (locked_by, locked_until); a finished one-off job is deleted, a recurring one (one row
-- per recurring_key) is due again later; a job out of attempts stays as 'failed' with its error.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts > 0),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  recurring_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  failed_at timestamptz
);
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE state = 'queued';
CREATE INDEX jobs_failed ON jobs (failed_at DESC) WHERE state = 'failed';
