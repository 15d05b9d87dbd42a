/**
 * Ten single-use recovery codes, made with the authenticator app and shown once: `xxxxx-xxxxx`
 * from an alphabet without look-alikes (no 0/o, 1/i/l, u/v), about 48 bits each. They are random,
 * not chosen, so a fast hash is enough, but 48 bits are within reach of a copy of the database
 * (0.4 M SHA-256/s on one core): each is stored as an HMAC under the second factors' own key, so
 * the copy alone guesses nothing (docs/decisions/085, 105). A typed code is compared in any case
 * and with or without its hyphen.
 */
import { randomInt } from 'node:crypto'
import type { Database, Queryable } from '../../db/database.ts'
import { keyedRecoveryHash, unkeyedRecoveryHash, type FactorKeys } from './factor-keys.ts'

export const recoveryCodeCount = 10
const alphabet = '23456789abcdefghjkmnpqrstwxyz'
const half = 5

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>()
  while (codes.size < recoveryCodeCount) {
    let raw = ''
    for (let i = 0; i < half * 2; i++) raw += alphabet.charAt(randomInt(alphabet.length))
    codes.add(`${raw.slice(0, half)}-${raw.slice(half)}`)
  }
  return [...codes]
}

/** The code as stored: lower case, no hyphen; undefined when it cannot be one of ours. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.replace('-', '').toLowerCase()
  if (plain.length !== half * 2) return undefined
  for (const c of plain) if (!alphabet.includes(c)) return undefined
  return plain
}

/** The code as stored under the current key. */
export function hashRecoveryCode(keys: FactorKeys, userId: string, normalized: string): string {
  return keyedRecoveryHash(keys.current, unkeyedRecoveryHash(userId, normalized))
}

/** What the code may be stored as: under each key that still opens. */
export function recoveryCodeCandidates(
  keys: FactorKeys,
  userId: string,
  normalized: string,
): string[] {
  const unkeyed = unkeyedRecoveryHash(userId, normalized)
  return keys.all.map((key) => keyedRecoveryHash(key, unkeyed))
}

/**
 * Keys the codes stored before keys existed (a bare SHA-256, no `:`), in place and without
 * knowing them; run at start, each row by a conditional update. Answers how many were keyed.
 */
export async function keyLegacyRecoveryCodes(db: Database, keys: FactorKeys): Promise<number> {
  const rows = await db.query<{ user_id: string; code_hash: string }>(
    `SELECT user_id, code_hash FROM recovery_codes WHERE position(':' in code_hash) = 0`,
  )
  let count = 0
  for (const row of rows) {
    const updated = await db.query(
      `UPDATE recovery_codes SET code_hash = $3
       WHERE user_id = $1 AND code_hash = $2 RETURNING 1`,
      [row.user_id, row.code_hash, keyedRecoveryHash(keys.current, row.code_hash)],
    )
    count += updated.length
  }
  return count
}

/** The account's recovery codes not used yet. */
export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  )
  return row?.n ?? 0
}

/** Uses up the code if it is one of the account's unused ones; false otherwise. */
export async function consumeRecoveryCode(
  q: Queryable,
  keys: FactorKeys,
  userId: string,
  code: string,
  at: Date,
): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code)
  if (normalized === undefined) return false
  const used = await q.query(
    `UPDATE recovery_codes SET used_at = $3
     WHERE user_id = $1 AND code_hash = ANY($2::text[]) AND used_at IS NULL RETURNING 1`,
    [userId, recoveryCodeCandidates(keys, userId, normalized), at],
  )
  return used.length > 0
}

/** The account's codes become these (stored keyed), in the caller's transaction. */
export async function replaceRecoveryCodes(
  tx: Queryable,
  keys: FactorKeys,
  userId: string,
  codes: string[],
): Promise<void> {
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
  for (const code of codes)
    await tx.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
      userId,
      hashRecoveryCode(keys, userId, normalizeRecoveryCode(code) ?? ''),
    ])
}
