-- The customer's language (issue 30, docs/product/languages.md#the-customers-language): the app
-- and every e-mail to them use it. A registration's language travels with its verification link
-- (like its password, migration 005) and becomes the account's when that link is followed.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'pl'));
ALTER TABLE email_tokens ADD COLUMN locale text CHECK (locale IN ('en', 'pl'));
COMMENT ON COLUMN email_tokens.locale IS
  'verify_email only: the language of the page the registration that sent this link came from';
