-- Internal notes on a customer (issue 29, docs/product/staff.md#the-customer-page): written by
-- staff with customers:note, read on the desk's customer page, never shown to the customer. Like
-- the desk's records, they are not deleted with the customer: the foreign key refuses it.
CREATE TABLE customer_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES users (id),
  author_id uuid NOT NULL REFERENCES users (id),
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_notes_customer_idx ON customer_notes (customer_id, created_at DESC);

