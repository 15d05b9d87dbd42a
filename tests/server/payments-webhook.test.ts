/**
 * Card payments recorded (docs/product/payments.md) on both engines: the Paybis sandbox's widget
 * sends the provisional transaction-status webhook, signed with its key, and the payment reaches
 * the customer's list with the exact figures; what an attacker or a confused network sends —
 * no or a wrong signature, a replay, a duplicate, a transaction for a request we never made, an
 * old status after a new one, a completed payment moving back — changes nothing and never
 * answers a 5xx; another customer's payments stay out of sight.
 */
import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { sandboxWebhookPrivateKeyPem } from '../../server/providers/paybis/sandbox-webhook-key.ts'
import { paybisSignature } from '../../server/providers/paybis/signing.ts'
import { bearer, expectProblem, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import {
  RawBody,
  startTestServer,
  type ApiResponse,
  type TestServer,
} from './support/test-server.ts'

type Payment = components['schemas']['Payment']

describe.each(engines)('payments recorded on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(async () => {
    await server.stop()
  })

  const widgetCall = async (action: string, body: unknown) => {
    const response = await fetch(`${server.url}/sandbox/paybis/widget/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** A customer with one widget session; answers its request id and partnerUserId. */
  async function customerWithSession() {
    const user = await verifiedUser(server)
    const auth = bearer(user.tokens.accessToken)
    const created = await server.api('POST', '/api/paybis/createRequest', undefined, auth)
    expect(created.status, created.text).toBe(200)
    const { requestId } = created.body as { requestId: string }
    const [row] = await server.running.db.query<{ partner_user_id: string }>(
      'SELECT c.partner_user_id FROM paybis_requests r JOIN paybis_customers c USING (user_id) WHERE r.request_id = $1',
      [requestId],
    )
    return { ...user, auth, requestId, partnerUserId: row?.partner_user_id ?? '' }
  }

  const payments = async (auth: Record<string, string>) => {
    const answer = await server.api('GET', '/api/payments', undefined, auth)
    expect(answer.status, answer.text).toBe(200)
    return (answer.body as { items: Payment[] }).items
  }

  let sequence = 0
  /** A transaction-status webhook body as the sandbox (and, provisionally, Paybis) sends it. */
  function webhookBody(
    session: { requestId: string; partnerUserId: string },
    status: string,
    options: { transactionId?: string; timestamp?: number; amount?: string } = {},
  ): string {
    sequence += 1
    return JSON.stringify({
      event: 'TRANSACTION_STATUS_UPDATED',
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) + sequence,
      data: {
        id: options.transactionId ?? `PB-${session.requestId.slice(0, 8)}`,
        requestId: session.requestId,
        partnerUserId: session.partnerUserId,
        gateway: 'fiat_to_crypto',
        status,
        createdAt: '2026-11-27T10:15:30Z',
        amounts: {
          spentOriginal: { amount: options.amount ?? '100.10', currency: 'EUR' },
          receivedOriginal: { amount: '0.00162163', currency: 'BTC' },
        },
      },
    })
  }

  const deliver = (
    raw: string,
    signature: string | null = paybisSignature(sandboxWebhookPrivateKeyPem, raw),
  ): Promise<ApiResponse> =>
    server.api(
      'POST',
      '/api/paybis/webhook',
      new RawBody(raw, 'application/json'),
      signature === null ? {} : { 'x-request-signature': signature },
    )

  const stored = (requestId: string) =>
    server.running.db.query<{ status: string; provider_status: string; spent_amount: string }>(
      'SELECT status, provider_status, spent_amount::text AS spent_amount FROM payments WHERE request_id = $1',
      [requestId],
    )

  const deliveries = async () =>
    Number(
      (
        await server.running.db.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM paybis_webhook_deliveries',
        )
      )[0]?.n,
    )

  it('shows a payment made in the sandbox widget to its customer, with the exact figures', async () => {
    const session = await customerWithSession()
    expect(await payments(session.auth)).toEqual([])
    const paid = await widgetCall('pay', {
      requestId: session.requestId,
      amount: '150.05',
      currencyFrom: 'EUR',
      currencyTo: 'BTC',
    })
    // The webhook went through our whole HTTP pipeline and was stored before the answer.
    expect(paid).toMatchObject({ status: 200, body: { webhookStatus: 200 } })
    let [payment] = await payments(session.auth)
    expect(payment).toMatchObject({
      status: 'processing',
      spent: { amount: '150.05', currency: 'EUR' },
      received: { amount: '0.00243081', currency: 'BTC' },
    })
    const done = await widgetCall('confirm', { requestId: session.requestId, outcome: 'completed' })
    expect(done).toMatchObject({ status: 200, body: { webhookStatus: 200 } })
    ;[payment] = await payments(session.auth)
    expect(payment?.status).toBe('completed')
    expect(payment?.spent).toEqual({ amount: '150.05', currency: 'EUR' })
    expect(payment).not.toHaveProperty('requestId')

    // A declined one is failed for people.
    const other = await customerWithSession()
    await widgetCall('pay', {
      requestId: other.requestId,
      amount: '20',
      currencyFrom: 'GBP',
      currencyTo: 'ETH',
    })
    await widgetCall('confirm', { requestId: other.requestId, outcome: 'rejected' })
    expect(await payments(other.auth)).toMatchObject([
      { status: 'failed', spent: { amount: '20', currency: 'GBP' } },
    ])
    // Neither sees the other's payment.
    expect((await payments(session.auth)).map((p) => p.id)).toEqual([payment?.id])
    expectProblem(await server.api('GET', '/api/payments'), 401, 'INVALID_TOKEN')
  })

  it('refuses a delivery with no, a wrong or a foreign signature, and nothing changes', async () => {
    const session = await customerWithSession()
    const raw = webhookBody(session, 'completed')
    const before = await deliveries()
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    for (const answer of [
      await deliver(raw, null),
      await deliver(raw, 'bm90IGEgc2lnbmF0dXJl'),
      await deliver(raw, paybisSignature(foreign, raw)),
      // Signed, then changed on the way: a bigger amount.
      await deliver(
        raw.replace('100.10', '900.10'),
        paybisSignature(sandboxWebhookPrivateKeyPem, raw),
      ),
    ])
      expectProblem(answer, 401)
    expect(await stored(session.requestId)).toEqual([])
    expect(await deliveries()).toBe(before)
    expect(await payments(session.auth)).toEqual([])
  })

  it('acknowledges a replay, a duplicate and an unknown request, and applies each delivery once', async () => {
    const session = await customerWithSession()
    const created = webhookBody(session, 'created')
    const completed = webhookBody(session, 'completed')
    // The same delivery twice at once: both acknowledged, one applied.
    const twice = await Promise.all([deliver(created), deliver(created)])
    expect(twice.map((a) => a.status)).toEqual([200, 200])
    expect((await deliver(completed)).status).toBe(200)
    // A replay of the earlier delivery (signature and all) changes nothing.
    expect((await deliver(created)).status).toBe(200)
    expect(await stored(session.requestId)).toEqual([
      { status: 'completed', provider_status: 'completed', spent_amount: '100.10' },
    ])
    const outcomes = await server.running.db.query<{ outcome: string }>(
      'SELECT outcome FROM paybis_webhook_deliveries WHERE request_id = $1 ORDER BY received_at',
      [session.requestId],
    )
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'applied'])

    // A transaction for a widget request this server never made, or for another customer.
    const before = await deliveries()
    const unknown = { requestId: 'f0000000-0000-4000-8000-000000000000', partnerUserId: 'x' }
    expect((await deliver(webhookBody(unknown, 'completed'))).status).toBe(200)
    const stranger = await customerWithSession()
    expect(
      (
        await deliver(
          webhookBody({ ...stranger, partnerUserId: session.partnerUserId }, 'completed'),
        )
      ).status,
    ).toBe(200)
    expect(await stored(unknown.requestId)).toEqual([])
    expect(await stored(stranger.requestId)).toEqual([])
    expect(await deliveries()).toBe(before + 2)
  })

  it('never moves a final status back, whatever order the deliveries come in', async () => {
    const session = await customerWithSession()
    const at = Math.floor(Date.now() / 1000)
    // Out of order: the outcome first, the older "created" after it.
    expect((await deliver(webhookBody(session, 'completed', { timestamp: at + 60 }))).status).toBe(
      200,
    )
    expect((await deliver(webhookBody(session, 'created', { timestamp: at }))).status).toBe(200)
    // A later event that would undo a completed payment.
    expect((await deliver(webhookBody(session, 'rejected', { timestamp: at + 120 }))).status).toBe(
      200,
    )
    expect(await stored(session.requestId)).toEqual([
      { status: 'completed', provider_status: 'completed', spent_amount: '100.10' },
    ])
    expect(await payments(session.auth)).toMatchObject([{ status: 'completed' }])
    // Refunded is the one step after completed.
    expect((await deliver(webhookBody(session, 'refunded', { timestamp: at + 180 }))).status).toBe(
      200,
    )
    expect(await payments(session.auth)).toMatchObject([{ status: 'refunded' }])
    // Another transaction id for the same widget request is not this payment's.
    expect(
      (await deliver(webhookBody(session, 'created', { transactionId: 'PB-OTHER' }))).status,
    ).toBe(200)
    expect(await payments(session.auth)).toMatchObject([{ status: 'refunded' }])
  })

  it('answers 400 naming the field for a signed transaction event without its ids', async () => {
    const before = await deliveries()
    for (const [data, field] of [
      [{ requestId: 'r-1', status: 'completed' }, '/data/id'],
      [{ id: 't-1', status: 'completed' }, '/data/requestId'],
      [{ id: 't-1', requestId: 'r-1' }, '/data/status'],
    ] as const) {
      const raw = JSON.stringify({ event: 'TRANSACTION_STATUS_UPDATED', timestamp: 1, data })
      const answer = expectProblem(await deliver(raw), 400)
      expect(answer.errors?.map((e) => e.field)).toEqual([field])
    }
    // Another event type is acknowledged and ignored.
    const verification = JSON.stringify({
      event: 'VERIFICATION_STATUS_UPDATED',
      timestamp: 1653593988,
      data: { partnerUserId: 'p', status: 'started', residenceCountry: null },
    })
    expect((await deliver(verification)).status).toBe(200)
    expect(await deliveries()).toBe(before + 1)
  })
  it('recovers lost webhooks with the reconciliation job, run by the server clock', async () => {
    const session = await customerWithSession()
    // The sandbox loses both deliveries of this payment on the way.
    const drop = await fetch(`${server.url}/sandbox/paybis/webhooks/drop-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    })
    expect(drop.status).toBe(200)
    const paid = await widgetCall('pay', {
      requestId: session.requestId,
      amount: '75.30',
      currencyFrom: 'EUR',
      currencyTo: 'BTC',
    })
    expect(paid.body.webhookStatus).toBe('dropped')
    const done = await widgetCall('confirm', { requestId: session.requestId, outcome: 'completed' })
    expect(done.body.webhookStatus).toBe('dropped')
    expect(await payments(session.auth)).toEqual([])

    // The job is due every 5 minutes by the server's clock; it is not run before that.
    const [job] = await server.running.db.query<{ run_at: Date; state: string }>(
      "SELECT run_at, state FROM jobs WHERE kind = 'payments.reconcile'",
    )
    expect(job?.state).toBe('queued')
    const dueInMs = new Date(job?.run_at ?? 0).getTime() - (Date.now() + server.clock.offsetMs)
    expect(dueInMs).toBeGreaterThan(60_000)
    server.clock.offsetMs += dueInMs + 1_000
    try {
      const deadline = Date.now() + 15_000
      let items = await payments(session.auth)
      while (items[0]?.status !== 'completed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100))
        items = await payments(session.auth)
      }
      expect(items).toMatchObject([
        {
          status: 'completed',
          spent: { amount: '75.30', currency: 'EUR' },
          received: { amount: '0.00121986', currency: 'BTC' },
        },
      ])
      const [row] = await server.running.db.query<{ updated_by: string }>(
        'SELECT updated_by FROM payments WHERE request_id = $1',
        [session.requestId],
      )
      expect(row?.updated_by).toBe('reconciliation')
    } finally {
      server.clock.offsetMs = 0
    }
  })
})
