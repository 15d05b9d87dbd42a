/**
 * The customer's language is stored with the account (issue 30): set by the page they registered
 * on, taken over when that registration's link is followed, changed in the profile. Over HTTP on
 * each engine, as the customer and an attacker see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits, type AuthLimits } from '../../server/auth/account-service.ts'
import {
  bearer,
  expectProblem,
  expectTokens,
  mailedToken,
  messagesTo,
  uniqueEmail,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const limits: AuthLimits = { ...defaultAuthLimits, registrationsPerIp: 1000 }
const hour = 3600 * 1000

describe.each(engines)("the customer's language, on %s", (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { limits })
  })
  afterAll(async () => {
    await server.stop()
  })

  const register = async (email: string, password: string, locale?: string) => {
    const answer = await server.api('POST', '/api/auth/register', {
      email,
      password,
      ...(locale === undefined ? {} : { locale }),
    })
    expect(answer.status, answer.text).toBe(202)
  }
  const follow = async (email: string) => {
    const token = await mailedToken(server, email, 'verify-email')
    const answer = await server.api(
      'GET',
      `/api/auth/verify-email?token=${encodeURIComponent(token ?? '')}`,
    )
    expect(answer.status, answer.text).toBe(200)
  }
  const profileOf = async (email: string, password: string) => {
    const tokens = expectTokens(await server.api('POST', '/api/auth/login', { email, password }))
    const profile = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(tokens.accessToken),
    )
    expect(profile.status, profile.text).toBe(200)
    return { tokens, profile: profile.body as { locale: string } }
  }

  it('is the registration page’s, English when none is sent', async () => {
    const polish = uniqueEmail('pl')
    await register(polish, 'polska-haslo-71', 'pl')
    await follow(polish)
    expect((await profileOf(polish, 'polska-haslo-71')).profile.locale).toBe('pl')

    const plain = uniqueEmail('en')
    await register(plain, 'english-words-71')
    await follow(plain)
    expect((await profileOf(plain, 'english-words-71')).profile.locale).toBe('en')
  })

  it('refuses a language it does not speak, naming the field, and creates nothing', async () => {
    const email = uniqueEmail('xx')
    for (const locale of ['xx', 'PL', 'pl-PL', '', 42, null]) {
      const answer = await server.api('POST', '/api/auth/register', {
        email,
        password: 'some-password-71',
        locale,
      })
      const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
      expect(problem.errors?.map((e) => e.field)).toContain('/locale')
    }
    expect(await mailedToken(server, email, 'verify-email', 300)).toBeUndefined()
  })

  it('follows the registration whose link is followed', async () => {
    const email = uniqueEmail('relink')
    await register(email, 'first-try-pass-71', 'en')
    // The English link lapses unused; a day later the same person registers from the Polish page.
    server.clock.offsetMs = 25 * hour
    try {
      await register(email, 'second-try-pass-71', 'pl')
      const token = await mailedToken(server, email, 'verify-email')
      const answer = await server.api(
        'GET',
        `/api/auth/verify-email?token=${encodeURIComponent(token ?? '')}`,
      )
      expect(answer.body).toEqual({ status: 'verified' })
      expect((await profileOf(email, 'second-try-pass-71')).profile.locale).toBe('pl')
    } finally {
      server.clock.offsetMs = 0
    }
  })

  it('keeps the first language of a contested address', async () => {
    const email = uniqueEmail('contest')
    await register(email, 'first-try-pass-71', 'en')
    await register(email, 'second-try-pass-71', 'pl')
    const token = await mailedToken(server, email, 'verify-email')
    const answer = await server.api('GET', `/api/auth/verify-email?token=${token ?? ''}`)
    // Two pending registrations (decision 080): neither's password nor language is taken.
    expect(answer.body).toEqual({ status: 'password-to-choose' })
    const chosen = await mailedToken(server, email, 'set-new-password')
    const reset = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: chosen ?? '',
      newPassword: 'chosen-by-owner-71',
    })
    expect(reset.status, reset.text).toBe(200)
    expect((await profileOf(email, 'chosen-by-owner-71')).profile.locale).toBe('en')
  })

  it('is not changed by someone registering a confirmed address', async () => {
    const email = uniqueEmail('owner')
    await register(email, 'owner-password-71', 'pl')
    await follow(email)
    await register(email, 'attacker-password-71', 'en')
    expect((await profileOf(email, 'owner-password-71')).profile.locale).toBe('pl')
  })

  it('changes in the profile, stays when an update leaves it out, refuses unknown ones', async () => {
    const email = uniqueEmail('switch')
    await register(email, 'switching-pass-71', 'pl')
    await follow(email)
    const { tokens } = await profileOf(email, 'switching-pass-71')
    const auth = bearer(tokens.accessToken)
    const fields = { firstName: 'Anna', lastName: 'Nowak', country: 'PL', phone: '' }

    const kept = await server.api('PUT', '/api/users/profile', fields, auth)
    expect(kept.status, kept.text).toBe(200)
    expect(kept.body).toMatchObject({ firstName: 'Anna', locale: 'pl' })

    const english = await server.api('PUT', '/api/users/profile', { ...fields, locale: 'en' }, auth)
    expect(english.body).toMatchObject({ locale: 'en' })
    const read = await server.api('GET', '/api/users/profile', undefined, auth)
    expect(read.body).toMatchObject({ locale: 'en' })

    const bad = await server.api('PUT', '/api/users/profile', { ...fields, locale: 'de' }, auth)
    expect(expectProblem(bad, 400, 'VALIDATION_ERROR').errors?.map((e) => e.field)).toEqual([
      '/locale',
    ])
    const after = await server.api('GET', '/api/users/profile', undefined, auth)
    expect(after.body).toMatchObject({ locale: 'en', lastName: 'Nowak' })
  })

  it('links each e-mail to the public pages in the recipient’s language', async () => {
    const polish = uniqueEmail('pl-link')
    await register(polish, 'polski-link-pass-71', 'pl')
    const [plMail] = await messagesTo(server, polish)
    const plLinks = plMail?.text.match(/https?:\/\/\S+\/app\/verify-email\/[A-Za-z0-9_-]+/g) ?? []
    expect(plLinks).toHaveLength(1)
    expect(new URL(plLinks[0] ?? '').pathname).toMatch(/^\/pl\/app\/verify-email\/[A-Za-z0-9_-]+$/)
    await follow(polish)
    // The owner of the confirmed address is sent to the Polish sign-in and reset pages.
    await register(polish, 'someone-else-pass-71', 'en')
    const [already] = await messagesTo(server, polish)
    const paths = (already?.text.match(/https?:\/\/\S+\/app\/[a-z-]+/g) ?? []).map(
      (link) => new URL(link).pathname,
    )
    expect(paths).toEqual(expect.arrayContaining(['/pl/app/login', '/pl/app/forgot-password']))
    expect(paths.every((path) => path.startsWith('/pl/app/'))).toBe(true)

    const english = uniqueEmail('en-link')
    await register(english, 'english-link-pass-71')
    const [enMail] = await messagesTo(server, english)
    const enLinks = enMail?.text.match(/https?:\/\/\S+\/app\/verify-email\/[A-Za-z0-9_-]+/g) ?? []
    expect(enLinks).toHaveLength(1)
    expect(new URL(enLinks[0] ?? '').pathname).toMatch(/^\/app\/verify-email\/[A-Za-z0-9_-]+$/)
  })

  it('writes each e-mail in the recipient’s language, and the next one after a switch', async () => {
    const email = uniqueEmail('mail')
    await register(email, 'polish-mail-pass-71', 'pl')
    const [verify] = await messagesTo(server, email)
    expect(verify?.subject).toBe('Potwierdź swój adres e-mail — Vistula Exchange')
    expect(
      verify?.text.startsWith('Dzień dobry,\n\nDziękujemy za rejestrację w Vistula Exchange.'),
    ).toBe(true)
    expect(verify?.html).toContain('<html lang="pl">')
    expect(verify?.text).toContain('— Zespół Vistula Exchange')
    await follow(email)

    // Someone registers the confirmed address from the English page: the owner reads Polish.
    await register(email, 'someone-else-pass-71', 'en')
    const [already] = await messagesTo(server, email)
    expect(already?.subject).toBe(
      'Ktoś próbował zarejestrować się przy użyciu Twojego adresu e-mail — Vistula Exchange',
    )

    // The customer switches to English in the profile: the next e-mail is English.
    const { tokens } = await profileOf(email, 'polish-mail-pass-71')
    const fields = { firstName: '', lastName: '', country: '', phone: '', locale: 'en' }
    const put = await server.api('PUT', '/api/users/profile', fields, bearer(tokens.accessToken))
    expect(put.status, put.text).toBe(200)
    const reset = await server.api('POST', '/api/auth/reset-password', { email })
    expect(reset.status, reset.text).toBe(200)
    expect(await mailedToken(server, email, 'set-new-password')).toBeDefined()
    const [resetMail] = await messagesTo(server, email)
    expect(resetMail?.subject).toBe('Reset your password — Vistula Exchange')
    expect(resetMail?.html).toContain('<html lang="en">')
  })
})
