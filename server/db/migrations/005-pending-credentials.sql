-- Registration cannot be pre-claimed (docs/decisions/080): each verification link carries the
-- password hash of the registration that sent it, and following the link sets that password.
-- Links issued before this migration have none and leave the account's password as it is.
ALTER TABLE email_tokens ADD COLUMN password_hash text;
COMMENT ON COLUMN email_tokens.password_hash IS
  'verify_email only: the argon2id hash of the password chosen by the registration that sent this link';
