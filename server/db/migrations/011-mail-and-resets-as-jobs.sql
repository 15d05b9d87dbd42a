-- The outbox keeps the messages (the local mailbox and sent_at read them); their delivery is a
-- job now. Unsent messages become delivery jobs with the attempts and error they had, and those
-- the dispatcher had given up on (10 attempts) become failed jobs, visible as such.
INSERT INTO jobs (kind, payload, state, run_at, attempts, last_error, failed_at)
SELECT 'mail.send', jsonb_build_object('outboxId', id::text),
       CASE WHEN attempts >= 10 THEN 'failed' ELSE 'queued' END, next_attempt_at,
       LEAST(attempts, 10), last_error, CASE WHEN attempts >= 10 THEN now() END
FROM outbox WHERE sent_at IS NULL ORDER BY id;
ALTER TABLE outbox DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN last_error,
  DROP COLUMN claimed_by, DROP COLUMN lease_until;

-- Reset requests waiting for their lookup (decision 041) are jobs too.
INSERT INTO jobs (kind, payload, run_at)
SELECT 'password-reset.request', jsonb_build_object('email', email_normalized), requested_at
FROM password_reset_requests ORDER BY id;
DROP TABLE password_reset_requests;
