-- What the sign-in audit of issue 25 changed (docs/decisions/105).
--
-- A registration of an address whose account is confirmed keeps its password hash as a
-- registration attempt (never mailed, 24 hours), so that a login with that password answers as a
-- login to a new, unconfirmed account does (403 EMAIL_NOT_VERIFIED): two requests no longer tell
-- which addresses have a confirmed account.
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens
  ADD CONSTRAINT email_tokens_purpose_check
    CHECK (purpose IN ('verify_email', 'reset_password', 'end_session', 'registration_attempt'));

-- A passkey's step-up: the challenge belongs to the session that asked for it, as a
-- registration's does.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_check;
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges
  ADD CONSTRAINT webauthn_challenges_purpose_check
    CHECK (purpose IN ('registration', 'authentication', 'step-up')),
  ADD CONSTRAINT webauthn_challenges_binding_check CHECK (
    (purpose IN ('registration', 'step-up') AND session_id IS NOT NULL AND login_challenge_id IS NULL)
    OR (purpose = 'authentication' AND login_challenge_id IS NOT NULL AND session_id IS NULL)
  );

-- When the owner was last told that their password was right but the second step failed: one
-- notice per burst (15 minutes), not one per attempt.
ALTER TABLE users ADD COLUMN second_step_noticed_at timestamptz;
