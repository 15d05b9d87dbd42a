/**
 * Verification links that carry their registration's password (docs/decisions/080). Registering
 * an address whose account is still unverified does not touch the account's password: it sends a
 * new link bound to this registration's password hash. The link that is followed sets its own
 * password, verifies the account and ends every other verification link, so whoever registered
 * the address first holds nothing once the mailbox's owner confirms. When more than one
 * registration is pending (a contested address), the link followed keeps no registration's
 * password: the account gets an unusable one and its owner chooses a password by e-mail.
 */
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import type { Locale } from '../../domain/locale.ts'
import { hashPassword } from './passwords.ts'

/** What a login checks besides the account's password: registrations still waiting. */
const pendingPurposes = `('verify_email', 'registration_attempt')`
import { hashToken, newSecretToken } from './secrets.ts'

/** A verification link bound to the password hash of the registration that asked for it. */
export async function issueVerifyLink(
  q: Queryable,
  userId: string,
  passwordHash: string,
  ttlSeconds: number,
  now: Date,
  locale: Locale,
): Promise<string> {
  const token = newSecretToken()
  await q.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at, password_hash, locale)
     VALUES ($1, $2, 'verify_email', $3, $4, $5)`,
    [hashToken(token), userId, new Date(now.getTime() + ttlSeconds * 1000), passwordHash, locale],
  )
  return token
}

export interface ConsumedVerifyLink {
  userId: string
  /** The password of the registration that sent the link; null for a link made before 005. */
  passwordHash: string | null
  /** The language of that registration's page; null for a link made before 017. */
  locale: Locale | null
}

/**
 * Marks a live verification link used and returns its user and pending password, or undefined
 * when it is unknown, used or expired. The user's row is locked first, so two links of one
 * account followed at once are taken one after the other: the second finds itself ended.
 */
export async function consumeVerifyLink(
  q: Queryable,
  token: string,
  now: Date,
): Promise<ConsumedVerifyLink | undefined> {
  const tokenHash = hashToken(token)
  const [owner] = await q.query<{ id: string }>(
    `SELECT id FROM users WHERE id = (
       SELECT user_id FROM email_tokens WHERE token_hash = $1 AND purpose = 'verify_email'
     ) FOR UPDATE`,
    [tokenHash],
  )
  if (!owner) return undefined
  const [row] = await q.query<{
    user_id: string
    password_hash: string | null
    locale: Locale | null
  }>(
    `UPDATE email_tokens SET used_at = $2
     WHERE token_hash = $1 AND purpose = 'verify_email' AND used_at IS NULL AND expires_at > $2
     RETURNING user_id, password_hash, locale`,
    [tokenHash, now],
  )
  return row
    ? { userId: row.user_id, passwordHash: row.password_hash, locale: row.locale }
    : undefined
}

/**
 * Whether another registration of the account still waits for its link: an unused, unexpired
 * verification link that carries a password. Asked after the followed link is used, so that link
 * is not counted.
 */
export async function hasOtherPendingRegistration(
  q: Queryable,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await q.query<{ one: number }>(
    `SELECT 1 AS one FROM email_tokens
     WHERE user_id = $1 AND purpose = 'verify_email' AND used_at IS NULL AND expires_at > $2
       AND password_hash IS NOT NULL
     LIMIT 1`,
    [userId, now],
  )
  return rows.length > 0
}

/**
 * A password hash no password matches (an argon2id hash of 32 random bytes nobody keeps): a login
 * against it is refused after the same one verification as any other.
 */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'))
}

/**
 * A registration of an address whose account is confirmed: its password hash is kept for as long
 * as a verification link would live, and no link is sent (the owner gets 'already registered').
 * A login with that password answers 403 EMAIL_NOT_VERIFIED, as a login to a new account still
 * waiting for its link does, so the two cannot be told apart (issue 25 finding 1, decision 105).
 */
export async function recordRegistrationAttempt(
  q: Queryable,
  userId: string,
  passwordHash: string,
  ttlSeconds: number,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at, password_hash)
     VALUES ($1, $2, 'registration_attempt', $3, $4)`,
    [
      hashToken(newSecretToken()),
      userId,
      new Date(now.getTime() + ttlSeconds * 1000),
      passwordHash,
    ],
  )
}

/**
 * Ends every registration of the account still waiting: its verification links and the
 * registration attempts kept for a confirmed account.
 */
export async function endVerifyLinks(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE email_tokens SET used_at = $2
     WHERE user_id = $1 AND purpose IN ${pendingPurposes} AND used_at IS NULL`,
    [userId, now],
  )
}

/** How many pending passwords a login compares (a registration is 5 an hour per address). */
export const pendingPasswordsChecked = 50

/**
 * SQL for the password hashes of an account's newest live pending registrations, as an array
 * column of the login's one query: `$user` is the users row's alias, `$now` the parameter.
 */
export function pendingPasswordsColumn(user: string, now: string): string {
  return `ARRAY(
    SELECT t.password_hash FROM email_tokens t
    WHERE t.user_id = ${user}.id AND t.purpose IN ${pendingPurposes} AND t.used_at IS NULL
      AND t.expires_at > ${now} AND t.password_hash IS NOT NULL
    ORDER BY t.expires_at DESC, t.created_at DESC LIMIT ${pendingPasswordsChecked}
  )`
}
