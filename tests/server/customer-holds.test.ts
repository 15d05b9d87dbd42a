/**
 * Compliance holds on a customer (issue 29, docs/product/staff.md#customer-holds), on both
 * engines: a hold stops new quote requests and payment sessions with a neutral message that never
 * carries the reason; lifting it needs a reason and lets the customer go on; only compliance may
 * place or lift one; one active hold at a time; every change is in the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { bearer, expectProblem, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import { requestBody } from './support/requests.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']

const REASON = 'Sanctions screening: possible match on list entry 4471'
const LIFT = 'Screening cleared by the second reviewer'
const NEUTRAL = 'We cannot take this request right now. Please contact support.'

describe.each(engines)('customer holds on %s', (engine) => {
  let server: TestServer
  let compliance: StaffMember
  let manager: StaffMember
  let support: StaffMember
  let auditor: StaffMember
  beforeAll(async () => {
    server = await startTestServer(engine)
    ;[compliance, manager, support, auditor] = [
      await staffOn(server, ['compliance']),
      await staffOn(server, ['manager']),
      await staffOn(server, ['support']),
      await staffOn(server, ['auditor']),
    ]
  })
  afterAll(() => server.stop())

  async function customer() {
    const c = await verifiedUser(server)
    return {
      ...c,
      auth: bearer(c.tokens.accessToken),
      id: String(claimsOf(c.tokens.accessToken).sub),
    }
  }
  const place = (who: StaffMember, id: string, body: unknown) =>
    server.api('POST', `/api/ops/customers/${id}/hold`, body, who.auth)
  const lift = (who: StaffMember, id: string, body: unknown) =>
    server.api('POST', `/api/ops/customers/${id}/hold/lifting`, body, who.auth)
  const quote = (auth: Record<string, string>, email: string) =>
    server.api('POST', '/api/exchange-request', requestBody(email), auth)
  const pay = (auth: Record<string, string>) =>
    server.api('POST', '/api/paybis/createRequest', undefined, auth)

  it('stops quote requests and payment sessions with a neutral message until lifted', async () => {
    const c = await customer()
    const placed = await place(compliance, c.id, { reason: REASON })
    expect(placed.status, placed.text).toBe(201)
    expect(placed.body).toMatchObject({
      customerId: c.id,
      active: true,
      reason: REASON,
      placedBy: { id: compliance.id, email: compliance.email },
      liftedBy: null,
      liftedAt: null,
      liftReason: null,
    })

    for (const refused of [await quote(c.auth, c.email), await pay(c.auth)]) {
      const problem = expectProblem(refused, 403, 'ACCOUNT_ON_HOLD')
      expect(problem.detail).toBe(NEUTRAL)
      expect(refused.text).not.toContain('Sanctions')
      expect(refused.text).not.toContain('4471')
    }
    // Nothing was stored for the refused quote request.
    const mine = await server.api('GET', '/api/exchange-request', undefined, c.auth)
    expect(JSON.stringify(mine.body)).not.toContain('"id"')
    // The customer's other pages never carry the hold either.
    for (const path of ['/api/users/profile', '/api/sumsub/kyc-status', '/api/exchange-request']) {
      const r = await server.api('GET', path, undefined, c.auth)
      expect(r.status, r.text).toBe(200)
      expect(r.text).not.toContain('4471')
      expect(r.text.toLowerCase()).not.toContain('hold')
    }

    // One active hold at a time.
    expectProblem(await place(compliance, c.id, { reason: 'again' }), 409, 'CUSTOMER_STATE')

    // Lifting needs a reason.
    expectProblem(await lift(compliance, c.id, {}), 400, 'VALIDATION_ERROR')
    expectProblem(await lift(compliance, c.id, { reason: '  ' }), 400, 'VALIDATION_ERROR')
    const lifted = await lift(compliance, c.id, { reason: LIFT })
    expect(lifted.status, lifted.text).toBe(200)
    expect(lifted.body).toMatchObject({
      id: (placed.body as Schemas['CustomerHold']).id,
      active: false,
      liftedBy: { id: compliance.id, email: compliance.email },
      liftReason: LIFT,
    })
    expect((await quote(c.auth, c.email)).status).toBe(201)
    expect((await pay(c.auth)).status).toBe(200)
    expectProblem(await lift(compliance, c.id, { reason: LIFT }), 409, 'CUSTOMER_STATE')

    // Both changes are in the trail, with their reasons, by who made them.
    const r = await server.api(
      'GET',
      `/api/ops/audit?customer=${c.id}&action=customer.&limit=50`,
      undefined,
      auditor.auth,
    )
    expect(r.status, r.text).toBe(200)
    const entries = (r.body as Schemas['AuditPage']).entries.filter((e) =>
      e.action.startsWith('customer.hold'),
    )
    expect(entries.map((e) => [e.action, e.actorId, e.reason]).reverse()).toEqual([
      ['customer.hold-placed', compliance.id, REASON],
      ['customer.hold-lifted', compliance.id, LIFT],
    ])
    // And a hold may be placed again afterwards.
    expect((await place(compliance, c.id, { reason: REASON })).status).toBe(201)
  })

  it('lets only compliance place or lift a hold', async () => {
    const c = await customer()
    for (const who of [support, manager]) {
      expectProblem(await place(who, c.id, { reason: REASON }), 403, 'PERMISSION_DENIED')
      expectProblem(await lift(who, c.id, { reason: LIFT }), 403, 'PERMISSION_DENIED')
    }
    // The customer is not on hold: the refusals changed nothing.
    expect((await quote(c.auth, c.email)).status).toBe(201)
    // A customer cannot call the desk's operations at all.
    expectProblem(
      await server.api('POST', `/api/ops/customers/${c.id}/hold`, { reason: REASON }, c.auth),
      403,
      'PERMISSION_DENIED',
    )
    expectProblem(
      await place(compliance, '00000000-0000-4000-8000-000000000000', { reason: REASON }),
      404,
    )
    expectProblem(await place(compliance, c.id, { reason: '' }), 400, 'VALIDATION_ERROR')
  })

  it('keeps one active hold when two are placed at once', async () => {
    const c = await customer()
    const both = await Promise.all([
      place(compliance, c.id, { reason: REASON }),
      place(compliance, c.id, { reason: REASON }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    const [row] = await server.running.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM customer_holds WHERE customer_id = $1',
      [c.id],
    )
    expect(row?.n).toBe('1')
  })
})
