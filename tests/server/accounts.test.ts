/**
 * Every implemented operation over HTTP, on both engines: the account flow from registration to a
 * new password, the anti-enumeration answers, link expiry, refresh races and rotation, the
 * per-account login limit. Every answer is checked against openapi/main.yaml by `api()`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits, type AuthLimits } from '../../server/auth/account-service.ts'
import {
  bearer,
  expectProblem,
  expectTokens,
  mailedToken,
  messagesTo,
  uniqueEmail,
  verifiedUser,
  type Profile,
  type TokenPair,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, testPublicUrl, type TestServer } from './support/test-server.ts'

/** The defaults, except the per-IP registration and reset limits: every test here is one IP. */
const limits: AuthLimits = { ...defaultAuthLimits, registrationsPerIp: 1000, resetsPerIp: 1000 }
const hour = 3600_000

describe.each(engines)('accounts over HTTP on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { limits })
  })
  afterAll(async () => {
    await server.stop()
  })
  afterEach(() => {
    server.clock.offsetMs = 0
  })

  const verifyEmail = (token: string) =>
    server.api('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`)
  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { email, password })
  const refresh = (refreshToken: string) =>
    server.api('POST', '/api/auth/refresh-token', { refreshToken })

  it('answers getHealth and getConfig', async () => {
    const health = await server.api('GET', '/api/health')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ status: 'ok', database: 'ok' })
    const config = await server.api('GET', '/api/config')
    expect(config.status).toBe(200)
    expect(config.body).toMatchObject({ providers: 'sandbox', gtmContainerId: '' })
  })

  it('runs the account flow from registration to a new password', async () => {
    const email = uniqueEmail('flow')
    const password = 'correct-horse-1'

    const registered = await server.api('POST', '/api/auth/register', { email, password })
    expect(registered.status).toBe(202)
    expect(registered.body).toEqual({ status: 'pending-verification' })

    const [welcome, ...others] = await messagesTo(server, email)
    expect(others).toEqual([])
    expect(welcome?.subject).toMatch(/^Confirm your e-mail address/)
    const link = /(\S+\/app\/verify-email\/)([A-Za-z0-9_-]+)/.exec(welcome?.text ?? '')
    expect(link?.[1]).toBe(`${testPublicUrl}/app/verify-email/`)
    const verifyToken = link?.[2] ?? ''

    expectProblem(await login(email, password), 403, 'EMAIL_NOT_VERIFIED')
    const verified = await verifyEmail(verifyToken)
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({ status: 'verified' })
    expectProblem(await verifyEmail(verifyToken), 400, 'INVALID_TOKEN')

    // Login is case-insensitive on the e-mail; the profile starts empty.
    const first = expectTokens(await login(email.toUpperCase(), password))
    const empty = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(first.accessToken),
    )
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({
      firstName: '',
      lastName: '',
      email,
      phone: '',
      country: '',
      locale: 'en',
    })

    // PUT replaces the four fields (trimmed); GET shows the change.
    const update = {
      firstName: ' Anna ',
      lastName: 'Kowalska',
      country: 'PL',
      phone: '+48 601 234 567',
    }
    const expected: Profile = { ...update, firstName: 'Anna', email, locale: 'en' }
    const put = await server.api('PUT', '/api/users/profile', update, bearer(first.accessToken))
    expect(put.status).toBe(200)
    expect(put.body).toEqual(expected)
    const read = await server.api('GET', '/api/users/profile', undefined, bearer(first.accessToken))
    expect(read.body).toEqual(expected)

    // Bad fields: one `errors` entry per field, nothing stored.
    const bad = await server.api(
      'PUT',
      '/api/users/profile',
      { firstName: 'A', lastName: 'B', country: 'xx1', phone: 'abc' },
      bearer(first.accessToken),
    )
    const problem = expectProblem(bad, 400, 'VALIDATION_ERROR')
    expect(new Set(problem.errors?.map((e) => e.field))).toEqual(new Set(['/country', '/phone']))
    const tooFewDigits = await server.api(
      'PUT',
      '/api/users/profile',
      { ...update, phone: '+1 23' },
      bearer(first.accessToken),
    )
    // The 5-digit minimum is the contract's Phone pattern, not a rule of the server's own.
    expect(expectProblem(tooFewDigits, 400, 'VALIDATION_ERROR').errors).toEqual([
      expect.objectContaining({ field: '/phone', code: 'pattern' }),
    ])
    const unchanged = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(first.accessToken),
    )
    expect(unchanged.body).toEqual(expected)

    // Refresh rotates: a new pair that works.
    const second = expectTokens(await refresh(first.refreshToken))
    expect(second.refreshToken).not.toBe(first.refreshToken)
    const withSecond = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(second.accessToken),
    )
    expect(withSecond.status).toBe(200)

    // The rotated token presented after the grace window ends the whole family.
    server.clock.offsetMs = 6_000
    expectProblem(await refresh(first.refreshToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(second.refreshToken), 401, 'INVALID_TOKEN')
    server.clock.offsetMs = 0

    // Two live sessions before the reset: one rotated once, one fresh.
    const third = expectTokens(
      await refresh(expectTokens(await login(email, password)).refreshToken),
    )
    const fourth = expectTokens(await login(email, password))

    // Reset: 200 for a known and an unknown address alike; only the known one gets mail.
    const unknown = uniqueEmail('nobody')
    const resetUnknown = await server.api('POST', '/api/auth/reset-password', { email: unknown })
    const resetKnown = await server.api('POST', '/api/auth/reset-password', { email })
    expect(resetKnown.status).toBe(200)
    expect(resetKnown.body).toEqual({ status: 'sent' })
    expect(resetUnknown.status).toBe(200)
    expect(resetUnknown.text).toBe(resetKnown.text)
    const resetToken = (await mailedToken(server, email, 'set-new-password')) ?? ''
    // The unknown address's request was queued first: by the time the known one's mail is there, it was handled.
    expect(await messagesTo(server, unknown)).toEqual([])
    const [resetMail] = await messagesTo(server, email)
    expect(resetMail?.subject).toMatch(/^Reset your password/)
    expect(resetMail?.text).toContain(`${testPublicUrl}/app/set-new-password/${resetToken}`)

    const newPassword = 'new-horse-battery-2'
    const mismatch = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: resetToken,
      newPassword,
      confirmNewPassword: 'something-else',
    })
    expect(expectProblem(mismatch, 400, 'VALIDATION_ERROR').errors).toEqual([
      expect.objectContaining({ field: '/confirmNewPassword', code: 'mismatch' }),
    ])
    const changed = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: resetToken,
      newPassword,
      confirmNewPassword: newPassword,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ status: 'password-changed' })
    const again = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: resetToken,
      newPassword,
    })
    expectProblem(again, 400, 'INVALID_TOKEN')
    const [notice] = await messagesTo(server, email)
    expect(notice?.subject).toMatch(/^Your password was changed/)

    // Every session is over; only the new password opens a new one.
    expectProblem(await refresh(third.refreshToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(fourth.refreshToken), 401, 'INVALID_TOKEN')
    expectProblem(await login(email, password), 401, 'INVALID_CREDENTIALS')
    const fifth = expectTokens(await login(email, newPassword))
    const after = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(fifth.accessToken),
    )
    expect(after.body).toEqual(expected)
  })

  it('answers a registration of a known e-mail exactly like a new one', async () => {
    const owner = await verifiedUser(server)
    const fresh = await server.api('POST', '/api/auth/register', {
      email: uniqueEmail('fresh'),
      password: 'Amber-Tulip-41',
    })
    const repeated = await server.api('POST', '/api/auth/register', {
      email: owner.email.toUpperCase(),
      password: 'another-password',
    })
    expect(repeated.status).toBe(fresh.status)
    expect(repeated.text).toBe(fresh.text)
    expect([...repeated.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort())

    // The owner is told; no account or password changed.
    const [warning] = await messagesTo(server, owner.email)
    expect(warning?.subject).toMatch(/^Someone tried to sign up/)
    expect(warning?.text).not.toMatch(/\/app\/verify-email\//)
    expectTokens(await login(owner.email, owner.password))
    // The registration's own password answers as it would on a new address (issue 25 finding 1).
    expectProblem(await login(owner.email, 'another-password'), 403, 'EMAIL_NOT_VERIFIED')

    // An address nobody confirmed gets a fresh link carrying the new registration's password.
    // Registered twice, the address is contested: the link followed confirms it, keeps neither
    // password, ends the other link and mails a link to choose one (decision 080).
    const pending = uniqueEmail('pending')
    await server.api('POST', '/api/auth/register', { email: pending, password: 'Amber-Tulip-41' })
    const firstLink = await mailedToken(server, pending, 'verify-email')
    const again = await server.api('POST', '/api/auth/register', {
      email: pending,
      password: 'Copper-Lantern-52',
    })
    expect(again.text).toBe(fresh.text)
    const secondLink = await mailedToken(server, pending, 'verify-email')
    expect(secondLink).toBeDefined()
    expect(secondLink).not.toBe(firstLink)
    expect((await verifyEmail(secondLink ?? '')).status).toBe(200)
    expectProblem(await login(pending, 'Copper-Lantern-52'), 401, 'INVALID_CREDENTIALS')
    expectProblem(await login(pending, 'Amber-Tulip-41'), 401, 'INVALID_CREDENTIALS')
    expectProblem(await verifyEmail(firstLink ?? ''), 400, 'INVALID_TOKEN')
    const chooseToken = await mailedToken(server, pending, 'set-new-password')
    expect(chooseToken).toBeDefined()
    const [choose] = await messagesTo(server, pending)
    expect(choose?.subject).toMatch(/^Choose your password/)
    expect(choose?.text).toContain(`${testPublicUrl}/app/set-new-password/${chooseToken}`)
    expect(choose?.html).toContain(`${testPublicUrl}/app/set-new-password/${chooseToken}`)
  })

  it('refuses unverified, wrong and unknown logins', async () => {
    const email = uniqueEmail('unverified')
    await server.api('POST', '/api/auth/register', { email, password: 'Amber-Tulip-41' })
    expectProblem(await login(email, 'Amber-Tulip-41'), 403, 'EMAIL_NOT_VERIFIED')
    expectProblem(await login(email, 'Copper-Lantern-52'), 401, 'INVALID_CREDENTIALS')

    const user = await verifiedUser(server)
    const wrong = expectProblem(
      await login(user.email, 'not-the-password'),
      401,
      'INVALID_CREDENTIALS',
    )
    const unknown = expectProblem(
      await login(uniqueEmail('unknown'), 'not-the-password'),
      401,
      'INVALID_CREDENTIALS',
    )
    expect(unknown.detail).toBe(wrong.detail)
    expectProblem(await refresh('not-a-refresh-token'), 401, 'INVALID_TOKEN')
    expectProblem(await verifyEmail('not-a-token'), 400, 'INVALID_TOKEN')
    const noToken = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: 'not-a-token',
      newPassword: 'Maple-Harbor-63',
    })
    expectProblem(noToken, 400, 'INVALID_TOKEN')
  })

  it('expires the verification link after 24 h and the reset link after 1 h', async () => {
    const email = uniqueEmail('expiry')
    await server.api('POST', '/api/auth/register', { email, password: 'Amber-Tulip-41' })
    const verifyToken = (await mailedToken(server, email, 'verify-email')) ?? ''
    server.clock.offsetMs = 25 * hour
    expectProblem(await verifyEmail(verifyToken), 400, 'INVALID_TOKEN')
    server.clock.offsetMs = 23 * hour
    expect((await verifyEmail(verifyToken)).status).toBe(200)

    server.clock.offsetMs = 0
    await server.api('POST', '/api/auth/reset-password', { email })
    const resetToken = (await mailedToken(server, email, 'set-new-password')) ?? ''
    const setPassword = () =>
      server.api('POST', '/api/auth/forgot-password/new-password', {
        token: resetToken,
        newPassword: 'Copper-Lantern-52',
      })
    server.clock.offsetMs = hour + 1_000
    expectProblem(await setPassword(), 400, 'INVALID_TOKEN')
    server.clock.offsetMs = hour - 60_000
    expect((await setPassword()).status).toBe(200)
    server.clock.offsetMs = 0
    expectTokens(await login(email, 'Copper-Lantern-52'))
  })

  it('gives 50 concurrent refreshes with one token the same single new pair', async () => {
    const { tokens } = await verifiedUser(server)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => refresh(tokens.refreshToken)),
    )
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
    const pairs = new Set(answers.map((a) => a.text))
    expect(pairs.size).toBe(1)
    const pair = JSON.parse([...pairs][0] ?? '{}') as TokenPair
    expect(pair.refreshToken).not.toBe(tokens.refreshToken)

    const profile = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(pair.accessToken),
    )
    expect(profile.status).toBe(200)
    const next = expectTokens(await refresh(pair.refreshToken))
    expect(next.refreshToken).not.toBe(pair.refreshToken)
  })

  it('limits wrong-password logins per account from one address', async () => {
    const a = await verifiedUser(server)
    const b = await verifiedUser(server)
    for (let i = 0; i < defaultAuthLimits.loginFailuresPerAccountAndIp; i++)
      expectProblem(await login(a.email, `wrong-${i}`), 401, 'INVALID_CREDENTIALS')

    const limited = await login(a.email, 'wrong-again')
    expectProblem(limited, 429, 'RATE_LIMITED')
    const retryAfter = limited.headers.get('retry-after') ?? ''
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60)
    // Even the right password waits now: the limit is checked before the password.
    expectProblem(await login(a.email, a.password), 429, 'RATE_LIMITED')

    // Another account from the same address is not affected.
    expectTokens(await login(b.email, b.password))
  })

  it('limits reset requests per e-mail address', async () => {
    const email = uniqueEmail('resets')
    for (let i = 0; i < defaultAuthLimits.resetsPerEmail; i++)
      expect((await server.api('POST', '/api/auth/reset-password', { email })).status).toBe(200)
    const limited = await server.api('POST', '/api/auth/reset-password', { email })
    expectProblem(limited, 429, 'RATE_LIMITED')
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
