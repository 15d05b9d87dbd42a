-- Attempt limits shared by every API node (docs/decisions/040): one row per limit and key, a
-- fixed window that starts at the first attempt. Keys are SHA-256 digests, so the table holds no
-- e-mail address or IP in the clear.
CREATE TABLE attempt_counters (
  scope text NOT NULL,
  key_digest text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (scope, key_digest)
);
CREATE INDEX attempt_counters_window_start ON attempt_counters (window_start);

-- Password-reset requests are answered at once and worked through afterwards, so the answer takes
-- the same time whether or not the address has an account (docs/decisions/041).
CREATE TABLE password_reset_requests (
  id bigserial PRIMARY KEY,
  email_normalized text NOT NULL,
  requested_at timestamptz NOT NULL
);
