/**
 * Access tokens are signed and checked with node:crypto's HMAC (docs/decisions/098-api-hot-path.md)
 * instead of jose: held here to what jose's jwtVerify accepts and refuses, both ways, so a client
 * or another JWT library sees the same tokens as before.
 */
import { jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { createAccessTokens } from '../../server/auth/access-tokens.ts'

const secret = new TextEncoder().encode('access-token-test-secret-long-enough-0123')
const issuer = 'https://exchange.test'
const userId = '0b9f3c62-1d7e-4f7a-9c1e-2a6b8d0e4f11'
const sessionId = '7c1e2a6b-8d0e-4f11-9f3c-621d7e4f7a9c'
const start = new Date('2026-03-01T12:00:00Z')

function tokensAt(at: Date, key = secret) {
  return createAccessTokens(key, issuer, 900, () => at)
}

/** A token as jose signs it: the server's header and claims unless `edit` changes them. */
function joseToken(
  edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt,
  key = secret,
  header: { alg: string; typ?: string } = { alg: 'HS256', typ: 'JWT' },
) {
  const seconds = Math.floor(start.getTime() / 1000)
  return edit(
    new SignJWT({ sid: sessionId })
      .setProtectedHeader(header)
      .setSubject(userId)
      .setIssuer(issuer)
      .setAudience('exchange-api')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 900),
  ).sign(key)
}

const joseAccepts = async (token: string, at: Date) => {
  try {
    await jwtVerify(token, secret, {
      issuer,
      audience: 'exchange-api',
      algorithms: ['HS256'],
      currentDate: at,
    })
    return true
  } catch {
    return false
  }
}

describe('access tokens', () => {
  it('issues tokens jose verifies, with sub, sid, jti, iat and a 15-minute exp', async () => {
    const token = await tokensAt(start).issue(userId, sessionId)
    const { payload, protectedHeader } = await jwtVerify(token, secret, {
      issuer,
      audience: 'exchange-api',
      algorithms: ['HS256'],
      currentDate: start,
    })
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(payload.sub).toBe(userId)
    expect(payload.sid).toBe(sessionId)
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/)
    expect(payload.exp).toBe(Math.floor(start.getTime() / 1000) + 900)
    expect(payload.iat).toBe(Math.floor(start.getTime() / 1000))
    expect(await tokensAt(start).verify(token)).toEqual({ userId, sessionId })
  })

  it('accepts what jose signs, until its exp', async () => {
    const token = await joseToken()
    expect(await tokensAt(start).verify(token)).toEqual({ userId, sessionId })
    const lastSecond = new Date(start.getTime() + 899_000)
    expect(await tokensAt(lastSecond).verify(token)).toEqual({ userId, sessionId })
    const expiry = new Date(start.getTime() + 900_000)
    expect(await joseAccepts(token, expiry)).toBe(false)
    expect(await tokensAt(expiry).verify(token)).toBeUndefined()
  })

  it('refuses every token jose refuses, and the ones this server never issues', async () => {
    const good = await joseToken()
    const [header = '', payload = '', signature = ''] = good.split('.')
    const b64 = (text: string) => Buffer.from(text).toString('base64url')
    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-00000')
    // The signature's last character carries 2 unused bits: another letter decodes the same.
    const last = signature.at(-1) ?? 'A'
    const twin = String.fromCharCode(last.charCodeAt(0) ^ 1)
    const refused = [
      await joseToken((j) => j, otherKey),
      await joseToken((j) => j.setIssuer('https://evil.test')),
      await joseToken((j) => j.setAudience('other-api')),
      await joseToken((j) => j.setAudience(['other-api', 'exchange-api'])), // accepted by both
      await joseToken((j) => j.setExpirationTime(Math.floor(start.getTime() / 1000) - 1)),
      await joseToken((j) => j.setNotBefore(Math.floor(start.getTime() / 1000) + 60)),
      await joseToken((j) => j.setSubject('not-a-uuid')),
      await joseToken((j) => j, secret, { alg: 'HS256' }), // valid JWT, other header
      `${b64('{"alg":"none","typ":"JWT"}')}.${payload}.`,
      `${b64('{"alg":"HS512","typ":"JWT"}')}.${payload}.${signature}`,
      `${header}.${payload}.${signature}x`,
      `${header}.${payload}.${signature}.x`,
      `${header}.${payload}.${signature.slice(0, -1)}${twin}`,
      `${header}.${payload}`,
      `${header}.${b64('[]')}.${signature}`,
      '',
      'x'.repeat(5000),
    ]
    const tokens = tokensAt(start)
    for (const [i, token] of refused.entries()) {
      const ours = await tokens.verify(token)
      if (i === 3) {
        // An audience list that names this API is a valid token for it, for jose and here.
        expect(await joseAccepts(token, start)).toBe(true)
        expect(ours).toEqual({ userId, sessionId })
        continue
      }
      expect(ours, `token ${String(i)}`).toBeUndefined()
    }
    // The header this server does not sign is still a valid JWT for jose: the only difference.
    expect(await joseAccepts(refused[7] ?? '', start)).toBe(true)
    // Everything else is refused by jose too (the twin signature aside: base64 decoding is lenient).
    for (const i of [0, 1, 2, 4, 5, 8, 9, 10, 11, 13, 14, 15, 16])
      expect(await joseAccepts(refused[i] ?? '', start), `token ${String(i)}`).toBe(false)
  })
})
