import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { randomBytes, randomUUID } from 'node:crypto'
import { createSigner, createVerifier } from 'fast-jwt'
import { join } from 'node:path'
import type { Config } from '../config.ts'

const audience = 'exchange-api'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Longer than any token issued here (about 330 characters): not worth an HMAC. */
const maxTokenLength = 2048

/** Whom an access token speaks for: the customer (`sub`) and the session it belongs to (`sid`). */
export interface AccessClaims {
  userId: string
  sessionId: string
}

export interface AccessTokens {
  /**
   * A token for this account's session (claims sub, sid and a random jti); a staff session's also
   * says `scp: "staff"`, which the SPA reads to open the console. The server never trusts it: the
   * permission hook reads the roles from the database on every call.
   */
  issue(userId: string, sessionId: string, staff?: boolean): Promise<string>
  /**
   * Whom the token speaks for, or undefined when it is invalid, expired or names no session.
   * Whether the session is still live is the caller's question (server/http/bearer-auth.ts).
   */
  verify(token: string): Promise<AccessClaims | undefined>
}

/**
 * HS256 JWTs (RFC 7519) through fast-jwt (the library @fastify/jwt uses), whose signer and
 * verifier are made once with the key and run synchronously: every bearer request verifies one,
 * and jose's Web Crypto path imported the key again and queued a crypto job for each (about
 * 130 µs of a profile GET's CPU; docs/decisions/098-api-hot-path.md). The verifier allows HS256
 * only (no `alg` of the token's choosing), this issuer and audience; times are checked here
 * against the server's clock (`now`, which tests move): `exp` in the future, `nbf` (if any)
 * reached, `iat` (if any) a number. tests/server/access-tokens.test.ts holds it to jose both ways.
 */
export function createAccessTokens(
  rawKey: Uint8Array,
  issuer: string,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
): AccessTokens {
  const key = Buffer.from(rawKey)
  const signer = createSigner({ key, algorithm: 'HS256' })
  const verifier = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: issuer,
    allowedAud: audience,
    // Only the header this server signs: a token without `typ: JWT` was never issued here.
    checkTyp: 'JWT',
    // The clock is ours (below), so a test's or an operator's `now` is the one that counts.
    ignoreExpiration: true,
    ignoreNotBefore: true,
  })

  function verifySync(token: string): AccessClaims | undefined {
    if (typeof token !== 'string' || token.length > maxTokenLength) return undefined
    let payload: unknown
    try {
      payload = verifier(token)
    } catch {
      return undefined
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined
    const { sub, sid, exp, nbf, iat } = payload as Record<string, unknown>
    const at = Math.floor(now().getTime() / 1000)
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= at) return undefined
    if (nbf !== undefined && (typeof nbf !== 'number' || !(nbf <= at))) return undefined
    if (iat !== undefined && (typeof iat !== 'number' || !Number.isFinite(iat))) return undefined
    if (typeof sub !== 'string' || typeof sid !== 'string') return undefined
    if (!uuid.test(sub) || !uuid.test(sid)) return undefined
    return { userId: sub, sessionId: sid }
  }

  return {
    issue(userId, sessionId, staff) {
      const issuedAt = Math.floor(now().getTime() / 1000)
      return Promise.resolve(
        signer({
          sid: sessionId,
          sub: userId,
          ...(staff ? { scp: 'staff' } : {}),
          jti: randomUUID(),
          iss: issuer,
          aud: audience,
          iat: issuedAt,
          exp: issuedAt + ttlSeconds,
        }),
      )
    },
    verify: (token) => Promise.resolve(verifySync(token)),
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
