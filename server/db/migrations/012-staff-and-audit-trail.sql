-- Staff, roles, four-eyes role changes and the append-only, hash-chained audit trail
-- (docs/decisions/110-staff-and-audit-trail.md). Records of customers outlive their accounts.

-- One address is one kind of account: a customer or a staff member, never both.
ALTER TABLE users
  ADD COLUMN kind text NOT NULL DEFAULT 'customer' CHECK (kind IN ('customer', 'staff')),
  ADD COLUMN deactivated_at timestamptz,
  ADD CONSTRAINT users_deactivated_staff_check CHECK (deactivated_at IS NULL OR kind = 'staff');

CREATE TABLE staff_roles (
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('support', 'manager', 'compliance', 'admin', 'auditor')),
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, role)
);

-- A change of the admin role waits here for a second admin.
CREATE TABLE role_grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role = 'admin'),
  change text NOT NULL CHECK (change IN ('grant', 'revoke')),
  requested_by uuid NOT NULL REFERENCES users (id),
  requested_at timestamptz NOT NULL,
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  outcome text CHECK (outcome IN ('approved', 'withdrawn')),
  CHECK ((decided_at IS NULL) = (outcome IS NULL))
);
-- At most one pending change per member and role.
CREATE UNIQUE INDEX role_grants_pending_idx ON role_grants (user_id, role) WHERE decided_at IS NULL;

-- Staff sessions end after a shorter absolute lifetime and after idleness (docs/product/staff.md).
ALTER TABLE refresh_families ADD COLUMN idle_seconds integer;

-- The trail: written in the transaction of the change it records, never changed afterwards.
-- No foreign key: nothing done to a user (deleted, anonymised) reaches a row of it.
CREATE TABLE audit_trail (
  seq bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_id uuid,
  actor_email text,
  actor_roles text[] NOT NULL,
  session_id uuid,
  ip text NOT NULL,
  user_agent text NOT NULL,
  action text NOT NULL,
  target_type text,
  target_id text,
  outcome text NOT NULL CHECK (outcome IN ('succeeded', 'denied', 'failed')),
  before jsonb,
  after jsonb,
  reason text,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_trail_actor_idx ON audit_trail (actor_id, seq);
CREATE INDEX audit_trail_target_idx ON audit_trail (target_id, seq);
CREATE INDEX audit_trail_action_idx ON audit_trail (action, seq);
CREATE INDEX audit_trail_at_idx ON audit_trail (at);

-- The chain's end: appending locks this row, so entries are numbered and chained one at a time.
CREATE TABLE audit_chain_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seq bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO audit_chain_head (seq, hash) VALUES (0, repeat('0', 64));

CREATE FUNCTION audit_trail_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_trail_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_trail
  FOR EACH ROW EXECUTE FUNCTION audit_trail_refuse_change();
CREATE TRIGGER audit_trail_no_truncate BEFORE TRUNCATE ON audit_trail
  FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_refuse_change();

-- A customer's requests, payments and verification history are kept when the account goes: the
-- database refuses to delete an account that has them (an account is closed by anonymising it).
ALTER TABLE exchange_requests DROP CONSTRAINT exchange_requests_user_id_fkey,
  ADD CONSTRAINT exchange_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE verifications DROP CONSTRAINT verifications_user_id_fkey,
  ADD CONSTRAINT verifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE paybis_customers DROP CONSTRAINT paybis_customers_user_id_fkey,
  ADD CONSTRAINT paybis_customers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE paybis_requests DROP CONSTRAINT paybis_requests_user_id_fkey,
  ADD CONSTRAINT paybis_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
