/**
 * Security headers on API answers, error answers and the SPA; and a log, captured at the most
 * verbose level, that never holds a password or a token.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, expectTokens, mailedToken, uniqueEmail } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

function expectSecurityHeaders(headers: Headers): void {
  // The test server's public address is http: HSTS is sent only over https (safe-defaults.test.ts).
  expect(headers.get('strict-transport-security')).toBeNull()
  expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/)
  expect(headers.get('content-security-policy')).toMatch(/default-src 'self'/)
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
}

describe.each(engines)('security on %s', (engine) => {
  let server: TestServer
  let spaDir: string
  const log: string[] = []

  beforeAll(async () => {
    spaDir = await mkdtemp(join(tmpdir(), 'spa-'))
    await writeFile(
      join(spaDir, 'index.html'),
      '<!doctype html><title>SPA</title><div id="root"></div>',
    )
    server = await startTestServer(engine, {
      spaDir,
      env: { LOG_LEVEL: 'trace' },
      logStream: {
        write(line) {
          log.push(line)
        },
      },
    })
  })
  afterAll(async () => {
    await server.stop()
    await rm(spaDir, { recursive: true, force: true })
  })

  it('sends the security headers on the API, on errors and on the SPA', async () => {
    const health = await server.api('GET', '/api/health')
    expect(health.status).toBe(200)
    expectSecurityHeaders(health.headers)

    const unauthorized = await server.api('GET', '/api/users/profile')
    expect(unauthorized.status).toBe(401)
    expectSecurityHeaders(unauthorized.headers)

    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toContain('<div id="root">')
    expectSecurityHeaders(page.headers)

    const deepLink = await fetch(`${server.url}/app/profile`)
    expect(deepLink.status).toBe(200)
    expectSecurityHeaders(deepLink.headers)
  })

  it('logs no password and no token', async () => {
    const email = uniqueEmail('logs')
    const password = 'Secret-Password-4242'
    const newPassword = 'Other-Secret-Password-4343'
    const secrets = [password, newPassword]

    await server.api('POST', '/api/auth/register', { email, password })
    const verifyToken = (await mailedToken(server, email, 'verify-email')) ?? ''
    secrets.push(verifyToken)
    await server.api('GET', `/api/auth/verify-email?token=${verifyToken}`)
    await server.api('POST', '/api/auth/login', { email, password: 'Wrong-Password-9999' })
    secrets.push('Wrong-Password-9999')
    const first = expectTokens(await server.api('POST', '/api/auth/login', { email, password }))
    const second = expectTokens(
      await server.api('POST', '/api/auth/refresh-token', { refreshToken: first.refreshToken }),
    )
    await server.api('GET', '/api/users/profile', undefined, bearer(second.accessToken))
    await server.api('POST', '/api/auth/reset-password', { email })
    const resetToken = (await mailedToken(server, email, 'set-new-password')) ?? ''
    await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: resetToken,
      newPassword,
      confirmNewPassword: newPassword,
    })
    // Failures log too: a bad body, a bad bearer, a used link.
    await server.api('POST', '/api/auth/login', { email, password, extra: password })
    await server.api('GET', '/api/users/profile', undefined, bearer(`${first.accessToken}x`))
    await server.api('GET', `/api/auth/verify-email?token=${verifyToken}`)
    secrets.push(
      first.accessToken,
      first.refreshToken,
      second.accessToken,
      second.refreshToken,
      resetToken,
    )

    const text = log.join('')
    expect(text).toContain('/api/auth/login') // the log did capture the requests
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8)
      expect(text).not.toContain(secret)
    }
    // JWTs are long; no fragment of a signature or payload either.
    for (const jwt of [first.accessToken, second.accessToken])
      for (const part of jwt.split('.').slice(1)) expect(text).not.toContain(part)
  })
})
