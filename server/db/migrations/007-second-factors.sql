-- Second factors (docs/decisions/085-087): passkeys (WebAuthn), an authenticator app (TOTP) with
-- its recovery codes, and the login's second step. Secrets are stored sealed or hashed, never as
-- they were shown.

-- The WebAuthn user handle: random bytes (base64url), neither the e-mail nor the account's id, so
-- an authenticator holds nothing that names the customer. Made when the first passkey is added.
ALTER TABLE users ADD COLUMN webauthn_user_handle text UNIQUE;

CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- base64url, as the browser sends it; one credential belongs to one account.
  credential_id text NOT NULL UNIQUE,
  -- The COSE public key, base64url.
  public_key text NOT NULL,
  -- The authenticator's signature counter (uint32); 0 for authenticators that keep none.
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at);

-- One authenticator app per account. The secret is sealed (AES-256-GCM, key derived by HKDF from
-- the server's signing key, the account id as associated data); last_time_step is the RFC 6238
-- step of the last accepted code: a code of that step or an earlier one is refused (no replay).
CREATE TABLE totp_factors (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  confirmed_at timestamptz NOT NULL,
  last_time_step bigint
);

-- An enrolment a session (a refresh family, migration 006) started and has not confirmed yet: one
-- per session, 10 minutes.
CREATE TABLE totp_enrolments (
  session_id uuid PRIMARY KEY REFERENCES refresh_families (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX totp_enrolments_user_idx ON totp_enrolments (user_id);

-- Ten single-use codes made with the authenticator app; only their SHA-256 is kept.
CREATE TABLE recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A password that was right on an account with a second factor: the token (SHA-256 stored) that
-- the second step presents, the device that sent the password, 5 minutes, used once.
CREATE TABLE login_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);

-- WebAuthn challenges: a registration's is bound to the session that asked for the options, an
-- authentication's to its login challenge. 5 minutes, used once.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid REFERENCES refresh_families (id) ON DELETE CASCADE,
  login_challenge_id uuid REFERENCES login_challenges (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (
    (purpose = 'registration' AND session_id IS NOT NULL AND login_challenge_id IS NULL)
    OR (purpose = 'authentication' AND login_challenge_id IS NOT NULL AND session_id IS NULL)
  )
);
CREATE INDEX webauthn_challenges_session_idx ON webauthn_challenges (session_id);
CREATE INDEX webauthn_challenges_login_idx ON webauthn_challenges (login_challenge_id);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
