import type { Queryable } from '../db/database.ts'
import { hashToken, newSecretToken } from './secrets.ts'

export type EmailTokenPurpose = 'verify_email' | 'reset_password'

export async function createEmailToken(
  q: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const token = newSecretToken()
  await q.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [hashToken(token), userId, purpose, new Date(now.getTime() + ttlSeconds * 1000)],
  )
  return token
}

/** Marks the token used and returns its user, or undefined when it is unknown, used or expired. */
export async function consumeEmailToken(
  q: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await q.query<{ user_id: string }>(
    `UPDATE email_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id`,
    [hashToken(token), purpose, now],
  )
  return row?.user_id
}

/** The account of a live token and its address, without using the token up. */
export async function peekEmailToken(
  q: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await q.query<{ user_id: string; email: string }>(
    `SELECT t.user_id, u.email FROM email_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.purpose = $2 AND t.used_at IS NULL AND t.expires_at > $3`,
    [hashToken(token), purpose, now],
  )
  return row ? { userId: row.user_id, email: row.email } : undefined
}
