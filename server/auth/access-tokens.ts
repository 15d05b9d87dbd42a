import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { jwtVerify, SignJWT } from 'jose'
import type { Config } from '../config.ts'

const audience = 'exchange-api'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whom an access token speaks for: the customer (`sub`) and the session it belongs to (`sid`). */
export interface AccessClaims {
  userId: string
  sessionId: string
}

export interface AccessTokens {
  /** A token for this customer's session (claims sub, sid and a random jti). */
  issue(userId: string, sessionId: string): Promise<string>
  /**
   * Whom the token speaks for, or undefined when it is invalid, expired or names no session.
   * Whether the session is still live is the caller's question (server/http/bearer-auth.ts).
   */
  verify(token: string): Promise<AccessClaims | undefined>
}

export function createAccessTokens(
  rawKey: Uint8Array,
  issuer: string,
  ttlSeconds: number,
): AccessTokens {
  // A KeyObject made once: given raw bytes, jose would import the HMAC key again on every call.
  const key = createSecretKey(rawKey)
  return {
    issue: (userId, sessionId) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
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
        const { sub, sid } = payload
        if (typeof sub !== 'string' || typeof sid !== 'string') return undefined
        if (!uuid.test(sub) || !uuid.test(sid)) return undefined
        return { userId: sub, sessionId: sid }
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
