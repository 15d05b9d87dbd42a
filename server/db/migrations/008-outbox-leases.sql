-- Outbox messages are claimed with a lease instead of a row lock held across the SMTP exchange
-- (docs/decisions/090): a node records that it is sending a message until lease_until, sends
-- without a transaction open, then marks it sent. A node that dies leaves a lease that expires;
-- a node that stops hands its leases back.
ALTER TABLE outbox ADD COLUMN claimed_by text;
ALTER TABLE outbox ADD COLUMN lease_until timestamptz;
