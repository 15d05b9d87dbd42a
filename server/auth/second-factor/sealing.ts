/**
 * Secrets the server must read back (an authenticator app's TOTP secret) are stored sealed:
 * AES-256-GCM under the second factors' own key (factor-keys.ts), with the row's owner as
 * associated data, so a copy of the database alone opens nothing and a sealed value moved to
 * another account does not open either (docs/decisions/085, 105). `v2.<key id>.<data>`; values
 * sealed as `v1` under a key derived from the JWT signing key open while that key is given, and
 * are sealed again under the current key at start (resealLegacySecrets).
 */
import { hkdfSync } from 'node:crypto'
import type { Database } from '../../db/database.ts'
import { openAesGcm, sealAesGcm } from '../secrets.ts'
import type { FactorKeys } from './factor-keys.ts'

export interface Sealer {
  /** `context` names what the value belongs to (for example `totp:<user id>`). */
  seal(value: string, context: string): string
  /** The value, or undefined when it was sealed under another key or context, or is damaged. */
  open(sealed: string, context: string): string | undefined
  /** How every value sealed under the current key begins (others are sealed again at start). */
  currentPrefix: string
}

/** The key migration 007's `v1` values were sealed under. */
const legacyKeyOf = (signingKey: Uint8Array) =>
  Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), 'second-factor-secrets/v1', 32))

export function createSealer(keys: FactorKeys, legacySigningKey?: Uint8Array): Sealer {
  const legacy = legacySigningKey ? legacyKeyOf(legacySigningKey) : undefined
  const byId = new Map(keys.all.map((k) => [k.id, k.sealing]))
  const currentPrefix = `v2.${keys.current.id}.`
  return {
    currentPrefix,
    seal(value, context) {
      return currentPrefix + sealAesGcm(keys.current.sealing, value, context)
    },
    open(sealed, context) {
      const parts = sealed.split('.')
      if (parts[0] === 'v1' && parts.length === 2 && legacy)
        return openAesGcm(legacy, parts[1] ?? '', context)
      const key = parts[0] === 'v2' && parts.length === 3 ? byId.get(parts[1] ?? '') : undefined
      return key ? openAesGcm(key, parts[2] ?? '', context) : undefined
    },
  }
}

/**
 * Seals again under the current key every TOTP secret sealed otherwise (v1, or an older key),
 * each row by a conditional update so nodes starting together do not undo each other. Answers how
 * many were sealed again; a value no key opens is left as it is (its login then fails closed).
 */
export async function resealLegacySecrets(db: Database, sealer: Sealer): Promise<number> {
  let count = 0
  for (const table of ['totp_factors', 'totp_enrolments'] as const) {
    const rows = await db.query<{ user_id: string; secret_sealed: string }>(
      `SELECT user_id, secret_sealed FROM ${table} WHERE secret_sealed NOT LIKE $1`,
      [`${sealer.currentPrefix}%`],
    )
    for (const row of rows) {
      const context = `totp:${row.user_id}`
      const secret = sealer.open(row.secret_sealed, context)
      if (secret === undefined) continue
      const updated = await db.query(
        `UPDATE ${table} SET secret_sealed = $3 WHERE user_id = $1 AND secret_sealed = $2 RETURNING 1`,
        [row.user_id, row.secret_sealed, sealer.seal(secret, context)],
      )
      count += updated.length
    }
  }
  return count
}
