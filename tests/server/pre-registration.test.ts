/**
 * Registration cannot be pre-claimed (issue 14, docs/decisions/080): whoever registers an address
 * first, the link its owner follows sets the owner's password, and every other registration's
 * link and password die with it. Over HTTP on both engines, as the owner and the attacker see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits, type AuthLimits } from '../../server/auth/account-service.ts'
import {
  bearer,
  expectProblem,
  expectTokens,
  mailedToken,
  uniqueEmail,
} from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

/** The defaults, except the per-IP registration and reset limits: every test here is one IP. */
const limits: AuthLimits = { ...defaultAuthLimits, registrationsPerIp: 1000, resetsPerIp: 1000 }

const ownerPassword = 'owner-chose-this-7'
const attackerPassword = 'attacker-holds-this-9'

describe.each(engines)('a registration nobody can pre-claim, on %s', (engine) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(engine, { limits })
  })
  afterAll(async () => {
    await server.stop()
  })

  const register = async (email: string, password: string) => {
    const answer = await server.api('POST', '/api/auth/register', { email, password })
    expect(answer.status, answer.text).toBe(202)
  }
  /** The link the last registration of `email` mailed (the mailbox is newest first). */
  const newestLink = async (email: string) => {
    const token = await mailedToken(server, email, 'verify-email')
    expect(token).toBeDefined()
    return token ?? ''
  }
  const verifyEmail = (token: string) =>
    server.api('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`)
  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { email, password })

  it("issue 14's hijack sequence: the owner who registers after the attacker gets the account", async () => {
    const victim = uniqueEmail('victim')
    await register(victim, attackerPassword)
    await register(victim.toUpperCase(), ownerPassword)
    expect((await verifyEmail(await newestLink(victim))).status).toBe(200)

    // Before decision 080 this was the other way round: victim 401, attacker 200 (a session).
    const owner = expectTokens(await login(victim, ownerPassword))
    expectProblem(await login(victim, attackerPassword), 401, 'INVALID_CREDENTIALS')
    const profile = await server.api(
      'GET',
      '/api/users/profile',
      undefined,
      bearer(owner.accessToken),
    )
    expect(profile.status).toBe(200)
  })

  it("the attacker registered first: the owner's own link sets the owner's password and ends the attacker's", async () => {
    const email = uniqueEmail('first-attacker')
    await register(email, attackerPassword)
    const attackerLink = await newestLink(email)
    await register(email, ownerPassword)
    const ownerLink = await newestLink(email)
    expect(ownerLink).not.toBe(attackerLink)

    expect((await verifyEmail(ownerLink)).status).toBe(200)
    expectTokens(await login(email, ownerPassword))
    expectProblem(await login(email, attackerPassword), 401, 'INVALID_CREDENTIALS')
    expectProblem(await verifyEmail(attackerLink), 400, 'INVALID_TOKEN')
    expectProblem(await login(email, attackerPassword), 401, 'INVALID_CREDENTIALS')
  })

  it("the attacker registered after the owner: the owner's first link still works, and the attacker's then answers INVALID_TOKEN", async () => {
    const email = uniqueEmail('first-owner')
    await register(email, ownerPassword)
    const ownerLink = await newestLink(email)
    await register(email, attackerPassword)
    const attackerLink = await newestLink(email)
    expect(attackerLink).not.toBe(ownerLink)

    expect((await verifyEmail(ownerLink)).status).toBe(200)
    expectTokens(await login(email, ownerPassword))
    expectProblem(await login(email, attackerPassword), 401, 'INVALID_CREDENTIALS')
    expectProblem(await verifyEmail(attackerLink), 400, 'INVALID_TOKEN')
    expectTokens(await login(email, ownerPassword))
  })

  it('answers EMAIL_NOT_VERIFIED to the password of any pending registration, 401 to any other', async () => {
    const email = uniqueEmail('pending')
    await register(email, attackerPassword)
    await register(email, ownerPassword)
    expectProblem(await login(email, attackerPassword), 403, 'EMAIL_NOT_VERIFIED')
    expectProblem(await login(email, ownerPassword), 403, 'EMAIL_NOT_VERIFIED')
    expectProblem(await login(email, 'neither-of-these-2'), 401, 'INVALID_CREDENTIALS')
  })

  it('two links of one account followed at once: one confirms, the other is already ended', async () => {
    const email = uniqueEmail('race')
    await register(email, attackerPassword)
    const attackerLink = await newestLink(email)
    await register(email, ownerPassword)
    const ownerLink = await newestLink(email)

    const [owner, attacker] = await Promise.all([verifyEmail(ownerLink), verifyEmail(attackerLink)])
    expect([owner.status, attacker.status].sort()).toEqual([200, 400])
    // Exactly the password of the link that won works.
    const winner = owner.status === 200 ? ownerPassword : attackerPassword
    const loser = owner.status === 200 ? attackerPassword : ownerPassword
    expectTokens(await login(email, winner))
    expectProblem(await login(email, loser), 401, 'INVALID_CREDENTIALS')
  })

  it("a reset before confirming ends the pending links: the attacker's link cannot set its password later", async () => {
    const email = uniqueEmail('reset-first')
    await register(email, attackerPassword)
    const attackerLink = await newestLink(email)

    // The owner never registered; they ask for a reset, which confirms the address.
    await server.api('POST', '/api/auth/reset-password', { email })
    const resetToken = (await mailedToken(server, email, 'set-new-password')) ?? ''
    const changed = await server.api('POST', '/api/auth/forgot-password/new-password', {
      token: resetToken,
      newPassword: ownerPassword,
    })
    expect(changed.status, changed.text).toBe(200)

    expectProblem(await verifyEmail(attackerLink), 400, 'INVALID_TOKEN')
    expectTokens(await login(email, ownerPassword))
    expectProblem(await login(email, attackerPassword), 401, 'INVALID_CREDENTIALS')
  })
})
