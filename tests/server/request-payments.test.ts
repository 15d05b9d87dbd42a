/**
 * A card payment for an exchange request (docs/product/payments.md#paying-for-a-request), on both
 * engines: createPaybisRequest with the request's id opens a widget session only for the caller's
 * own request waiting for payment, checked before Paybis is asked; the payment the sandbox's
 * webhook then records shows on the request for its customer (their shape, no Paybis ids) and on
 * the desk (with them). Without a body, or with `{}`, nothing changes from before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { offerFigures } from '../../domain/offer.ts'
import { bearer, expectProblem, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { submitRequest } from './support/requests.ts'
import { claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']
type Desk = Schemas['DeskRequestDetails']
type Mine = Schemas['CustomerRequestDetails']
type Session = Schemas['PaybisRequest']

describe.each(engines)('payments for a request on %s', (engine) => {
  let server: TestServer
  let manager: StaffMember
  let compliance: StaffMember
  beforeAll(async () => {
    server = await startTestServer(engine)
    manager = await staffOn(server, ['manager'])
    compliance = await staffOn(server, ['compliance'])
  })
  afterAll(() => server.stop())

  async function customerWithRequest() {
    const customer = await verifiedUser(server)
    const auth = bearer(customer.tokens.accessToken)
    const id = await submitRequest(server, auth, customer.email)
    return {
      ...customer,
      auth,
      userId: String(claimsOf(customer.tokens.accessToken).sub),
      id,
    }
  }

  const desk = async (id: string) => {
    const r = await server.api('GET', `/api/ops/requests/${id}`, undefined, manager.auth)
    expect(r.status, r.text).toBe(200)
    return r.body as Desk
  }
  const mine = async (id: string, auth: Record<string, string>) => {
    const r = await server.api('GET', `/api/exchange-request/${id}`, undefined, auth)
    expect(r.status, r.text).toBe(200)
    return r.body as Mine
  }
  const act = async (id: string, path: string, body: Record<string, unknown>) => {
    const r = await server.api('POST', `/api/ops/requests/${id}/${path}`, body, manager.auth)
    expect(r.status, r.text).toBe(200)
    return r.body as Desk
  }

  /** Assigned, reviewed and offered by the desk; the customer sees 'Offer ready'. */
  async function offered(id: string) {
    let d = await act(id, 'assignment', { version: 1, assigneeId: manager.id })
    d = await act(id, 'review', { version: d.summary.version })
    const rate = '61087.80'
    const amountPaid = '1000.00'
    const { amountReceived, fee } = offerFigures({ from: 'EUR', to: 'BTC', rate, amountPaid })
    const validUntil = new Date(Date.now() + server.clock.offsetMs + 3600_000).toISOString()
    d = await act(id, 'offer', {
      version: d.summary.version,
      rate,
      amountPaid,
      amountReceived,
      fee,
      validUntil,
    })
    expect(d.summary.state).toBe('offer_sent')
  }

  /** A request whose offer the customer accepted: internal awaiting_payment. */
  async function awaitingPayment() {
    const customer = await customerWithRequest()
    await offered(customer.id)
    const seen = await mine(customer.id, customer.auth)
    const accepted = await server.api(
      'POST',
      `/api/exchange-request/${customer.id}/offer/acceptance`,
      { version: seen.version },
      customer.auth,
    )
    expect(accepted.status, accepted.text).toBe(200)
    expect((accepted.body as Mine).request.status).toBe('awaiting_payment')
    return customer
  }

  const createSession = (auth: Record<string, string>, body?: unknown) =>
    server.api('POST', '/api/paybis/createRequest', body, auth)

  const sessionsOf = (userId: string) =>
    server.running.db.query<{ request_id: string; exchange_request_id: string | null }>(
      'SELECT request_id, exchange_request_id FROM paybis_requests WHERE user_id = $1',
      [userId],
    )

  const widgetCall = async (action: string, body: unknown) => {
    const response = await fetch(`${server.url}/sandbox/paybis/widget/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('refuses another customer’s or an unknown request with 404, asking Paybis nothing', async () => {
    const owner = await awaitingPayment()
    const stranger = await customerWithRequest()
    for (const id of [owner.id, 'f0000000-0000-4000-8000-000000000000']) {
      const refused = await createSession(stranger.auth, { exchangeRequestId: id })
      expect(expectProblem(refused, 404).detail).toBe('No such request')
      // Nothing about the owner's request leaks into the answer.
      expect(refused.text).not.toContain(owner.id)
    }
    expect(await sessionsOf(stranger.userId)).toEqual([])
    expect(await sessionsOf(owner.userId)).toEqual([])
  })

  it('refuses a request that is not waiting for payment with 409 REQUEST_STATE', async () => {
    const customer = await customerWithRequest()
    const submitted = await createSession(customer.auth, { exchangeRequestId: customer.id })
    expect(expectProblem(submitted, 409, 'REQUEST_STATE').detail).toBe(
      'The request is Submitted; it can be paid only while it is Waiting for payment',
    )
    await offered(customer.id)
    const offerReady = await createSession(customer.auth, { exchangeRequestId: customer.id })
    // The customer's status, never the internal state (offer_sent).
    expect(expectProblem(offerReady, 409, 'REQUEST_STATE').detail).toBe(
      'The request is Offer ready; it can be paid only while it is Waiting for payment',
    )
    expect(offerReady.text).not.toContain('offer_sent')

    // Completed by the desk: no longer payable either.
    const paid = await awaitingPayment()
    const d = await desk(paid.id)
    await act(paid.id, 'completion', { version: d.summary.version })
    expectProblem(
      await createSession(paid.auth, { exchangeRequestId: paid.id }),
      409,
      'REQUEST_STATE',
    )
    expect(await sessionsOf(customer.userId)).toEqual([])
    expect(await sessionsOf(paid.userId)).toEqual([])
  })

  it('keeps the hold check first, and refuses a body the contract does not take', async () => {
    const customer = await awaitingPayment()
    const placed = await server.api(
      'POST',
      `/api/ops/customers/${customer.userId}/hold`,
      { reason: 'Source of funds unclear' },
      compliance.auth,
    )
    expect(placed.status, placed.text).toBe(201)
    expectProblem(
      await createSession(customer.auth, { exchangeRequestId: customer.id }),
      403,
      'ACCOUNT_ON_HOLD',
    )
    // Even for someone else's request: the hold answers before anything is looked up.
    const other = await awaitingPayment()
    expectProblem(
      await createSession(customer.auth, { exchangeRequestId: other.id }),
      403,
      'ACCOUNT_ON_HOLD',
    )
    expect(await sessionsOf(customer.userId)).toEqual([])

    for (const body of [
      { exchangeRequestId: 'not-a-uuid' },
      { exchangeRequestId: other.id, amount: '100' },
      { exchangeRequestId: 42 },
    ])
      expectProblem(await createSession(other.auth, body), 400, 'VALIDATION_ERROR')
    expect(await sessionsOf(other.userId)).toEqual([])
  })

  it('opens a session for no request without a body or with {}, as before', async () => {
    const customer = await customerWithRequest()
    for (const body of [undefined, {}]) {
      const created = await createSession(customer.auth, body)
      expect(created.status, created.text).toBe(200)
      expect((created.body as Session).requestId).toMatch(/^[0-9a-f-]{36}$/)
    }
    const sessions = await sessionsOf(customer.userId)
    expect(sessions).toHaveLength(2)
    expect(sessions.map((s) => s.exchange_request_id)).toEqual([null, null])
    expect((await mine(customer.id, customer.auth)).payments).toEqual([])
  })

  it('puts the payment the webhook records on the request, for the customer and the desk', async () => {
    const customer = await awaitingPayment()
    expect((await mine(customer.id, customer.auth)).payments).toEqual([])
    expect((await desk(customer.id)).payments).toEqual([])

    const created = await createSession(customer.auth, { exchangeRequestId: customer.id })
    expect(created.status, created.text).toBe(200)
    const session = created.body as Session
    expect(await sessionsOf(customer.userId)).toEqual([
      { request_id: session.requestId, exchange_request_id: customer.id },
    ])
    // A second session for the same request is allowed (one widget request per transaction).
    const another = await createSession(customer.auth, { exchangeRequestId: customer.id })
    expect(another.status, another.text).toBe(200)

    // The sandbox widget pays and confirms; its webhooks go through the whole HTTP pipeline.
    const paid = await widgetCall('pay', {
      requestId: session.requestId,
      amount: '1000.00',
      currencyFrom: 'EUR',
      currencyTo: 'BTC',
    })
    expect(paid).toMatchObject({ status: 200, body: { webhookStatus: 200 } })
    const done = await widgetCall('confirm', { requestId: session.requestId, outcome: 'completed' })
    expect(done).toMatchObject({ status: 200, body: { webhookStatus: 200 } })

    const seen = await mine(customer.id, customer.auth)
    expect(seen.payments).toHaveLength(1)
    const [payment] = seen.payments
    expect(payment).toMatchObject({
      status: 'completed',
      spent: { amount: '1000.00', currency: 'EUR' },
      requestId: customer.id,
    })
    // The customer's shape: nothing of Paybis's.
    expect(Object.keys(payment ?? {}).sort()).toEqual(
      ['createdAt', 'id', 'received', 'requestId', 'spent', 'status', 'updatedAt'].sort(),
    )
    const customerText = JSON.stringify(seen)
    expect(customerText).not.toContain(session.requestId)
    expect(customerText).not.toContain('paybis')

    const d = await desk(customer.id)
    expect(d.payments).toEqual([
      {
        payment,
        paybisRequestId: session.requestId,
        paybisTransactionId: expect.any(String) as string,
        paybisStatus: 'completed',
        paybisCreatedAt: expect.any(String) as string,
        paybisEventAt: expect.any(String) as string,
        updatedBy: 'webhook',
      },
    ])
    // The customer's own list links it to the request too.
    const list = await server.api('GET', '/api/payments', undefined, customer.auth)
    expect((list.body as Schemas['PaymentList']).items).toEqual([payment])
    // Another customer's request shows none of it.
    const stranger = await awaitingPayment()
    expect((await mine(stranger.id, stranger.auth)).payments).toEqual([])
    expect((await desk(stranger.id)).payments).toEqual([])
  })
})
