/**
 * Weak passwords (issue 14, docs/decisions/081): `123456`, `password`, six spaces and the e-mail
 * itself are refused at registration and when a new password is set from a reset link, with the
 * field and the reason; a strong one passes; an account whose password predates the rule keeps
 * logging in. Over HTTP on both engines; every answer is checked against the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits, type AuthLimits } from '../../server/auth/account-service.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import {
  expectProblem,
  expectTokens,
  mailedToken,
  messagesTo,
  uniqueEmail,
  verifiedUser,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const limits: AuthLimits = { ...defaultAuthLimits, registrationsPerIp: 1000, resetsPerIp: 1000 }

/** The four weak passwords of issue 14 and the reason each is refused with. */
function weakPasswords(email: string): [string, string][] {
  return [
    ['123456', 'Too common: easy to guess'],
    ['password', 'Too common: easy to guess'],
    ['      ', 'Must not be only spaces'],
    [email, 'Must not contain your e-mail'],
  ]
}

describe.each(engines)('password strength on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { limits })
  })
  afterAll(async () => {
    await server.stop()
  })

  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { email, password })

  it('refuses the four weak passwords at registration, naming the field and the reason', async () => {
    const email = uniqueEmail('weak')
    for (const [password, reason] of weakPasswords(email)) {
      const answer = await server.api('POST', '/api/auth/register', { email, password })
      const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
      expect(problem.errors, JSON.stringify(password)).toEqual([
        { field: '/password', code: 'weak-password', message: reason },
      ])
    }
    // Nothing was created or mailed, and the refusals did not use up the address's limit (5).
    expect(await messagesTo(server, email)).toEqual([])
    expectProblem(await login(email, '123456'), 401, 'INVALID_CREDENTIALS')
    const registered = await server.api('POST', '/api/auth/register', {
      email,
      password: 'Vistula-Tram-Stop-31',
    })
    expect(registered.status, registered.text).toBe(202)
  })

  it('refuses the e-mail in any case and its local part inside a longer password', async () => {
    const email = uniqueEmail('mailbox')
    const local = email.slice(0, email.indexOf('@'))
    for (const password of [email.toUpperCase(), `${local.toLowerCase()}-Tram-31`]) {
      const answer = await server.api('POST', '/api/auth/register', { email, password })
      expect(expectProblem(answer, 400, 'VALIDATION_ERROR').errors).toEqual([
        { field: '/password', code: 'weak-password', message: 'Must not contain your e-mail' },
      ])
    }
  })

  it('refuses the four weak passwords from a reset link without using the link up', async () => {
    const { email, password: oldPassword } = await verifiedUser(server)
    await server.api('POST', '/api/auth/reset-password', { email })
    const token = (await mailedToken(server, email, 'set-new-password')) ?? ''
    expect(token).not.toBe('')
    for (const [newPassword, reason] of weakPasswords(email)) {
      const answer = await server.api('POST', '/api/auth/forgot-password/new-password', {
        token,
        newPassword,
        confirmNewPassword: newPassword,
      })
      expect(expectProblem(answer, 400, 'VALIDATION_ERROR').errors).toEqual([
        { field: '/newPassword', code: 'weak-password', message: reason },
      ])
    }
    // Nothing changed, and the same link takes a strong password.
    expectTokens(await login(email, oldPassword))
    const strong = 'Orange-Kayak-Marble-8'
    const changed = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token,
      newPassword: strong,
      confirmNewPassword: strong,
    })
    expect(changed.status, changed.text).toBe(200)
    expectTokens(await login(email, strong))
  })

  it('answers an unknown reset link as INVALID_TOKEN even with a weak password', async () => {
    const answer = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: 'not-a-token',
      newPassword: '123456',
    })
    expectProblem(answer, 400, 'INVALID_TOKEN')
  })

  it('keeps an account whose weak password predates the rule logging in', async () => {
    const email = uniqueEmail('old-account')
    await server.running.db.query(
      `INSERT INTO users (email, email_normalized, password_hash, email_verified_at)
       VALUES ($1, $2, $3, now())`,
      [email, email.toLowerCase(), await hashPassword('123456')],
    )
    expectTokens(await login(email, '123456'))
    expectProblem(await login(email, 'password'), 401, 'INVALID_CREDENTIALS')
  })
})

describe.each(engines)('the strength check is metered on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, {
      limits: { ...defaultAuthLimits, registrationsPerIp: 3 },
    })
  })
  afterAll(async () => {
    await server.stop()
  })

  it("counts weak registrations against the IP's limit, so crafted passwords cannot burn CPU unmetered", async () => {
    // Refused passwords, the last as long as the contract lets through (the costliest to score).
    for (const password of ['123456', 'qwerty123', 'p@ssw0rd'.repeat(16)]) {
      const answer = await server.api('POST', '/api/auth/register', {
        email: uniqueEmail('crafted'),
        password,
      })
      expectProblem(answer, 400, 'VALIDATION_ERROR')
    }
    const next = await server.api('POST', '/api/auth/register', {
      email: uniqueEmail('crafted'),
      password: 'Vistula-Tram-Stop-31',
    })
    expectProblem(next, 429, 'RATE_LIMITED')
  })
})
