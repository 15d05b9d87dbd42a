import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { createSecretKey, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { jwtVerify, SignJWT } from 'jose'
import type { Config } from '../config.ts'

const audience = 'exchange-api'

export interface AccessTokens {
  issue(userId: string): Promise<string>
  /** The user id the token was issued to, or undefined when it is invalid or expired. */
  verify(token: string): Promise<string | undefined>
}

export function createAccessTokens(
  rawKey: Uint8Array,
  issuer: string,
  ttlSeconds: number,
): AccessTokens {
  // A KeyObject made once: given raw bytes, jose would import the HMAC key again on every call.
  const key = createSecretKey(rawKey)
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience,
          algorithms: ['HS256'],
        })
        return payload.sub
      } catch {
        return undefined
      }
    },
  }
}

/**
 * The signing key: JWT_SECRET, else the file JWT_KEY_FILE, else (development) a key generated
 * once and kept in DATA_DIR so tokens survive restarts.
 */
export async function loadSigningKey(config: Config): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret)
  if (config.jwtKeyFile) {
    const key = (await readFile(config.jwtKeyFile, 'utf8')).trim()
    if (Buffer.byteLength(key) < 32)
      throw new Error('JWT_KEY_FILE: the key must be at least 32 bytes')
    return new TextEncoder().encode(key)
  }
  const file = join(config.dataDir, 'jwt-signing-key')
  try {
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim())
  } catch {
    await mkdir(config.dataDir, { recursive: true })
    const key = randomBytes(48).toString('base64url')
    await writeFile(file, key + '\n', { mode: 0o600, flag: 'wx' }).catch(() => undefined)
    await chmod(file, 0o600).catch(() => undefined)
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim())
  }
}
