-- The request desk (issue 28, docs/product/requests.md): a request's internal state, its version
-- (an action decided on an older one changes nothing), who works it, its offers, and one ordered
-- log of everything that happened to it, from which the timelines, the message thread, the notes
-- and the live streams are read. Nothing here is deleted, with or without the customer.

ALTER TABLE exchange_requests DROP CONSTRAINT exchange_requests_status_check;
ALTER TABLE exchange_requests RENAME COLUMN status TO state;
UPDATE exchange_requests SET state = 'submitted';
ALTER TABLE exchange_requests
  ALTER COLUMN state SET DEFAULT 'submitted',
  ADD CONSTRAINT exchange_requests_state_check CHECK (state IN ('submitted', 'assigned',
    'in_review', 'on_hold', 'awaiting_customer', 'offer_pending_approval', 'offer_sent',
    'awaiting_payment', 'completed', 'declined', 'expired', 'cancelled')),
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN assignee_id uuid REFERENCES users (id),
  ADD COLUMN updated_at timestamptz;
UPDATE exchange_requests SET updated_at = created_at;
ALTER TABLE exchange_requests ALTER COLUMN updated_at SET NOT NULL;

-- The desk's inbox (server/requests/desk-inbox.ts; its plans on 100,000 requests are in decision
-- 111): open requests oldest first, by state, by assignee, by pair and amount; the search by
-- contact name's start (the account's e-mail is searched through users).
CREATE INDEX exchange_requests_open_idx ON exchange_requests (created_at, id)
  WHERE state NOT IN ('completed', 'declined', 'expired', 'cancelled');
-- Every state by time (`state=all`, oldest or newest first): without it, a sort of the whole
-- table (430 ms on the 100,000 requests of decision 111).
CREATE INDEX exchange_requests_created_idx ON exchange_requests (created_at, id);
CREATE INDEX exchange_requests_state_idx ON exchange_requests (state, created_at, id);
CREATE INDEX exchange_requests_assignee_idx ON exchange_requests (assignee_id, created_at, id);
CREATE INDEX exchange_requests_pair_idx ON exchange_requests (from_currency, to_currency, created_at, id);
CREATE INDEX exchange_requests_amount_idx ON exchange_requests (amount, id);
CREATE INDEX exchange_requests_name_idx ON exchange_requests (lower(name) text_pattern_ops);
CREATE INDEX users_email_prefix_idx ON users (lower(email) text_pattern_ops);

CREATE TABLE request_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES exchange_requests (id),
  rate numeric NOT NULL CHECK (rate > 0),
  amount_paid numeric NOT NULL CHECK (amount_paid > 0),
  amount_received numeric NOT NULL CHECK (amount_received >= 0),
  fee numeric NOT NULL CHECK (fee >= 0),
  fee_percent text NOT NULL,
  valid_until timestamptz NOT NULL,
  needs_approval boolean NOT NULL,
  state text NOT NULL CHECK (state IN ('pending_approval', 'open', 'accepted', 'declined',
    'expired', 'withdrawn', 'rejected')),
  proposed_by uuid NOT NULL REFERENCES users (id),
  approved_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX request_offers_request_idx ON request_offers (request_id, created_at DESC);
-- One live offer per request at most.
CREATE UNIQUE INDEX request_offers_live_idx ON request_offers (request_id)
  WHERE state IN ('pending_approval', 'open');

-- Everything that happened to a request, in one order (seq). Rows are written under a
-- transaction-scoped lock (server/requests/request-events.ts), so seq grows in commit order and
-- a stream resumed after seq N misses nothing.
CREATE TABLE request_events (
  seq bigserial PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES exchange_requests (id),
  customer_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'state', 'message', 'offer', 'note', 'assignment')),
  -- Whether the customer may see it: never a note, a hold, an assignment or a reason.
  for_customer boolean NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('customer', 'staff', 'system')),
  actor_id uuid REFERENCES users (id),
  from_state text,
  to_state text,
  -- A message's or note's text, or (internal) an action's reason.
  body text,
  at timestamptz NOT NULL
);
CREATE INDEX request_events_request_idx ON request_events (request_id, seq);
CREATE INDEX request_events_customer_idx ON request_events (customer_id, seq) WHERE for_customer;

CREATE FUNCTION request_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'request_events is append-only';
END
$$;
CREATE TRIGGER request_events_no_change BEFORE UPDATE OR DELETE ON request_events
  FOR EACH ROW EXECUTE FUNCTION request_events_append_only();

-- Requests stored before the desk existed start their history at "Submitted".
INSERT INTO request_events (request_id, customer_id, kind, for_customer, actor_kind, actor_id,
  to_state, at)
SELECT id, user_id, 'created', true, 'customer', user_id, 'submitted', created_at
FROM exchange_requests ORDER BY created_at, id;
