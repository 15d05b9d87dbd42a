/**
 * The customer as the desk sees them (docs/product/staff.md#the-customer-page), on both engines:
 * found by address, name or id; their page with every section; each view one read of personal
 * data in the audit trail; internal notes written by those allowed and never shown to the
 * customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { bearer, expectProblem, uniqueEmail, verifiedUser } from './support/accounts.ts'
import { storePayment, storeSumsubEvent } from './support/customer-records.ts'
import { engines } from './support/databases.ts'
import { claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']
type Page = Schemas['CustomerPage']

describe.each(engines)('the desk’s customer page on %s', (engine) => {
  let server: TestServer
  let support: StaffMember
  let compliance: StaffMember
  let auditor: StaffMember
  beforeAll(async () => {
    server = await startTestServer(engine)
    ;[support, compliance, auditor] = [
      await staffOn(server, ['support']),
      await staffOn(server, ['compliance']),
      await staffOn(server, ['auditor']),
    ]
  })
  afterAll(() => server.stop())

  const get = (path: string, who: StaffMember) => server.api('GET', path, undefined, who.auth)
  const trail = async (query: string) => {
    const page = await get(`/api/ops/audit?${query}`, auditor)
    expect(page.status, page.text).toBe(200)
    return (page.body as Schemas['AuditPage']).entries
  }

  async function namedCustomer(firstName: string, lastName: string) {
    const customer = await verifiedUser(server, uniqueEmail('page'))
    const auth = bearer(customer.tokens.accessToken)
    const id = String(claimsOf(customer.tokens.accessToken).sub)
    const put = await server.api(
      'PUT',
      '/api/users/profile',
      { firstName, lastName, phone: '+48 600 100 200', country: 'PL' },
      auth,
    )
    expect(put.status, put.text).toBe(200)
    return { ...customer, auth, id }
  }
  const found = async (q: string, who: StaffMember = support) => {
    const r = await get(`/api/ops/customers?q=${encodeURIComponent(q)}`, who)
    expect(r.status, r.text).toBe(200)
    return (r.body as Schemas['CustomerList']).customers.map((c) => c.id)
  }

  it('finds a customer by part of the address, of the name, or by the whole id', async () => {
    const tag = `Zofia${String(Date.now()).slice(-6)}`
    const zofia = await namedCustomer(tag, 'Wiśniewska')
    const other = await namedCustomer('Jan', 'Nowak')
    expect(await found(zofia.email.slice(0, 12).toUpperCase())).toContain(zofia.id)
    expect(await found(`${tag.toLowerCase()} wiś`)).toEqual([zofia.id])
    expect(await found(zofia.id.toUpperCase())).toEqual([zofia.id])
    // A `%` or `_` is a character like any other, not a wildcard.
    expect(await found('%%%')).toEqual([])
    expect(await found(other.id)).toEqual([other.id])
    // Staff are never found as customers.
    expect(await found(support.email)).toEqual([])
    expectProblem(await get('/api/ops/customers?q=ab', support), 400)
    const searched = await trail(`actor=${support.id}&action=customers.searched`)
    expect(searched.map((e) => e.after)).toContainEqual({
      query: zofia.id.toUpperCase(),
      shown: [zofia.id],
    })
  })

  it('shows every section of the page, and each view is one read in the trail', async () => {
    const anna = await namedCustomer('Anna', 'Kowalska')
    const request = await server.api(
      'POST',
      '/api/exchange-request',
      {
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount: 2500,
        name: 'Anna Kowalska',
        email: anna.email,
        phone: '',
        country: 'PL',
        message: 'Hello',
      },
      anna.auth,
    )
    expect(request.status, request.text).toBe(201)
    const requestId = (request.body as { id: string }).id
    const paymentId = await storePayment(server, anna.id, {
      spent: '100.50',
      spentCurrency: 'EUR',
      received: '0.001234567890123456',
      receivedCurrency: 'BTC',
    })
    const happenedAt = new Date('2026-11-27T09:00:00.123Z')
    await storeSumsubEvent(server, anna.id, {
      type: 'applicantReviewed',
      status: 'completed',
      answer: 'GREEN',
      happenedAt,
    })
    // A hold as compliance places it (its own suite tests placing it).
    await server.running.db.query(
      `INSERT INTO customer_holds (customer_id, reason, placed_by, placed_at) VALUES ($1, $2, $3, $4)`,
      [anna.id, 'Source of funds unclear', compliance.id, new Date()],
    )
    const noted = await server.api(
      'POST',
      `/api/ops/customers/${anna.id}/notes`,
      { text: '  Called about the transfer; prefers e-mail  ' },
      support.auth,
    )
    expect(noted.status, noted.text).toBe(201)
    expect(noted.body).toMatchObject({
      text: 'Called about the transfer; prefers e-mail',
      authorEmail: support.email,
    })

    const before = (await trail(`customer=${anna.id}&action=customer.viewed`)).length
    const r = await get(`/api/ops/customers/${anna.id}`, support)
    expect(r.status, r.text).toBe(200)
    const page = r.body as Page
    expect(page.customer).toMatchObject({
      id: anna.id,
      email: anna.email,
      firstName: 'Anna',
      lastName: 'Kowalska',
      phone: '+48 600 100 200',
      emailVerified: true,
    })
    expect(page.verification.map((v) => [v.kind, v.reviewStatus])).toEqual([
      ['kyc', null],
      ['kyb', null],
    ])
    expect(page.verificationHistory).toHaveLength(1)
    expect(page.verificationHistory[0]).toMatchObject({
      type: 'applicantReviewed',
      kind: 'KYC',
      reviewAnswer: 'GREEN',
      happenedAt: happenedAt.toISOString(),
    })
    expect(page.requests.map((q) => [q.id, q.state, q.amount])).toEqual([
      [requestId, 'submitted', 2500],
    ])
    expect(page.payments.map((p) => [p.payment.id, p.payment.spent, p.payment.received])).toEqual([
      [
        paymentId,
        { amount: '100.50', currency: 'EUR' },
        { amount: '0.001234567890123456', currency: 'BTC' },
      ],
    ])
    expect(page.sessions).toHaveLength(1)
    expect(Object.keys(page.sessions[0] ?? {}).sort()).toEqual([
      'createdAt',
      'device',
      'id',
      'lastUsedAt',
    ])
    expect(page.notes.map((n) => n.text)).toEqual(['Called about the transfer; prefers e-mail'])
    expect(page.holds.map((h) => h.reason)).toEqual(['Source of funds unclear'])
    expect(Array.isArray(page.verificationRequests)).toBe(true)

    // One view, one read: nothing the page reads adds an entry of its own.
    const views = await trail(`customer=${anna.id}&action=customer.viewed`)
    expect(views).toHaveLength(before + 1)
    expect(views[0]).toMatchObject({ actorId: support.id, targetId: anna.id, outcome: 'succeeded' })
    const notes = await trail(`customer=${anna.id}&action=customer.noted`)
    expect(notes.map((e) => [e.actorId, e.after?.text])).toEqual([
      [support.id, 'Called about the transfer; prefers e-mail'],
    ])

    // The customer never reads the note, here or in their own copy of their data.
    const mine = await server.api('GET', '/api/users/me/export.json', undefined, anna.auth)
    expect(mine.status, mine.text).toBe(200)
    expect(mine.text).not.toContain('prefers e-mail')
    expect(mine.text).not.toContain('Source of funds unclear')
  })

  it('takes notes only from those allowed, never blank, only on a customer', async () => {
    const customer = await namedCustomer('Ola', 'Lis')
    const note = (who: StaffMember, id: string, text: string) =>
      server.api('POST', `/api/ops/customers/${id}/notes`, { text }, who.auth)
    expectProblem(await note(auditor, customer.id, 'Looks fine'), 403, 'PERMISSION_DENIED')
    expectProblem(await note(compliance, customer.id, '   '), 400)
    // No input reaches the database to fail there: a NUL is refused, naming the field.
    const nul = expectProblem(await note(compliance, customer.id, 'a\u0000b'), 400)
    expect(nul.errors?.map((e) => e.field)).toEqual(['/text'])
    expectProblem(
      await get(`/api/ops/customers?q=${encodeURIComponent('ab\u0000c')}`, compliance),
      400,
    )
    expectProblem(await note(compliance, customer.id, 'x'.repeat(2001)), 400)
    expectProblem(await note(compliance, support.id, 'Staff are not customers'), 404)
    expectProblem(await note(compliance, '00000000-0000-4000-8000-000000000000', 'x'), 404)
    expect((await note(compliance, customer.id, 'Checked ID by video')).status).toBe(201)
    const page = (await get(`/api/ops/customers/${customer.id}`, auditor)).body as Page
    expect(page.notes.map((n) => [n.text, n.authorEmail])).toEqual([
      ['Checked ID by video', compliance.email],
    ])
    expect((await trail(`customer=${customer.id}&action=customer.noted`)).length).toBe(1)
    // The refused note is in the trail as refused, by the auditor.
    const refused = await trail(`actor=${auditor.id}&action=addCustomerNote`)
    expect(refused.map((e) => e.outcome)).toEqual(['denied'])
  })

  it('answers 404 for an unknown customer and for a staff member', async () => {
    expectProblem(
      await get('/api/ops/customers/00000000-0000-4000-8000-000000000000', support),
      404,
    )
    expectProblem(await get(`/api/ops/customers/${support.id}`, support), 404)
    expectProblem(await get('/api/ops/customers/not-a-uuid', support), 400)
  })
})
