/**
 * The second factors' own key (issue 25 finding 8, docs/decisions/105): TOTP secrets are sealed
 * and recovery codes keyed under it, not under the JWT signing key, so that key can rotate. Each
 * key has an id written beside what it protects; older keys listed in SECOND_FACTOR_OLD_KEYS
 * still open and match what they protected.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../../config.ts'

export interface FactorKey {
  /** 12 hex characters naming the key in stored values. */
  id: string
  /** AES-256-GCM key for sealed secrets. */
  sealing: Buffer
  /** HMAC-SHA-256 key for recovery codes. */
  recovery: Buffer
}

export interface FactorKeys {
  current: FactorKey
  /** Every key that still opens, the current one first. */
  all: FactorKey[]
}

const derive = (material: Uint8Array, info: string) =>
  Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), info, 32))

export function factorKeyOf(material: Uint8Array): FactorKey {
  return {
    id: createHash('sha256')
      .update(derive(material, 'second-factor-key-id'))
      .digest('hex')
      .slice(0, 12),
    sealing: derive(material, 'second-factor-secrets/v2'),
    recovery: derive(material, 'recovery-codes/v2'),
  }
}

export function factorKeysOf(current: Uint8Array, old: readonly Uint8Array[] = []): FactorKeys {
  const key = factorKeyOf(current)
  return { current: key, all: [key, ...old.map(factorKeyOf)] }
}

/**
 * SECOND_FACTOR_KEY, or the file SECOND_FACTOR_KEY_FILE names, or (outside production, where
 * config.ts refuses to start without one of them) a key made once in DATA_DIR.
 */
export async function loadFactorKeys(config: Config): Promise<FactorKeys> {
  const encode = (text: string) => new TextEncoder().encode(text.trim())
  const old = config.secondFactor.oldKeys.map(encode)
  if (config.secondFactor.key) return factorKeysOf(encode(config.secondFactor.key), old)
  if (config.secondFactor.keyFile) {
    const key = await readFile(config.secondFactor.keyFile, 'utf8')
    if (Buffer.byteLength(key.trim()) < 32)
      throw new Error('SECOND_FACTOR_KEY_FILE: the key must be at least 32 bytes')
    return factorKeysOf(encode(key), old)
  }
  const file = join(config.dataDir, 'second-factor-key')
  await mkdir(config.dataDir, { recursive: true })
  await writeFile(file, randomBytes(48).toString('base64url') + '\n', {
    mode: 0o600,
    flag: 'wx',
  }).catch(() => undefined)
  await chmod(file, 0o600).catch(() => undefined)
  return factorKeysOf(encode(await readFile(file, 'utf8')), old)
}

/** The SHA-256 that recovery codes were stored as before keys (migration 007's format). */
export function unkeyedRecoveryHash(userId: string, normalized: string): string {
  return createHash('sha256').update(`recovery-code:${userId}:${normalized}`).digest('hex')
}

/**
 * A recovery code as stored: `<key id>:<HMAC of its unkeyed hash>`. Keyed over the unkeyed hash
 * so that codes stored before keys are re-keyed in place without being known.
 */
export function keyedRecoveryHash(key: FactorKey, unkeyed: string): string {
  return `${key.id}:${createHmac('sha256', key.recovery).update(unkeyed).digest('hex')}`
}
