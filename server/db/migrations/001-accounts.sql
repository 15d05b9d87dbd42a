-- Accounts, e-mail tokens, refresh-token families and the local e-mail outbox.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  email_normalized text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  email_verified_at timestamptz,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use e-mail links; only the SHA-256 of the token is stored.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);

-- A family is one login; every refresh rotates its token; reuse of a rotated token revokes it.
CREATE TABLE refresh_families (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX refresh_families_user_idx ON refresh_families (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz,
  -- The pair handed out when this token was rotated, sealed with a key derived from this token:
  -- a concurrent request presenting the same token within the grace window gets the same pair,
  -- and the database alone cannot open it.
  successor_sealed text
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

-- Every message is written here in the same transaction as the change that caused it; with SMTP
-- configured a dispatcher delivers and marks it, without SMTP it stays for the local mailbox.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL;
