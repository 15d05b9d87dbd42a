-- Verification requested by staff, compliance holds on a customer, and the Sumsub history tied to
-- its customer (issue 29, docs/product/staff.md#verification-requests and #holds). Nothing here
-- is deleted with a customer: the foreign keys refuse the account's deletion, as in 012.

-- A request for KYC or KYB: open until the Sumsub webhook completes that review (fulfilled, with
-- the review's answer) or staff withdraw it. The note is for the customer; who asked is not.
CREATE TABLE verification_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('kyc', 'kyb')),
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 1000),
  requested_by uuid NOT NULL REFERENCES users (id),
  requested_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'fulfilled', 'withdrawn')),
  fulfilled_at timestamptz,
  review_answer text CHECK (review_answer IN ('GREEN', 'RED')),
  withdrawn_by uuid REFERENCES users (id),
  withdrawn_at timestamptz,
  CHECK ((state = 'fulfilled') = (fulfilled_at IS NOT NULL AND review_answer IS NOT NULL)),
  CHECK ((state = 'withdrawn') = (withdrawn_at IS NOT NULL AND withdrawn_by IS NOT NULL))
);
-- One open request per customer and kind.
CREATE UNIQUE INDEX verification_requests_open_idx ON verification_requests (customer_id, kind)
  WHERE state = 'open';
CREATE INDEX verification_requests_customer_idx ON verification_requests (customer_id, requested_at);

-- A hold stops new quote requests and payment sessions. Its reasons are internal.
CREATE TABLE customer_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES users (id),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  placed_by uuid NOT NULL REFERENCES users (id),
  placed_at timestamptz NOT NULL,
  lifted_by uuid REFERENCES users (id),
  lifted_at timestamptz,
  lift_reason text CHECK (length(lift_reason) BETWEEN 1 AND 1000),
  CHECK ((lifted_at IS NULL) = (lifted_by IS NULL) AND (lifted_at IS NULL) = (lift_reason IS NULL))
);
-- At most one active hold per customer: two compliance officers placing one at once get one.
CREATE UNIQUE INDEX customer_holds_active_idx ON customer_holds (customer_id) WHERE lifted_at IS NULL;
CREATE INDEX customer_holds_customer_idx ON customer_holds (customer_id, placed_at);

-- Each Sumsub delivery as history: whose it is (null for an unknown applicant), which kind, what
-- it said, and when it happened at Sumsub (createdAtMs) beside when we received it. seq numbers
-- the deliveries in the order received; stored ones are numbered by their receipt time.
ALTER TABLE sumsub_webhook_events
  ADD COLUMN seq bigint,
  ADD COLUMN customer_id uuid REFERENCES users (id),
  ADD COLUMN kind text CHECK (kind IN ('kyc', 'kyb')),
  ADD COLUMN review_status text,
  ADD COLUMN review_answer text,
  ADD COLUMN happened_at timestamptz;
CREATE SEQUENCE sumsub_webhook_events_seq OWNED BY sumsub_webhook_events.seq;
UPDATE sumsub_webhook_events e SET seq = numbered.n
FROM (SELECT body_sha256, row_number() OVER (ORDER BY received_at, body_sha256) AS n
      FROM sumsub_webhook_events) numbered
WHERE numbered.body_sha256 = e.body_sha256;
SELECT setval('sumsub_webhook_events_seq', COALESCE(max(seq), 0) + 1, false) FROM sumsub_webhook_events;
ALTER TABLE sumsub_webhook_events
  ALTER COLUMN seq SET DEFAULT nextval('sumsub_webhook_events_seq'),
  ALTER COLUMN seq SET NOT NULL,
  ADD CONSTRAINT sumsub_webhook_events_seq_key UNIQUE (seq);
UPDATE sumsub_webhook_events e SET customer_id = v.user_id, kind = v.kind
FROM verifications v WHERE v.applicant_id = e.applicant_id;
CREATE INDEX sumsub_webhook_events_customer_idx ON sumsub_webhook_events (customer_id, seq);
