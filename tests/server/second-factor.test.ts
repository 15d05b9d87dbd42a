/**
 * Second factors over HTTP on the real server, both engines: an authenticator app (codes computed
 * here with otplib from the secret the server showed) and passkeys (a real ES256 authenticator in
 * the test, tests/server/support/software-authenticator.ts). What a customer and an attacker see:
 * enrolment behind a step-up, the login's second step, replayed codes and assertions, phishing
 * origins, brute force, and factor changes that end the other sessions and mail a notice.
 */
import { randomUUID } from 'node:crypto'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import { generate } from 'otplib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import {
  bearer,
  expectProblem,
  expectTokens,
  messagesTo,
  verifiedUser,
  type TokenPair,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { customerWithAppOn } from './support/second-factor.ts'
import { SoftwareAuthenticator } from './support/software-authenticator.ts'
import { startTestServer, testPublicUrl, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']
type Challenge = Schemas['SecondFactorChallenge']
type Security = Schemas['SecurityOverview']
type Passkey = Schemas['Passkey']

const minute = 60_000

describe.each(engines)('second factors over HTTP on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(async () => {
    await server.stop()
  })
  afterEach(() => {
    server.clock.offsetMs = 0
  })

  /** The server's clock, in seconds, as otplib counts. */
  const serverEpoch = () => Math.floor((Date.now() + server.clock.offsetMs) / 1000)
  const codeNow = (secret: string) => generate({ secret, epoch: serverEpoch() })
  /** A code the app does not show in the accepted window (a step back to a step ahead). */
  async function wrongCode(secret: string): Promise<string> {
    const epoch = serverEpoch()
    const window = await Promise.all(
      [-30, 0, 30].map((d) => generate({ secret, epoch: epoch + d })),
    )
    let n = 0
    while (window.includes(String(n).padStart(6, '0'))) n++
    return String(n).padStart(6, '0')
  }

  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { email, password })
  const secondStep = (body: Record<string, unknown>) =>
    server.api('POST', '/api/auth/login/second-factor', body)
  const profile = (tokens: TokenPair) =>
    server.api('GET', '/api/users/profile', undefined, bearer(tokens.accessToken))
  const security = async (tokens: TokenPair): Promise<Security> => {
    const answer = await server.api(
      'GET',
      '/api/account/security',
      undefined,
      bearer(tokens.accessToken),
    )
    expect(answer.status, answer.text).toBe(200)
    return answer.body as Security
  }
  const stepUp = async (tokens: TokenPair, proof: Record<string, unknown>) => {
    const answer = await server.api(
      'POST',
      '/api/account/step-up',
      proof,
      bearer(tokens.accessToken),
    )
    expect(answer.status, answer.text).toBe(200)
  }

  async function challengeOf(email: string, password: string): Promise<Challenge> {
    const answer = await login(email, password)
    expect(answer.status, answer.text).toBe(200)
    const challenge = answer.body as Challenge
    expect(challenge.challengeToken).toMatch(/^sf_/)
    return challenge
  }

  /** A verified customer with an authenticator app (enrolled through the API) and its codes. */
  const customerWithApp = () => customerWithAppOn(server)

  it('keeps the one-step login for accounts without a factor', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const again = expectTokens(await login(email, password))
    expect(Object.keys(again).sort()).toEqual(['accessToken', 'refreshToken'])
    expect((await profile(again)).status).toBe(200)
    expect(await security(tokens)).toEqual({
      passkeys: [],
      totp: false,
      recoveryCodesLeft: 0,
      stepUpUntil: null,
    })
  })

  it('enrols an authenticator app and signs in with its codes, each once', async () => {
    const { email, password, tokens } = await verifiedUser(server)
    const auth = bearer(tokens.accessToken)
    const otherDevice = expectTokens(await login(email, password))

    // Without a fresh confirmation nothing about the factors changes.
    expectProblem(
      await server.api('POST', '/api/account/totp/enrolment', undefined, auth),
      403,
      'STEP_UP_REQUIRED',
    )
    await stepUp(tokens, { password })
    expect((await security(tokens)).stepUpUntil).not.toBeNull()

    const started = await server.api('POST', '/api/account/totp/enrolment', undefined, auth)
    expect(started.status, started.text).toBe(200)
    const { secret, otpauthUri } = started.body as Schemas['TotpEnrolment']
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(otpauthUri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('Vistula Exchange')

    const wrong = expectProblem(
      await server.api('POST', '/api/account/totp', { code: await wrongCode(secret) }, auth),
      400,
      'VALIDATION_ERROR',
    )
    expect(wrong.errors).toEqual([expect.objectContaining({ field: '/code', code: 'wrong-code' })])
    expect((await security(tokens)).totp).toBe(false)

    const confirmed = await server.api(
      'POST',
      '/api/account/totp',
      { code: await codeNow(secret) },
      auth,
    )
    expect(confirmed.status, confirmed.text).toBe(200)
    const { recoveryCodes } = confirmed.body as Schemas['RecoveryCodes']
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/)
    expect(await security(tokens)).toMatchObject({ totp: true, recoveryCodesLeft: 10 })
    // A second app needs the first one removed.
    expectProblem(await server.api('POST', '/api/account/totp/enrolment', undefined, auth), 409)

    // The change ended the other session at once, and told the customer.
    expectProblem(await profile(otherDevice), 401, 'INVALID_TOKEN')
    expectProblem(
      await server.api('POST', '/api/auth/refresh-token', {
        refreshToken: otherDevice.refreshToken,
      }),
      401,
      'INVALID_TOKEN',
    )
    expect((await profile(tokens)).status).toBe(200)
    const notices = (await messagesTo(server, email)).filter((m) =>
      m.subject.startsWith('A second factor was added'),
    )
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('an authenticator app')
    expect(notices[0]?.text).toMatch(/\/app\/end-session\/[A-Za-z0-9_-]+/)

    // The password alone no longer signs in: the answer is a challenge.
    server.clock.offsetMs += minute
    const challenge = await challengeOf(email, password)
    expect(challenge.methods).toEqual(['totp', 'recovery-code'])
    expect(challenge.passkeyOptions).toBeUndefined()
    expectProblem(
      await secondStep({
        challengeToken: challenge.challengeToken,
        totpCode: await wrongCode(secret),
      }),
      401,
      'INVALID_CREDENTIALS',
    )
    const code = await codeNow(secret)
    const signedIn = expectTokens(
      await secondStep({ challengeToken: challenge.challengeToken, totpCode: code }),
    )
    expect((await profile(signedIn)).status).toBe(200)
    // The challenge is spent, and the code too: seen again on a new login, it is refused.
    expectProblem(
      await secondStep({ challengeToken: challenge.challengeToken, totpCode: code }),
      401,
      'INVALID_TOKEN',
    )
    const next = await challengeOf(email, password)
    expectProblem(
      await secondStep({ challengeToken: next.challengeToken, totpCode: code }),
      401,
      'INVALID_CREDENTIALS',
    )

    // A recovery code works once, typed in any case and without its hyphen.
    const recovery = recoveryCodes[3] ?? ''
    expectTokens(
      await secondStep({
        challengeToken: next.challengeToken,
        recoveryCode: recovery.replace('-', '').toUpperCase(),
      }),
    )
    const third = await challengeOf(email, password)
    expectProblem(
      await secondStep({ challengeToken: third.challengeToken, recoveryCode: recovery }),
      401,
      'INVALID_CREDENTIALS',
    )
    expect((await security(signedIn)).recoveryCodesLeft).toBe(9)

    // A challenge lives 5 minutes.
    server.clock.offsetMs += 5 * minute + 1000
    expectProblem(
      await secondStep({
        challengeToken: third.challengeToken,
        recoveryCode: recoveryCodes[0] ?? '',
      }),
      401,
      'INVALID_TOKEN',
    )
  })

  it('asks for exactly one proof, naming what is missing or extra', async () => {
    const { email, password, secret, recoveryCodes } = await customerWithApp()
    const { challengeToken } = await challengeOf(email, password)
    const none = expectProblem(await secondStep({ challengeToken }), 400, 'VALIDATION_ERROR')
    expect(none.errors).toEqual([expect.objectContaining({ field: '', code: 'exactly-one' })])
    const two = expectProblem(
      await secondStep({
        challengeToken,
        totpCode: await codeNow(secret),
        recoveryCode: recoveryCodes[0],
      }),
      400,
      'VALIDATION_ERROR',
    )
    expect(two.errors).toEqual([
      expect.objectContaining({ field: '/recoveryCode', code: 'exactly-one' }),
    ])
    expectProblem(
      await secondStep({ challengeToken: `sf_${randomUUID()}`, totpCode: '123456' }),
      401,
      'INVALID_TOKEN',
    )
  })

  it('limits guesses: 5 per challenge, 10 per account in 15 minutes, right codes included', async () => {
    const { email, password, secret } = await customerWithApp()
    server.clock.offsetMs += minute
    const first = await challengeOf(email, password)
    const guess = async (challengeToken: string) =>
      secondStep({ challengeToken, totpCode: await wrongCode(secret) })
    for (let i = 0; i < 5; i++)
      expectProblem(await guess(first.challengeToken), 401, 'INVALID_CREDENTIALS')
    expectProblem(await guess(first.challengeToken), 429, 'RATE_LIMITED')
    // Even the right code is not looked at any more.
    expectProblem(
      await secondStep({ challengeToken: first.challengeToken, totpCode: await codeNow(secret) }),
      429,
      'RATE_LIMITED',
    )

    // New challenges do not reset the account's count: 5 more wrong ones and it is full.
    const second = await challengeOf(email, password)
    for (let i = 0; i < 5; i++)
      expectProblem(await guess(second.challengeToken), 401, 'INVALID_CREDENTIALS')
    const third = await challengeOf(email, password)
    const full = await secondStep({
      challengeToken: third.challengeToken,
      totpCode: await codeNow(secret),
    })
    expectProblem(full, 429, 'RATE_LIMITED')
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0)

    // After the window the right code signs in.
    server.clock.offsetMs += 15 * minute
    const later = await challengeOf(email, password)
    expectTokens(
      await secondStep({ challengeToken: later.challengeToken, totpCode: await codeNow(secret) }),
    )
  })

  it('lets one of two racing logins with one code through, and parallel guesses no further than the limit', async () => {
    const { email, password, secret } = await customerWithApp()
    server.clock.offsetMs += minute
    const pair = await Promise.all([challengeOf(email, password), challengeOf(email, password)])
    const code = await codeNow(secret)
    const raced = await Promise.all(
      pair.map((c) => secondStep({ challengeToken: c.challengeToken, totpCode: code })),
    )
    expect(raced.map((r) => r.status).sort()).toEqual([200, 401])

    // One wrong proof counted so far; 8 at once on one challenge: 5 are looked at, 3 refused.
    const { challengeToken } = await challengeOf(email, password)
    const wrong = await wrongCode(secret)
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => secondStep({ challengeToken, totpCode: wrong })),
    )
    expect(guesses.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
  })

  it('counts wrong confirmation codes toward the limit', async () => {
    const { password, tokens } = await verifiedUser(server)
    const auth = bearer(tokens.accessToken)
    await stepUp(tokens, { password })
    const started = await server.api('POST', '/api/account/totp/enrolment', undefined, auth)
    const { secret } = started.body as Schemas['TotpEnrolment']
    for (let i = 0; i < 10; i++)
      expectProblem(
        await server.api('POST', '/api/account/totp', { code: await wrongCode(secret) }, auth),
        400,
        'VALIDATION_ERROR',
      )
    expectProblem(
      await server.api('POST', '/api/account/totp', { code: await codeNow(secret) }, auth),
      429,
      'RATE_LIMITED',
    )
  })

  it('removes the app after a step-up with a code, and the login is one step again', async () => {
    const { email, password, secret, tokens } = await customerWithApp()
    const auth = bearer(tokens.accessToken)
    // The step-up of the enrolment has run out.
    server.clock.offsetMs += 6 * minute
    expectProblem(await server.api('DELETE', '/api/account/totp', undefined, auth), 403)
    await stepUp(tokens, { password, totpCode: await codeNow(secret) })
    const removed = await server.api('DELETE', '/api/account/totp', undefined, auth)
    expect(removed.status, removed.text).toBe(204)
    expect(await security(tokens)).toMatchObject({ totp: false, recoveryCodesLeft: 0 })
    expectProblem(await server.api('DELETE', '/api/account/totp', undefined, auth), 404)
    const notices = (await messagesTo(server, email)).map((m) => m.subject)
    expect(notices.filter((s) => s.startsWith('A second factor was removed'))).toHaveLength(1)
    expectTokens(await login(email, password))
  })

  describe('passkeys', () => {
    /** A verified, stepped-up customer with a passkey added through the API. */
    async function customerWithPasskey(name = 'Test key') {
      const customer = await verifiedUser(server)
      const auth = bearer(customer.tokens.accessToken)
      await stepUp(customer.tokens, { password: customer.password })
      const authenticator = new SoftwareAuthenticator(testPublicUrl)
      const options = await server.api(
        'POST',
        '/api/account/passkeys/registration-options',
        undefined,
        auth,
      )
      expect(options.status, options.text).toBe(200)
      const credential = authenticator.register(
        options.body as PublicKeyCredentialCreationOptionsJSON,
      )
      const added = await server.api('POST', '/api/account/passkeys', { name, credential }, auth)
      expect(added.status, added.text).toBe(201)
      return { ...customer, auth, authenticator, passkey: added.body as Passkey }
    }

    /** The step-up of an account with a passkey: the password and the passkey's answer. */
    async function stepUpWithPasskey(customer: Awaited<ReturnType<typeof customerWithPasskey>>) {
      const options = await server.api(
        'POST',
        '/api/account/step-up/passkey-options',
        undefined,
        customer.auth,
      )
      expect(options.status, options.text).toBe(200)
      await stepUp(customer.tokens, {
        password: customer.password,
        passkey: customer.authenticator.authenticate(
          options.body as PublicKeyCredentialRequestOptionsJSON,
        ),
      })
    }

    it('registers a passkey for this site with a random user handle', async () => {
      const { email, tokens, password } = await verifiedUser(server)
      const auth = bearer(tokens.accessToken)
      const otherDevice = expectTokens(await login(email, password))
      expectProblem(
        await server.api('POST', '/api/account/passkeys/registration-options', undefined, auth),
        403,
        'STEP_UP_REQUIRED',
      )
      await stepUp(tokens, { password })
      const answer = await server.api(
        'POST',
        '/api/account/passkeys/registration-options',
        undefined,
        auth,
      )
      expect(answer.status, answer.text).toBe(200)
      const options = answer.body as PublicKeyCredentialCreationOptionsJSON
      expect(options.rp).toEqual({ id: 'exchange.test', name: 'Vistula Exchange' })
      expect(options.attestation).toBe('none')
      expect(options.authenticatorSelection?.userVerification).toBe('preferred')
      expect(options.pubKeyCredParams.map((p) => p.alg).sort()).toEqual([-257, -7])
      expect(options.excludeCredentials).toEqual([])
      expect(options.user.name).toBe(email)
      const handle = Buffer.from(options.user.id, 'base64url')
      expect(handle).toHaveLength(32)
      expect(handle.toString('utf8')).not.toContain(email.toLowerCase())

      const authenticator = new SoftwareAuthenticator(testPublicUrl)
      const credential = authenticator.register(options)
      const added = await server.api(
        'POST',
        '/api/account/passkeys',
        { name: ' Laptop key ', credential },
        auth,
      )
      expect(added.status, added.text).toBe(201)
      const passkey = added.body as Passkey
      expect(passkey).toMatchObject({ name: 'Laptop key', lastUsedAt: null })
      expect((await security(tokens)).passkeys).toEqual([passkey])

      // The same answer again is refused: the options it answered are used up.
      const again = expectProblem(
        await server.api('POST', '/api/account/passkeys', { credential }, auth),
        400,
        'VALIDATION_ERROR',
      )
      expect(again.errors).toEqual([
        expect.objectContaining({ field: '/credential', code: 'passkey-refused' }),
      ])

      // New options name the same handle and exclude the passkey the account has.
      const next = (
        await server.api('POST', '/api/account/passkeys/registration-options', undefined, auth)
      ).body as PublicKeyCredentialCreationOptionsJSON
      expect(next.user.id).toBe(options.user.id)
      expect(next.excludeCredentials?.map((c) => c.id)).toEqual([credential.id])
      // An answer made on another site (a phishing page) is refused.
      const phished = new SoftwareAuthenticator(testPublicUrl).register(next, {
        origin: 'https://exchange.test.evil.example',
      })
      expectProblem(
        await server.api('POST', '/api/account/passkeys', { credential: phished }, auth),
        400,
        'VALIDATION_ERROR',
      )

      // Other sessions ended; the customer was told.
      expectProblem(await profile(otherDevice), 401, 'INVALID_TOKEN')
      const notices = (await messagesTo(server, email)).filter((m) =>
        m.subject.startsWith('A second factor was added'),
      )
      expect(notices).toHaveLength(1)
      expect(notices[0]?.text).toContain('Laptop key')
    })

    it('refuses malformed answers with 400, never a 500', async () => {
      const { auth } = await customerWithPasskey()
      const garbage = [
        {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
        },
        {
          id: 'abc',
          rawId: 'abd',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: '', attestationObject: '' },
        },
        {
          id: '_-_-',
          rawId: '_-_-',
          type: 'public-key',
          clientExtensionResults: { credProps: { rk: true } },
          response: {
            clientDataJSON: Buffer.from('{"type":"webauthn.create","challenge":1}').toString(
              'base64url',
            ),
            attestationObject: Buffer.from([0xa1, 0x63, 0x66, 0x6d, 0x74, 0xff]).toString(
              'base64url',
            ),
            transports: ['usb', 'x'.repeat(20)],
          },
        },
      ]
      for (const credential of garbage) {
        await server.api('POST', '/api/account/passkeys/registration-options', undefined, auth)
        const answer = expectProblem(
          await server.api('POST', '/api/account/passkeys', { credential }, auth),
          400,
          'VALIDATION_ERROR',
        )
        expect(answer.errors?.[0]?.field).toBe('/credential')
      }
    })

    it('lists, renames and removes passkeys, and only the customer’s own', async () => {
      const owner = await customerWithPasskey('Phone')
      const stranger = await customerWithPasskey('Other')
      const path = `/api/account/passkeys/${owner.passkey.id}`

      const renamed = await server.api('PATCH', path, { name: 'Work phone' }, owner.auth)
      expect(renamed.status, renamed.text).toBe(200)
      expect(renamed.body).toMatchObject({ id: owner.passkey.id, name: 'Work phone' })
      expect((await security(owner.tokens)).passkeys.map((p) => p.name)).toEqual(['Work phone'])

      expectProblem(await server.api('PATCH', path, { name: 'Mine' }, stranger.auth), 404)
      expectProblem(await server.api('DELETE', path, undefined, stranger.auth), 404)
      expect((await security(owner.tokens)).passkeys).toHaveLength(1)

      server.clock.offsetMs += 6 * minute
      expectProblem(
        await server.api('DELETE', path, undefined, owner.auth),
        403,
        'STEP_UP_REQUIRED',
      )
      await stepUpWithPasskey(owner)
      const removed = await server.api('DELETE', path, undefined, owner.auth)
      expect(removed.status, removed.text).toBe(204)
      expect((await security(owner.tokens)).passkeys).toEqual([])
      expectProblem(await server.api('DELETE', path, undefined, owner.auth), 404)
      const subjects = (await messagesTo(server, owner.email)).map((m) => m.subject)
      expect(subjects.filter((s) => s.startsWith('A second factor was removed'))).toHaveLength(1)
      expectTokens(await login(owner.email, owner.password))
    })

    it('signs in with password and passkey; phished, replayed and cloned assertions fail', async () => {
      const { email, password, authenticator, passkey, tokens } = await customerWithPasskey()
      const challenge = await challengeOf(email, password)
      expect(challenge.methods).toEqual(['passkey'])
      const options = challenge.passkeyOptions as PublicKeyCredentialRequestOptionsJSON
      expect(options.rpId).toBe('exchange.test')
      expect(options.userVerification).toBe('preferred')
      expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]?.id])

      // Made on another origin: refused, and the challenge stays open for the real one.
      const phished = authenticator.authenticate(options, { origin: 'http://exchange.test:8080' })
      expectProblem(
        await secondStep({ challengeToken: challenge.challengeToken, passkey: phished }),
        401,
        'INVALID_CREDENTIALS',
      )
      const assertion = authenticator.authenticate(options, { withoutUserVerification: true })
      const signedIn = expectTokens(
        await secondStep({ challengeToken: challenge.challengeToken, passkey: assertion }),
      )
      expect((await profile(signedIn)).status).toBe(200)
      const [used] = (await security(tokens)).passkeys
      expect(used?.id).toBe(passkey.id)
      expect(used?.lastUsedAt).not.toBeNull()

      // The same assertion for a new login answers the old challenge: refused.
      const next = await challengeOf(email, password)
      expectProblem(
        await secondStep({ challengeToken: next.challengeToken, passkey: assertion }),
        401,
        'INVALID_CREDENTIALS',
      )
      // A copy of the key whose counter did not move on (a cloned authenticator): refused.
      const nextOptions = next.passkeyOptions as PublicKeyCredentialRequestOptionsJSON
      const credential = authenticator.credentials[0]
      if (!credential) throw new Error('the authenticator holds no credential')
      credential.counter -= 1
      expectProblem(
        await secondStep({
          challengeToken: next.challengeToken,
          passkey: authenticator.authenticate(nextOptions),
        }),
        401,
        'INVALID_CREDENTIALS',
      )
      // Garbage in the assertion's fields is a wrong proof, not a failure.
      expectProblem(
        await secondStep({
          challengeToken: next.challengeToken,
          passkey: {
            ...assertion,
            response: { ...assertion.response, authenticatorData: 'AA', signature: '' },
          },
        }),
        401,
        'INVALID_CREDENTIALS',
      )
      expectTokens(
        await secondStep({
          challengeToken: next.challengeToken,
          passkey: authenticator.authenticate(nextOptions),
        }),
      )
    })

    it('offers every method an account has', async () => {
      const { email, password, tokens, authenticator } = await customerWithPasskey()
      const auth = bearer(tokens.accessToken)
      const started = await server.api('POST', '/api/account/totp/enrolment', undefined, auth)
      const { secret } = started.body as Schemas['TotpEnrolment']
      const confirmed = await server.api(
        'POST',
        '/api/account/totp',
        { code: await codeNow(secret) },
        auth,
      )
      expect(confirmed.status, confirmed.text).toBe(200)
      const challenge = await challengeOf(email, password)
      expect(challenge.methods).toEqual(['passkey', 'totp', 'recovery-code'])
      expectTokens(
        await secondStep({
          challengeToken: challenge.challengeToken,
          passkey: authenticator.authenticate(
            challenge.passkeyOptions as PublicKeyCredentialRequestOptionsJSON,
          ),
        }),
      )
    })
  })
})
