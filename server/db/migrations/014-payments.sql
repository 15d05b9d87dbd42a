-- Card payments through Paybis (issue 29, docs/product/payments.md). A widget request
-- (paybis_requests: Paybis's requestId, one transaction each) becomes a payment once Paybis tells
-- us about its transaction, by webhook or through the reconciliation job; the payment keeps the
-- state Paybis last reported. Amounts are numeric with their currency codes. Nothing here is
-- deleted with the customer (no cascade: the account is anonymised instead, migration 012).

-- A payment session may be opened for an exchange request (docs/product/requests.md).
ALTER TABLE paybis_requests ADD COLUMN exchange_request_id uuid REFERENCES exchange_requests (id);
-- The reconciliation job reads the recent sessions.
CREATE INDEX paybis_requests_created_idx ON paybis_requests (created_at);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id text NOT NULL UNIQUE REFERENCES paybis_requests (request_id),
  user_id uuid NOT NULL REFERENCES users (id),
  exchange_request_id uuid REFERENCES exchange_requests (id),
  -- Paybis's transaction id.
  transaction_id text NOT NULL UNIQUE,
  -- Ours (server/providers/paybis/transaction-status.ts maps Paybis's to it). A final one
  -- (completed, failed, refunded) never goes back; only completed may still become refunded.
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed', 'refunded')),
  -- Paybis's own status as last applied (created, completed, cancelled, payment_error, rejected).
  provider_status text NOT NULL,
  spent_amount numeric CHECK (spent_amount >= 0),
  spent_currency text CHECK (spent_currency ~ '^[A-Z0-9]{2,12}$'),
  received_amount numeric CHECK (received_amount >= 0),
  received_currency text CHECK (received_currency ~ '^[A-Z0-9]{2,12}$'),
  CHECK ((spent_amount IS NULL) = (spent_currency IS NULL)),
  CHECK ((received_amount IS NULL) = (received_currency IS NULL)),
  -- Paybis's times: the transaction's createdAt, and the time of the newest event applied.
  provider_created_at timestamptz,
  provider_event_at timestamptz,
  -- Ours: when Paybis's word first and last reached us, and by which path.
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL CHECK (updated_by IN ('webhook', 'reconciliation'))
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC, id DESC);
CREATE INDEX payments_exchange_request_idx ON payments (exchange_request_id, created_at DESC)
  WHERE exchange_request_id IS NOT NULL;

-- Every transaction-status webhook delivery whose signature held, by the SHA-256 of its raw body:
-- each is processed once; a replay or a repeated delivery changes nothing.
CREATE TABLE paybis_webhook_deliveries (
  body_sha256 text PRIMARY KEY,
  request_id text,
  transaction_id text,
  provider_status text,
  -- applied, unchanged, stale, unknown-request, ignored.
  outcome text NOT NULL,
  received_at timestamptz NOT NULL
);
