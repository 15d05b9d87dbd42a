/**
 * Issue 25's sign-in audit, replayed as the attacker ran it, on both engines: each finding's
 * sequence, which succeeded on the code before the fix (docs/decisions/105).
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { loadFactorKeys } from '../../server/auth/second-factor/factor-keys.ts'
import { keyLegacyRecoveryCodes } from '../../server/auth/second-factor/recovery-codes.ts'
import {
  bearer,
  expectProblem,
  expectTokens,
  mailedToken,
  messagesTo,
  uniqueEmail,
  verifiedUser,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { codeNowOn, customerWithAppOn } from './support/second-factor.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Challenge = components['schemas']['SecondFactorChallenge']
type Session = components['schemas']['Session']

/** Every argon2 computation the server makes, counted (the library itself does the work). */
const argon2Calls = vi.hoisted(() => ({ count: 0 }))
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>()
  const counted =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      argon2Calls.count++
      return f(...args)
    }
  return {
    ...real,
    hash: counted(real.hash),
    hashRaw: counted(real.hashRaw),
    verify: counted(real.verify),
  }
})

const minute = 60_000

describe.each(engines)('the sign-in audit on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    // A pass-through proxy on loopback: its X-Forwarded-For is believed (finding 7).
    server = await startTestServer(engine, { env: { TRUST_PROXY: '127.0.0.1' } })
  })
  afterAll(async () => {
    await server.stop()
  })

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    server.api('POST', '/api/auth/login', { email, password }, headers)
  const register = (email: string, password: string) =>
    server.api('POST', '/api/auth/register', { email, password })
  const stepUp = (accessToken: string, body: Record<string, unknown>) =>
    server.api('POST', '/api/account/step-up', body, bearer(accessToken))
  const secondStep = (body: Record<string, unknown>) =>
    server.api('POST', '/api/auth/login/second-factor', body)
  async function challengeOf(email: string, password: string): Promise<Challenge> {
    const answer = await login(email, password)
    expect(answer.status, answer.text).toBe(200)
    return answer.body as Challenge
  }

  it('1: registering then logging in answers alike for a confirmed account and a new address', async () => {
    const owner = await verifiedUser(server)
    const attempts = [
      { email: owner.email, kind: 'confirmed' },
      { email: uniqueEmail('nobody'), kind: 'none' },
    ]
    const answers = []
    for (const { email } of attempts) {
      expect((await register(email, 'Attacker-Chosen-77')).status).toBe(202)
      const answer = await login(email, 'Attacker-Chosen-77')
      answers.push({ status: answer.status, body: answer.body })
    }
    // Measured before the fix: 401 INVALID_CREDENTIALS for the confirmed account, 403 for none.
    expect(answers[0]).toEqual(answers[1])
    expectProblem(await login(owner.email, 'Attacker-Chosen-77'), 403, 'EMAIL_NOT_VERIFIED')
    // The owner's own password still signs in, and the attempt left them a warning.
    expectTokens(await login(owner.email, owner.password))
    const subjects = (await messagesTo(server, owner.email)).map((m) => m.subject)
    expect(subjects.some((s) => s.startsWith('Someone tried to sign up'))).toBe(true)
  })

  it('3: a login costs one argon2 computation for every class of address', async () => {
    const confirmed = await verifiedUser(server)
    const unconfirmed = uniqueEmail('pending')
    expect((await register(unconfirmed, 'First-Pending-51')).status).toBe(202)
    expect((await register(unconfirmed, 'Second-Pending-52')).status).toBe(202)
    const attempted = await verifiedUser(server)
    expect((await register(attempted.email, 'Third-Pending-53')).status).toBe(202)
    const classes = {
      'no account': uniqueEmail('none'),
      confirmed: confirmed.email,
      'unconfirmed, two registrations': unconfirmed,
      'confirmed, a registration attempt': attempted.email,
    }
    const cost: Record<string, number> = {}
    for (const [name, email] of Object.entries(classes)) {
      const before = argon2Calls.count
      expectProblem(await login(email, 'wrong-password-0'), 401, 'INVALID_CREDENTIALS')
      cost[name] = argon2Calls.count - before
    }
    // Before the fix the unconfirmed class cost three (its own and two pending passwords).
    expect(cost).toEqual({
      'no account': 1,
      confirmed: 1,
      'unconfirmed, two registrations': 1,
      'confirmed, a registration attempt': 1,
    })
    // The pending passwords are still recognised in that one computation.
    expectProblem(await login(unconfirmed, 'Second-Pending-52'), 403, 'EMAIL_NOT_VERIFIED')
    expectProblem(await login(unconfirmed, 'First-Pending-51'), 403, 'EMAIL_NOT_VERIFIED')
  })

  it('2: a hijacked session with a phished password cannot remove the second factor or change the password', async () => {
    const { password, secret, tokens, auth, email } = await customerWithAppOn(server)
    server.clock.offsetMs += 6 * minute
    // The attack of the audit: the password alone confirmed the session (200 before the fix).
    const passwordOnly = expectProblem(
      await stepUp(tokens.accessToken, { password }),
      400,
      'VALIDATION_ERROR',
    )
    expect(passwordOnly.errors).toEqual([
      expect.objectContaining({ field: '', code: 'second-factor-required' }),
    ])
    expectProblem(await server.api('DELETE', '/api/account/totp', undefined, auth), 403)
    expectProblem(
      await server.api(
        'PUT',
        '/api/account/password',
        { newPassword: 'Taken-Over-Account-93' },
        auth,
      ),
      403,
      'STEP_UP_REQUIRED',
    )
    // A code alone does not confirm either (it changed the password without the old one before).
    const codeOnly = expectProblem(
      await stepUp(tokens.accessToken, { totpCode: await codeNowOn(server, secret) }),
      400,
      'VALIDATION_ERROR',
    )
    expect(codeOnly.errors).toEqual([expect.objectContaining({ field: '/password' })])
    expectProblem(
      await stepUp(tokens.accessToken, { password: 'wrong-password', totpCode: '000000' }),
      401,
      'INVALID_CREDENTIALS',
    )
    expectProblem(
      await stepUp(tokens.accessToken, { password, totpCode: '000000' }),
      401,
      'INVALID_CREDENTIALS',
    )
    // Both, as the owner has them: the change goes ahead.
    server.clock.offsetMs += minute
    const both = await stepUp(tokens.accessToken, {
      password,
      totpCode: await codeNowOn(server, secret),
    })
    expect(both.status, both.text).toBe(200)
    expect((await server.api('DELETE', '/api/account/totp', undefined, auth)).status).toBe(204)
    expectTokens(await login(email, password))
  })

  it('2: a recovery code stands in for the app in a step-up, once', async () => {
    const { password, recoveryCodes, tokens } = await customerWithAppOn(server)
    const code = recoveryCodes[0] ?? ''
    expect((await stepUp(tokens.accessToken, { password, recoveryCode: code })).status).toBe(200)
    expectProblem(
      await stepUp(tokens.accessToken, { password, recoveryCode: code }),
      401,
      'INVALID_CREDENTIALS',
    )
    const both = expectProblem(
      await stepUp(tokens.accessToken, { password, totpCode: '123456', recoveryCode: code }),
      400,
      'VALIDATION_ERROR',
    )
    expect(both.errors).toEqual([
      expect.objectContaining({ field: '/recoveryCode', code: 'exactly-one' }),
    ])
  })

  it('4: a login challenge taken before a password reset or change cannot be finished', async () => {
    const customer = await customerWithAppOn(server)
    const beforeReset = await challengeOf(customer.email, customer.password)
    // A reset from the mailbox.
    expect(
      (await server.api('POST', '/api/auth/reset-password', { email: customer.email })).status,
    ).toBe(200)
    const token = await mailedToken(server, customer.email, 'set-new-password')
    const newPassword = 'Reset-Chosen-Password-64'
    const reset = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token,
      newPassword,
    })
    expect(reset.status, reset.text).toBe(200)
    expectProblem(
      await secondStep({
        challengeToken: beforeReset.challengeToken,
        recoveryCode: customer.recoveryCodes[0],
      }),
      401,
      'INVALID_TOKEN',
    )

    // A change from a confirmed session.
    const beforeChange = await challengeOf(customer.email, newPassword)
    const session = expectTokens(
      await secondStep({
        challengeToken: (await challengeOf(customer.email, newPassword)).challengeToken,
        recoveryCode: customer.recoveryCodes[1],
      }),
    )
    expect(
      (
        await stepUp(session.accessToken, {
          password: newPassword,
          recoveryCode: customer.recoveryCodes[2],
        })
      ).status,
    ).toBe(200)
    const changed = await server.api(
      'PUT',
      '/api/account/password',
      { newPassword: 'Changed-Again-Password-75' },
      bearer(session.accessToken),
    )
    expect(changed.status, changed.text).toBe(200)
    expectProblem(
      await secondStep({
        challengeToken: beforeChange.challengeToken,
        recoveryCode: customer.recoveryCodes[3],
      }),
      401,
      'INVALID_TOKEN',
    )
  })

  it('5: the owner hears once per burst that their password was right but the second step failed', async () => {
    const { email, password } = await customerWithAppOn(server)
    const failedNotices = async () =>
      (await messagesTo(server, email)).filter((m) =>
        m.subject.startsWith('Your password was used, but the second step failed'),
      )
    // The audit's burst: seven right-password logins, thirty wrong codes (silent before the fix).
    for (let login = 0; login < 7; login++) {
      const challenge = await challengeOf(email, password)
      for (let guess = 0; guess < 5; guess++) {
        const answer = await secondStep({
          challengeToken: challenge.challengeToken,
          totpCode: String(100000 + login * 10 + guess),
        })
        expect([401, 429]).toContain(answer.status)
      }
    }
    const [notice, ...more] = await failedNotices()
    expect(more).toEqual([])
    expect(notice?.text).toContain('IP address: 127.0.0.1')
    expect(notice?.text).toContain('/app/forgot-password')
    // A later burst is told again.
    server.clock.offsetMs += 16 * minute
    const challenge = await challengeOf(email, password)
    await secondStep({ challengeToken: challenge.challengeToken, totpCode: '999999' })
    expect(await failedNotices()).toHaveLength(2)
  })

  it('6: recovery codes are stored keyed, and codes stored before are keyed in place and still work', async () => {
    const { email, password, recoveryCodes } = await customerWithAppOn(server)
    const db = server.running.db
    const [user] = await db.query<{ id: string }>(
      'SELECT id FROM users WHERE email_normalized = $1',
      [email.toLowerCase()],
    )
    const userId = user?.id ?? ''
    const stored = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [userId],
    )
    const unkeyed = (code: string) =>
      createHash('sha256')
        .update(`recovery-code:${userId}:${code.replace('-', '')}`)
        .digest('hex')
    // A copy of the database alone cannot test a guess: no stored value is the bare SHA-256.
    expect(stored).toHaveLength(10)
    for (const { code_hash } of stored) expect(code_hash).toMatch(/^[0-9a-f]{12}:[0-9a-f]{64}$/)
    const bare = new Set(recoveryCodes.map(unkeyed))
    expect(stored.filter((r) => bare.has(r.code_hash))).toEqual([])

    // A code as migration 007 stored it, before keys: keyed at start, and it still signs in.
    const legacy = recoveryCodes[5] ?? ''
    await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
    await db.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
      userId,
      unkeyed(legacy),
    ])
    expect(await keyLegacyRecoveryCodes(db, await loadFactorKeys(server.config))).toBe(1)
    const [keyed] = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [userId],
    )
    expect(keyed?.code_hash).toMatch(/^[0-9a-f]{12}:[0-9a-f]{64}$/)
    const challenge = await challengeOf(email, password)
    expectTokens(
      await secondStep({ challengeToken: challenge.challengeToken, recoveryCode: legacy }),
    )
  })

  it('7: a forwarded address that is not an IP is not recorded; the peer is', async () => {
    const { email, password } = await verifiedUser(server)
    const spoofed = expectTokens(
      await login(email, password, { 'x-forwarded-for': 'https://evil.example/login' }),
    )
    const real = expectTokens(await login(email, password, { 'x-forwarded-for': '203.0.113.7' }))
    const sessions = await server.api(
      'GET',
      '/api/account/sessions',
      undefined,
      bearer(real.accessToken),
    )
    expect(sessions.status, sessions.text).toBe(200)
    const ips = (sessions.body as { sessions: Session[] }).sessions.map((s) => s.ip)
    expect(ips).toContain('203.0.113.7')
    expect(ips.some((ip) => ip.includes('evil'))).toBe(false)
    expect(spoofed.accessToken).toBeTruthy()
    expect(ips.filter((ip) => ip === '127.0.0.1').length).toBeGreaterThan(0)
  })
})
