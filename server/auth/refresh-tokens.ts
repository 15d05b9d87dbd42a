import type { Database, Queryable } from '../db/database.ts'
import { hashToken, newSecretToken, openWithToken, sealWithToken } from './secrets.ts'

export interface TokenPair {
  accessToken: string
  refreshToken: string
}

export const refreshLifetimeSeconds = 30 * 24 * 3600
/** A staff session's absolute lifetime, and how long it may sit unused (docs/product/staff.md). */
export const staffSessionSeconds = 12 * 3600
export const staffIdleSeconds = 30 * 60

/** A new session's end, by the kind of its account (`u`): `start` plus the lifetime in seconds. */
export function lifetimeSql(start: string, customerSeconds: string): string {
  return `${start}::timestamptz + make_interval(secs => CASE u.kind WHEN 'staff'
    THEN ${String(staffSessionSeconds)} ELSE ${customerSeconds}::integer END)`
}
/** How long a new session of the account `u` may sit unused; null: as long as it lives. */
export const idleSql = `CASE u.kind WHEN 'staff' THEN ${String(staffIdleSeconds)} END`
/** A rotated token presented again within this window gets the same successor (the client's own race). */
export const reuseGraceMs = 5_000

/**
 * Starts a family (a session) and its first refresh token. The user agent and IP are stored as
 * given (server/auth/sessions.ts cuts and cleans them); last use is the start.
 */
export async function startFamily(
  q: Queryable,
  userId: string,
  device: { userAgent: string; ip: string },
  now: Date,
): Promise<{ familyId: string; token: string; staff: boolean }> {
  const [family] = await q.query<{ id: string; staff: boolean }>(
    `INSERT INTO refresh_families
       (user_id, created_at, expires_at, idle_seconds, user_agent, ip, last_used_at)
     SELECT u.id, $2, ${lifetimeSql('$2', '$3')}, ${idleSql}, $4, $5, $2 FROM users u WHERE u.id = $1
     RETURNING id, idle_seconds IS NOT NULL AS staff`,
    [userId, now, refreshLifetimeSeconds, device.userAgent, device.ip],
  )
  if (!family) throw new Error('refresh family not created')
  const token = newSecretToken()
  await q.query(
    'INSERT INTO refresh_tokens (token_hash, family_id, created_at) VALUES ($1, $2, $3)',
    [hashToken(token), family.id, now],
  )
  return { familyId: family.id, token, staff: family.staff }
}

export type RotationResult =
  { kind: 'rotated'; pair: TokenPair } | { kind: 'invalid' } | { kind: 'reused' }

/**
 * Rotates a refresh token: the family row is locked so concurrent refreshes with one token
 * serialise; the first rotates, the others (within the grace window) get the same pair; a
 * rotated token presented later revokes the whole family. A rotation is the session's use: its
 * time and the client's IP are recorded.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  now: Date,
  ip: string,
  issueAccessToken: (userId: string, familyId: string, staff: boolean) => Promise<string>,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const hash = hashToken(presented)
    const [token] = await tx.query<{ family_id: string }>(
      'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
      [hash],
    )
    if (!token) return { kind: 'invalid' }
    const [family] = await tx.query<{
      user_id: string
      expires_at: Date
      revoked_at: Date | null
      idle_until: Date | null
    }>(
      `SELECT user_id, expires_at, revoked_at,
              last_used_at + make_interval(secs => idle_seconds) AS idle_until
       FROM refresh_families WHERE id = $1 FOR UPDATE`,
      [token.family_id],
    )
    if (!family || family.revoked_at || new Date(family.expires_at) <= now)
      return { kind: 'invalid' }
    // A staff session left unused past its idle time has ended.
    if (family.idle_until && new Date(family.idle_until) <= now) return { kind: 'invalid' }

    const [current] = await tx.query<{ rotated_at: Date | null; successor_sealed: string | null }>(
      'SELECT rotated_at, successor_sealed FROM refresh_tokens WHERE token_hash = $1',
      [hash],
    )
    if (current?.rotated_at) {
      const age = now.getTime() - new Date(current.rotated_at).getTime()
      const pair = current.successor_sealed
        ? openWithToken(presented, current.successor_sealed)
        : undefined
      if (age <= reuseGraceMs && pair)
        return { kind: 'rotated', pair: JSON.parse(pair) as TokenPair }
      await tx.query(
        `UPDATE refresh_families SET revoked_at = $2, revoked_reason = 'reuse' WHERE id = $1`,
        [token.family_id, now],
      )
      return { kind: 'reused' }
    }

    const pair: TokenPair = {
      accessToken: await issueAccessToken(
        family.user_id,
        token.family_id,
        family.idle_until !== null,
      ),
      refreshToken: newSecretToken(),
    }
    await tx.query('UPDATE refresh_families SET last_used_at = $2, ip = $3 WHERE id = $1', [
      token.family_id,
      now,
      ip,
    ])
    await tx.query(
      'INSERT INTO refresh_tokens (token_hash, family_id, created_at) VALUES ($1, $2, $3)',
      [hashToken(pair.refreshToken), token.family_id, now],
    )
    await tx.query(
      'UPDATE refresh_tokens SET rotated_at = $2, successor_sealed = $3 WHERE token_hash = $1',
      [hash, now, sealWithToken(presented, JSON.stringify(pair))],
    )
    return { kind: 'rotated', pair }
  })
}

export async function revokeAllFamilies(
  q: Queryable,
  userId: string,
  now: Date,
  reason: string,
): Promise<void> {
  await q.query(
    `UPDATE refresh_families SET revoked_at = $2, revoked_reason = $3
     WHERE user_id = $1 AND revoked_at IS NULL`,
    [userId, now, reason],
  )
}
