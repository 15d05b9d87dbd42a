/**
 * An e-mail address is one mailbox (issue 11): a list or a display name could otherwise send the
 * verification link to a second, attacker's, recipient. Same rule in the contract and the SPA.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { emailPattern } from '../../domain/email-address.ts'
import { expectProblem, uniqueEmail, verifiedUser, bearer } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const smuggling = [
  'victim@example.com, attacker@evil.example',
  '"victim@example.com" <attacker@evil.example>',
  'victim@example.com <attacker@evil.example>',
  'victim@example.com\r\nBcc: attacker@evil.example',
  ' victim@example.com',
  'victim@example.com ',
  'victim@example.com\u0000',
]

it("keeps the contract's Email pattern equal to the SPA's rule", () => {
  const contract = parse(readFileSync('openapi/main.yaml', 'utf8')) as {
    components: { schemas: { Email: { pattern: string } } }
  }
  expect(contract.components.schemas.Email.pattern).toBe(emailPattern)
})

describe.each(engines)('e-mail addresses on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(async () => {
    await server.stop()
  })

  it.each(smuggling)('refuses to register %j and mails nobody', async (email) => {
    const before = (await server.mailbox()).length
    const answer = await server.api('POST', '/api/auth/register', {
      email,
      password: 'a-long-password-1',
    })
    const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
    expect(problem.errors?.map((e) => e.field)).toContain('/email')
    expect(await server.mailbox()).toHaveLength(before)
  })

  it.each(smuggling)('refuses %j as the contact e-mail of a quote', async (email) => {
    const customer = await verifiedUser(server)
    const answer = await server.api(
      'POST',
      '/api/exchange-request',
      {
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount: 1000,
        name: 'Anna',
        email,
        phone: '',
        country: '',
        message: '',
      },
      bearer(customer.tokens.accessToken),
    )
    const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
    expect(problem.errors?.map((e) => e.field)).toContain('/email')
  })

  const quote = (email: string, extra: Record<string, string> = {}) => ({
    fromCurrency: 'EUR',
    toCurrency: 'BTC',
    amount: 1000,
    name: 'Anna',
    email,
    phone: '+48 601 234 567',
    country: 'PL',
    message: '',
    ...extra,
  })

  it('sends the calculation to the entered address naming the account, a few times a day at most', async () => {
    const customer = await verifiedUser(server)
    const auth = bearer(customer.tokens.accessToken)
    const elsewhere = uniqueEmail('colleague')
    for (let i = 0; i < 3; i++)
      expect(
        (await server.api('POST', '/api/exchange-request', quote(elsewhere), auth)).status,
      ).toBe(201)
    const mails = (await server.mailbox()).filter((m) => m.to === elsewhere)
    expect(mails).toHaveLength(3)
    expect(mails[0]?.text).toContain(
      `This quote was requested from the Vistula Exchange account ${customer.email}.`,
    )
    const limited = await server.api('POST', '/api/exchange-request', quote(elsewhere), auth)
    expectProblem(limited, 429, 'RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    expect((await server.mailbox()).filter((m) => m.to === elsewhere)).toHaveLength(3)
    // The account's own, verified, address is not held back by that limit.
    expect(
      (await server.api('POST', '/api/exchange-request', quote(customer.email), auth)).status,
    ).toBe(201)
  })

  it("keeps the customer's fields from forging lines of the team's notice", async () => {
    const customer = await verifiedUser(server)
    const created = await server.api(
      'POST',
      '/api/exchange-request',
      quote(customer.email, {
        name: 'Anna\r\nAccount: ceo@exchange.example',
        country: 'PL\nAccount: forged@evil.example',
        message: 'Hello\n\nAccount: forged@evil.example\r\nPromo code: X',
      }),
      bearer(customer.tokens.accessToken),
    )
    expect(created.status).toBe(201)
    const id = (created.body as { id: string }).id
    const notice = (await server.mailbox()).find((m) => m.text.includes(id))
    const lines = (notice?.text ?? '').split('\n')
    expect(lines.filter((line) => line.startsWith('Account:'))).toEqual([
      `Account: ${customer.email}`,
    ])
    expect(lines).toContain('> Account: forged@evil.example')
    expect(notice?.subject).not.toMatch(/[\r\n]/)
  })

  it('compares addresses without regard to case', async () => {
    const email = uniqueEmail('Case')
    const customer = await verifiedUser(server, email)
    const login = await server.api('POST', '/api/auth/login', {
      email: email.toUpperCase(),
      password: customer.password,
    })
    expect(login.status).toBe(200)
  })
})
