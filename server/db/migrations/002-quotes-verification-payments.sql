-- Quote requests, Sumsub verification state, Paybis widget requests, and the Sumsub sandbox's
-- applicants (used only with PROVIDERS=sandbox, so the fake survives a restart like Sumsub would).
CREATE TABLE exchange_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_currency text NOT NULL,
  to_currency text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  country text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new')),
  -- The calculation mailed to the customer; null when no rate was available.
  quoted_rate text,
  quoted_fee_percent text,
  quoted_amount text,
  created_at timestamptz NOT NULL
);
CREATE INDEX exchange_requests_user_idx ON exchange_requests (user_id, created_at DESC);

-- One Sumsub applicant per customer and kind. external_user_id is the opaque id Sumsub knows the
-- customer by (never the e-mail or our user id); KYC and KYB have different ones.
CREATE TABLE verifications (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('kyc', 'kyb')),
  external_user_id text NOT NULL UNIQUE,
  applicant_id text UNIQUE,
  level_name text NOT NULL,
  review_status text,
  review_answer text CHECK (review_answer IN ('GREEN', 'RED')),
  review_reject_type text,
  -- Time of the newest event applied (the webhook's createdAtMs); older deliveries are stale.
  event_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Every webhook delivery processed, by the SHA-256 of its raw body: a replay changes nothing.
CREATE TABLE sumsub_webhook_events (
  body_sha256 text PRIMARY KEY,
  event_type text NOT NULL,
  applicant_id text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL
);

-- The opaque id Paybis knows the customer by (partnerUserId), and every widget request made.
CREATE TABLE paybis_customers (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  partner_user_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE paybis_requests (
  request_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX paybis_requests_user_idx ON paybis_requests (user_id, created_at DESC);

CREATE TABLE sandbox_sumsub_applicants (
  id text PRIMARY KEY,
  external_user_id text NOT NULL UNIQUE,
  inspection_id text NOT NULL,
  level_name text NOT NULL,
  applicant_type text NOT NULL,
  review_status text NOT NULL,
  review_answer text,
  review_reject_type text,
  created_at timestamptz NOT NULL,
  review_date timestamptz
);
