/**
 * Sessions over HTTP on both engines (issue 14, items 4-7): logout, tokens that die with their
 * session at the next request, the session list, ending one or all other sessions, step-up and
 * its limit, changing the password, and the security notices whose link ends the session that
 * caused them. Every answer is checked against openapi/main.yaml by `api()`.
 */
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits, type AuthLimits } from '../../server/auth/account-service.ts'
import type { components } from '../../openapi/main.gen.ts'
import type { StoredMessage } from '../../server/mail/outbox.ts'
import {
  bearer,
  expectProblem,
  expectTokens,
  mailedToken,
  messagesTo,
  verifiedUser,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import {
  startTestServer,
  testJwtSecret,
  testPublicUrl,
  type TestServer,
} from './support/test-server.ts'

type Session = components['schemas']['Session']

/** The defaults, except the per-IP registration and reset limits: every test here is one IP. */
const limits: AuthLimits = { ...defaultAuthLimits, registrationsPerIp: 1000, resetsPerIp: 1000 }

const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const endSessionLink = /\/app\/end-session\/([A-Za-z0-9_-]+)/

describe.each(engines)('sessions over HTTP on %s', (engine) => {
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

  const login = (email: string, password: string, userAgent?: string) =>
    server.api(
      'POST',
      '/api/auth/login',
      { email, password },
      userAgent === undefined ? {} : { 'user-agent': userAgent },
    )
  const refresh = (refreshToken: string) =>
    server.api('POST', '/api/auth/refresh-token', { refreshToken })
  const profile = (accessToken: string) =>
    server.api('GET', '/api/users/profile', undefined, bearer(accessToken))
  const logout = (accessToken: string) =>
    server.api('POST', '/api/auth/logout', undefined, bearer(accessToken))
  const sessions = async (accessToken: string): Promise<Session[]> => {
    const answer = await server.api('GET', '/api/account/sessions', undefined, bearer(accessToken))
    expect(answer.status, answer.text).toBe(200)
    return (answer.body as { sessions: Session[] }).sessions
  }
  const stepUp = (accessToken: string, body: unknown) =>
    server.api('POST', '/api/account/step-up', body, bearer(accessToken))
  const endOthers = (accessToken: string) =>
    server.api('POST', '/api/account/sessions/end-others', undefined, bearer(accessToken))
  const changePassword = (accessToken: string, newPassword: string) =>
    server.api('PUT', '/api/account/password', { newPassword }, bearer(accessToken))
  const endByLink = (token: string) => server.api('POST', '/api/auth/end-session', { token })
  /** The session id an access token names (its `sid`), as the list shows it. */
  const currentId = async (accessToken: string) =>
    (await sessions(accessToken)).find((s) => s.current)?.id ?? ''
  const noticesTo = async (email: string, subject: RegExp): Promise<StoredMessage[]> =>
    (await messagesTo(server, email)).filter((m) => subject.test(m.subject))
  const linkOf = (message: StoredMessage | undefined) =>
    endSessionLink.exec(message?.text ?? '')?.[1] ?? ''

  it('logout ends the session: its refresh token and its access token fail at once', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const other = expectTokens(await login(email, password))
    expect((await profile(tokens.accessToken)).status).toBe(200)

    const out = await logout(tokens.accessToken)
    expect(out.status, out.text).toBe(204)
    expect(out.text).toBe('')

    expectProblem(await refresh(tokens.refreshToken), 401, 'INVALID_TOKEN')
    const after = expectProblem(await profile(tokens.accessToken), 401, 'INVALID_TOKEN')
    expect(after.type).toBe('about:blank')
    expectProblem(await logout(tokens.accessToken), 401, 'INVALID_TOKEN')
    // The account's other session goes on.
    expect((await profile(other.accessToken)).status).toBe(200)
    expectTokens(await refresh(other.refreshToken))
  })

  it('a password reset ends every session: old access and refresh tokens answer 401', async () => {
    const { email, tokens } = await verifiedUser(server)
    const rotated = expectTokens(await refresh(tokens.refreshToken))
    expect((await profile(rotated.accessToken)).status).toBe(200)

    await server.api('POST', '/api/auth/reset-password', { email })
    const resetToken = (await mailedToken(server, email, 'set-new-password')) ?? ''
    const changed = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: resetToken,
      newPassword: 'Quiet-Harbour-Lantern-71',
    })
    expect(changed.status, changed.text).toBe(200)

    expectProblem(await profile(tokens.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await profile(rotated.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(rotated.refreshToken), 401, 'INVALID_TOKEN')
    // The reset's notice has no end-session link: no session made the change.
    const [notice] = await noticesTo(email, /^Your password was changed/)
    expect(notice?.text).not.toMatch(endSessionLink)
  })

  it('lists the live sessions with device, IP and the current one, most recently used first', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const mac = expectTokens(await login(email, password, chromeOnMac))
    server.clock.offsetMs = 60_000
    const linux = expectTokens(await login(email, password, firefoxOnLinux))
    server.clock.offsetMs = 120_000
    // A refresh is a use: the first session moves to the top.
    const first = expectTokens(await refresh(tokens.refreshToken))

    const list = await sessions(mac.accessToken)
    expect(list.map((s) => s.device)).toEqual([
      'Unknown device',
      'Firefox on Linux',
      'Chrome on macOS',
    ])
    expect(list.map((s) => s.current)).toEqual([false, false, true])
    expect(list[0]?.userAgent).toBe('node')
    expect(list[2]?.userAgent).toBe(chromeOnMac)
    for (const s of list) expect(s.ip).toBe('127.0.0.1')
    expect(Date.parse(list[0]?.lastUsedAt ?? '')).toBeGreaterThan(
      Date.parse(list[0]?.createdAt ?? ''),
    )
    expect(list[1]?.lastUsedAt).toBe(list[1]?.createdAt)

    // Seen from another session, that one is current; ended sessions are not listed.
    expect((await sessions(linux.accessToken)).find((s) => s.current)?.device).toBe(
      'Firefox on Linux',
    )
    expect((await logout(first.accessToken)).status).toBe(204)
    expect((await sessions(mac.accessToken)).map((s) => s.device)).toEqual([
      'Firefox on Linux',
      'Chrome on macOS',
    ])
  })

  it('stores the user agent without control characters, cut to 512 characters', async () => {
    const { email, password } = await verifiedUser(server)
    const long = `${chromeOnMac} ${'x'.repeat(600)}`
    // A tab is the one control character HTTP lets through; it is stored as a space.
    const tokens = expectTokens(await login(email, password, long.replace('Gecko) ', 'Gecko)\t')))
    const [mine] = (await sessions(tokens.accessToken)).filter((s) => s.current)
    expect(mine?.userAgent).toBe(long.slice(0, 512))
    expect(mine?.device).toBe('Chrome on macOS')
  })

  it('ends another session: its access token fails at its next request, its refresh too', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const phone = expectTokens(await login(email, password, safariOnIphone))
    expect((await profile(phone.accessToken)).status).toBe(200)
    const phoneId = await currentId(phone.accessToken)

    const ended = await server.api(
      'DELETE',
      `/api/account/sessions/${phoneId}`,
      undefined,
      bearer(tokens.accessToken),
    )
    expect(ended.status, ended.text).toBe(204)
    expectProblem(await profile(phone.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(phone.refreshToken), 401, 'INVALID_TOKEN')
    expect((await profile(tokens.accessToken)).status).toBe(200)

    // Ended already, or someone else's: 404, and the other customer's session goes on.
    const again = await server.api(
      'DELETE',
      `/api/account/sessions/${phoneId}`,
      undefined,
      bearer(tokens.accessToken),
    )
    expectProblem(again, 404)
    const stranger = await verifiedUser(server)
    const strangerId = await currentId(stranger.tokens.accessToken)
    expectProblem(
      await server.api(
        'DELETE',
        `/api/account/sessions/${strangerId}`,
        undefined,
        bearer(tokens.accessToken),
      ),
      404,
    )
    expect((await profile(stranger.tokens.accessToken)).status).toBe(200)

    // Ending one's own session is a logout.
    const ownId = await currentId(tokens.accessToken)
    const own = await server.api(
      'DELETE',
      `/api/account/sessions/${ownId}`,
      undefined,
      bearer(tokens.accessToken),
    )
    expect(own.status).toBe(204)
    expectProblem(await profile(tokens.accessToken), 401, 'INVALID_TOKEN')
  })

  it('ends all other sessions only after a step-up, which lasts 5 minutes', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const others = [
      expectTokens(await login(email, password, chromeOnMac)),
      expectTokens(await login(email, password, firefoxOnLinux)),
    ]

    expectProblem(await endOthers(tokens.accessToken), 403, 'STEP_UP_REQUIRED')
    for (const other of others) expect((await profile(other.accessToken)).status).toBe(200)

    const confirmed = await stepUp(tokens.accessToken, { password })
    expect(confirmed.status, confirmed.text).toBe(200)
    const until = Date.parse((confirmed.body as { stepUpUntil: string }).stepUpUntil)
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000)
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000)

    // Another session's step-up is its own.
    expectProblem(await endOthers(others[0]?.accessToken ?? ''), 403, 'STEP_UP_REQUIRED')

    const ended = await endOthers(tokens.accessToken)
    expect(ended.status, ended.text).toBe(200)
    expect(ended.body).toEqual({ ended: 2 })
    for (const other of others) {
      expectProblem(await profile(other.accessToken), 401, 'INVALID_TOKEN')
      expectProblem(await refresh(other.refreshToken), 401, 'INVALID_TOKEN')
    }
    expect((await sessions(tokens.accessToken)).map((s) => s.current)).toEqual([true])

    server.clock.offsetMs = 5 * 60_000 + 1_000
    expectProblem(await endOthers(tokens.accessToken), 403, 'STEP_UP_REQUIRED')
  })

  it('answers a step-up without its password, or with a proof the account cannot have, 400; a wrong one 401, and locks at the limit', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    // The password is always asked (issue 25 finding 2): a code alone confirms nothing.
    for (const body of [{}, { totpCode: '123456' }]) {
      const refused = expectProblem(await stepUp(tokens.accessToken, body), 400, 'VALIDATION_ERROR')
      expect(refused.errors).toEqual([expect.objectContaining({ field: '/password' })])
    }
    // No second factor on the account: a proof of one is named, not ignored.
    const proof = expectProblem(
      await stepUp(tokens.accessToken, { password, totpCode: '123456' }),
      400,
      'VALIDATION_ERROR',
    )
    expect(proof.errors).toEqual([
      expect.objectContaining({ field: '/totpCode', code: 'no-second-factor' }),
    ])

    for (let i = 0; i < defaultAuthLimits.loginFailuresPerAccountAndIp; i++)
      expectProblem(
        await stepUp(tokens.accessToken, { password: `wrong-${i}` }),
        401,
        'INVALID_CREDENTIALS',
      )
    const limited = await stepUp(tokens.accessToken, { password })
    expectProblem(limited, 429, 'RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The same limit as a login's: the account is locked for this address there too.
    expectProblem(await login(email, password), 429, 'RATE_LIMITED')
    // The access token stays valid; nothing was confirmed.
    expect((await profile(tokens.accessToken)).status).toBe(200)
    expectProblem(await endOthers(tokens.accessToken), 403, 'STEP_UP_REQUIRED')

    server.clock.offsetMs = 15 * 60_000 + 1_000
    expect((await stepUp(tokens.accessToken, { password })).status).toBe(200)
  })

  it('changes the password after a step-up: other sessions end, a notice links to ending this one', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const other = expectTokens(await login(email, password))
    const newPassword = 'Amber-Lighthouse-Orchard-58'

    expectProblem(await changePassword(tokens.accessToken, newPassword), 403, 'STEP_UP_REQUIRED')
    expect((await stepUp(tokens.accessToken, { password })).status).toBe(200)

    // The strength rule of registration applies, naming the field.
    const weak = expectProblem(
      await changePassword(tokens.accessToken, 'password'),
      400,
      'VALIDATION_ERROR',
    )
    expect(weak.errors).toEqual([
      expect.objectContaining({ field: '/newPassword', code: 'weak-password' }),
    ])

    const changed = await changePassword(tokens.accessToken, newPassword)
    expect(changed.status, changed.text).toBe(200)
    expect(changed.body).toEqual({ status: 'password-changed' })

    expectProblem(await profile(other.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(other.refreshToken), 401, 'INVALID_TOKEN')
    expect((await profile(tokens.accessToken)).status).toBe(200)
    expectProblem(await login(email, password), 401, 'INVALID_CREDENTIALS')
    expectTokens(await login(email, newPassword))

    const [notice, ...more] = await noticesTo(email, /^Your password was changed/)
    expect(more).toEqual([])
    expect(notice?.text).toContain('Device: Unknown device')
    expect(notice?.text).toContain('IP address: 127.0.0.1')
    const token = linkOf(notice)
    expect(notice?.text).toContain(`${testPublicUrl}/app/end-session/${token}`)
    expect(notice?.html).toContain(`${testPublicUrl}/app/end-session/${token}`)

    // The link ends the session that made the change, without signing in; it works once.
    const ended = await endByLink(token)
    expect(ended.status, ended.text).toBe(200)
    expect(ended.body).toEqual({ status: 'session-ended' })
    expectProblem(await profile(tokens.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(tokens.refreshToken), 401, 'INVALID_TOKEN')
    expectProblem(await endByLink(token), 400, 'INVALID_TOKEN')
    expectProblem(await endByLink('not-a-token'), 400, 'INVALID_TOKEN')
  })

  it('mails a notice on a sign-in from a new device, not on the first sign-in nor a known device', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    // The first sign-in after registration is no news.
    expect(await noticesTo(email, /^New sign-in/)).toEqual([])
    expectTokens(await login(email, password))
    expect(await noticesTo(email, /^New sign-in/)).toEqual([])

    const phone = expectTokens(await login(email, password, safariOnIphone))
    const [notice, ...more] = await noticesTo(email, /^New sign-in to your account/)
    expect(more).toEqual([])
    expect(notice?.text).toContain('Device: Safari on iOS')
    expect(notice?.text).toContain('IP address: 127.0.0.1')
    // Known from now on, even once that session has ended.
    expect((await logout(phone.accessToken)).status).toBe(204)
    const again = expectTokens(await login(email, password, safariOnIphone))
    expect(await noticesTo(email, /^New sign-in/)).toHaveLength(1)

    // The notice's link ends the session it was about (already ended: still a success), and
    // only that one; a link is good for 7 days.
    expect((await endByLink(linkOf(notice))).status).toBe(200)
    expect((await profile(again.accessToken)).status).toBe(200)
    expect((await profile(tokens.accessToken)).status).toBe(200)

    const laptop = expectTokens(await login(email, password, chromeOnMac))
    const [laptopNotice] = await noticesTo(email, /^New sign-in/)
    expect(laptopNotice?.text).toContain('Device: Chrome on macOS')
    server.clock.offsetMs = 7 * 24 * 3600_000 + 1_000
    expectProblem(await endByLink(linkOf(laptopNotice)), 400, 'INVALID_TOKEN')
    server.clock.offsetMs = 6 * 24 * 3600_000
    expect((await endByLink(linkOf(laptopNotice))).status).toBe(200)
    expectProblem(await profile(laptop.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(laptop.refreshToken), 401, 'INVALID_TOKEN')
    expect((await profile(again.accessToken)).status).toBe(200)
  })

  it('puts nothing of an unknown user agent into a notice', async () => {
    const { email, password } = await verifiedUser(server)
    const hostile = '<img src=x onerror=alert(1)>Call +1 555 0100/1.0 (Windows NT 10.0)'
    expectTokens(await login(email, password, hostile))
    const [notice] = await noticesTo(email, /^New sign-in/)
    expect(notice?.text).toContain('Device: Unknown browser on Windows')
    for (const part of [notice?.text, notice?.html]) {
      expect(part).not.toContain('<img')
      expect(part).not.toContain('555 0100')
    }
  })

  it('refuses access tokens without a session, and those of a session that expired', async () => {
    const { tokens } = await verifiedUser(server)
    const [, payload = ''] = tokens.accessToken.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    expect(typeof claims.sub).toBe('string')
    expect(claims.sid).toBe(await currentId(tokens.accessToken))
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/)
    // Signed with the server's key, but as tokens were before sessions: no sid.
    const key = new TextEncoder().encode(testJwtSecret)
    const sign = (extra: Record<string, unknown>) =>
      new SignJWT(extra)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(testPublicUrl)
        .setAudience('exchange-api')
        .setExpirationTime('5m')
        .sign(key)
    expectProblem(await profile(await sign({})), 401, 'INVALID_TOKEN')
    expectProblem(await profile(await sign({ sid: 'not-a-uuid' })), 401, 'INVALID_TOKEN')
    // Another customer's session id under this customer's name.
    const other = await verifiedUser(server)
    const otherSid = await currentId(other.tokens.accessToken)
    expectProblem(await profile(await sign({ sid: otherSid })), 401, 'INVALID_TOKEN')
    expect((await profile(await sign({ sid: claims.sid }))).status).toBe(200)

    // 30 days after the sign-in the session is over, whatever its access tokens say.
    server.clock.offsetMs = 30 * 24 * 3600_000 + 1_000
    expectProblem(await profile(tokens.accessToken), 401, 'INVALID_TOKEN')
    expectProblem(await refresh(tokens.refreshToken), 401, 'INVALID_TOKEN')
  })
})
