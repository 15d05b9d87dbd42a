-- Sessions (docs/decisions/082-084): a refresh family is a session with its device, its last use
-- and its step-up; a security notice's link (an e-mail token of purpose end_session) names the
-- session it ends.
ALTER TABLE refresh_families
  ADD COLUMN user_agent text NOT NULL DEFAULT '',
  ADD COLUMN ip text NOT NULL DEFAULT '',
  ADD COLUMN last_used_at timestamptz,
  -- Until when this session may make sensitive changes (a fresh password or code, stepUp).
  ADD COLUMN step_up_until timestamptz;
UPDATE refresh_families SET last_used_at = created_at;
ALTER TABLE refresh_families ALTER COLUMN last_used_at SET NOT NULL;

ALTER TABLE email_tokens
  ADD COLUMN family_id uuid REFERENCES refresh_families (id) ON DELETE CASCADE;
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens
  ADD CONSTRAINT email_tokens_purpose_check
    CHECK (purpose IN ('verify_email', 'reset_password', 'end_session')),
  -- Exactly the end-session links name a session.
  ADD CONSTRAINT email_tokens_family_check CHECK ((purpose = 'end_session') = (family_id IS NOT NULL));
CREATE INDEX email_tokens_family_idx ON email_tokens (family_id) WHERE family_id IS NOT NULL;
