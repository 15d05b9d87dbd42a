/**
 * The request desk on both engines (docs/product/requests.md): a request worked from submission to
 * its end by the desk and the customer over HTTP, as each of them and an attacker would see it —
 * versions that make a stale or simultaneous action fail cleanly, an offer whose figures follow the
 * converter's rules to the digit, four-eyes, an expiry by the server's clock, and a customer who
 * never learns of a hold, a note or a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { offerFigures } from '../../domain/offer.ts'
import { bearer, expectProblem, messagesTo, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { staffOn, type StaffMember } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']
type Desk = Schemas['DeskRequestDetails']
type Mine = Schemas['CustomerRequestDetails']

const HOLD_REASON = 'Sanctions screening hit: name matches list entry 4471'
const NOTE = 'Customer sounded nervous on the phone; check source of funds'
const DECLINE_REASON = 'Risk appetite exceeded for this corridor'
const STEP_NOTE = 'Started after the call with the account manager'
const MARKUP = '<img src=x onerror=alert(1)>\r\nBcc: victim@example.com'

describe.each(engines)('the request desk on %s', (engine) => {
  let server: TestServer
  let manager: StaffMember
  let second: StaffMember
  let compliance: StaffMember
  let support: StaffMember
  beforeAll(async () => {
    server = await startTestServer(engine)
    ;[manager, second, compliance, support] = [
      await staffOn(server, ['manager']),
      await staffOn(server, ['manager']),
      await staffOn(server, ['compliance']),
      await staffOn(server, ['support']),
    ]
  })
  afterAll(() => server.stop())

  async function customerWithRequest(amount = 1000, from = 'EUR', to = 'BTC') {
    const customer = await verifiedUser(server)
    const auth = bearer(customer.tokens.accessToken)
    const created = await server.api(
      'POST',
      '/api/exchange-request',
      {
        fromCurrency: from,
        toCurrency: to,
        amount,
        name: 'Anna <b>Kowalska</b>',
        email: customer.email,
        phone: '',
        country: 'PL',
        message: 'Call me\nPromo code: FIRST1000',
      },
      auth,
    )
    expect(created.status, created.text).toBe(201)
    return { ...customer, auth, id: (created.body as { id: string }).id }
  }
  const desk = async (id: string, who: StaffMember = manager) => {
    const r = await server.api('GET', `/api/ops/requests/${id}`, undefined, who.auth)
    expect(r.status, r.text).toBe(200)
    return r.body as Desk
  }
  const mine = async (id: string, auth: Record<string, string>) => {
    const r = await server.api('GET', `/api/exchange-request/${id}`, undefined, auth)
    expect(r.status, r.text).toBe(200)
    return r.body as Mine
  }
  const act = (who: StaffMember, id: string, path: string, body: Record<string, unknown>) =>
    server.api('POST', `/api/ops/requests/${id}/${path}`, body, who.auth)
  const ok = (response: Awaited<ReturnType<typeof act>>) => {
    expect(response.status, response.text).toBe(200)
    return response.body as Desk
  }
  const offerFor = (rate: string, amountPaid: string, minutes = 60) => ({
    rate,
    ...(({ amountReceived, fee }) => ({ amountReceived, fee }))(
      offerFigures({ from: 'EUR', to: 'BTC', rate, amountPaid }),
    ),
    amountPaid,
    validUntil: new Date(Date.now() + server.clock.offsetMs + minutes * 60_000).toISOString(),
  })
  /** Waits for what the customer would see, as they would by reloading. */
  async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean) {
    const deadline = Date.now() + 15_000
    for (;;) {
      const value = await read()
      if (until(value) || Date.now() > deadline) return value
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  it('works a request from submission to completion, the same figures everywhere', async () => {
    const customer = await customerWithRequest()
    let d = await desk(customer.id)
    expect(d.summary).toMatchObject({ state: 'submitted', version: 1, assignee: null })
    expect(d.promoCode).toBe('FIRST1000')
    expect(d.allowed).toContain('assignRequest')
    expect((await mine(customer.id, customer.auth)).timeline.map((t) => t.status)).toEqual([
      'submitted',
    ])

    d = ok(await act(manager, customer.id, 'assignment', { version: 1, assigneeId: manager.id }))
    expect(d.summary).toMatchObject({ state: 'assigned', version: 2 })
    expect(d.summary.assignee?.email).toBe(manager.email)
    d = ok(await act(manager, customer.id, 'review', { version: 2 }))
    d = ok(await act(manager, customer.id, 'questions', { version: 3, text: 'Which wallet?' }))
    expect(d.summary.state).toBe('awaiting_customer')
    let seen = await mine(customer.id, customer.auth)
    expect(seen.request.status).toBe('action_needed')
    expect(seen.messages.map((m) => [m.from, m.text])).toEqual([['desk', 'Which wallet?']])
    const question = await eventually(
      () => messagesTo(server, customer.email),
      (ms) => ms.some((m) => m.subject.startsWith('A question about your request')),
    )
    expect(question.some((m) => m.text.includes(`/app/requests/${customer.id}`))).toBe(true)

    const replied = await server.api(
      'POST',
      `/api/exchange-request/${customer.id}/messages`,
      { text: 'My Ledger, address bc1q…' },
      customer.auth,
    )
    expect(replied.status, replied.text).toBe(200)
    expect((replied.body as Mine).request.status).toBe('in_review')
    d = await desk(customer.id)
    expect(d.summary.state).toBe('in_review')

    // Figures that disagree with the rules are refused, naming the field and what the rules give.
    const offer = offerFor('61087.80', '1000.00')
    const wrong = await act(manager, customer.id, 'offer', {
      version: d.summary.version,
      ...offer,
      amountReceived: '0.01600000',
    })
    const problem = expectProblem(wrong, 400, 'VALIDATION_ERROR')
    expect(problem.errors).toEqual([
      {
        field: '/amountReceived',
        code: 'disagrees',
        message: `must be ${offer.amountReceived} by the exchange's rules`,
      },
    ])
    d = ok(await act(manager, customer.id, 'offer', { version: d.summary.version, ...offer }))
    expect(d.summary.state).toBe('offer_sent')
    // Worked by hand: 1000 × (1 − 4%) / 61087.80 = 0.0157150854…, rounded to 8 decimals.
    expect(offer).toMatchObject({ amountReceived: '0.01571509', fee: '40.00' })

    seen = await mine(customer.id, customer.auth)
    expect(seen.request.status).toBe('offer_ready')
    expect(seen.offer).toEqual({
      rate: '61087.80',
      amountPaid: '1000.00',
      amountReceived: '0.01571509',
      fee: '40.00',
      feePercent: '4%',
      validUntil: new Date(offer.validUntil).toISOString(),
      state: 'open',
      createdAt: expect.any(String) as string,
    })
    const mail = await eventually(
      () => messagesTo(server, customer.email),
      (ms) => ms.some((m) => m.subject.startsWith('Your offer is ready')),
    )
    const offerMail = mail.find((m) => m.subject.startsWith('Your offer is ready'))?.text ?? ''
    for (const figure of ['61087.80', '1000.00', '0.01571509', '40.00'])
      expect(offerMail).toContain(figure)
    const [stored] = await server.running.db.query<Record<string, string>>(
      `SELECT rate::text, amount_paid::text, amount_received::text, fee::text
       FROM request_offers WHERE request_id = $1`,
      [customer.id],
    )
    expect(stored).toEqual({
      rate: '61087.80',
      amount_paid: '1000.00',
      amount_received: '0.01571509',
      fee: '40.00',
    })

    const accepted = await server.api(
      'POST',
      `/api/exchange-request/${customer.id}/offer/acceptance`,
      { version: seen.version },
      customer.auth,
    )
    expect(accepted.status, accepted.text).toBe(200)
    expect((accepted.body as Mine).request.status).toBe('awaiting_payment')
    d = await desk(customer.id)
    expect(d.summary.state).toBe('awaiting_payment')
    d = ok(await act(manager, customer.id, 'completion', { version: d.summary.version }))
    seen = await mine(customer.id, customer.auth)
    expect(seen.timeline.map((t) => t.status)).toEqual([
      'submitted',
      'in_review',
      'action_needed',
      'in_review',
      'offer_ready',
      'awaiting_payment',
      'completed',
    ])
    expect(d.timeline.map((t) => t.to)).toEqual([
      'submitted',
      'assigned',
      'in_review',
      'awaiting_customer',
      'in_review',
      'offer_sent',
      'awaiting_payment',
      'completed',
    ])

    // Every step is in the audit trail with the state before and after.
    const auditor = await staffOn(server, ['auditor'])
    const trail = await server.api(
      'GET',
      `/api/ops/audit?action=request.&limit=200`,
      undefined,
      auditor.auth,
    )
    const entries = (trail.body as Schemas['AuditPage']).entries
      .filter((e) => e.targetId === customer.id && e.action !== 'request.viewed')
      .reverse()
    expect(entries.map((e) => [e.action, e.before?.state ?? null, e.after?.state])).toEqual([
      ['request.created', null, 'submitted'],
      ['request.assignRequest', 'submitted', 'assigned'],
      ['request.startRequestReview', 'assigned', 'in_review'],
      ['request.askCustomer', 'in_review', 'awaiting_customer'],
      ['request.replyToExchangeRequest', 'awaiting_customer', 'in_review'],
      ['request.sendOffer', 'in_review', 'offer_sent'],
      ['request.acceptOffer', 'offer_sent', 'awaiting_payment'],
      ['request.completeRequest', 'awaiting_payment', 'completed'],
    ])
  })

  it('gives exactly one of two simultaneous actions on the same version, and refuses stale ones', async () => {
    const customer = await customerWithRequest()
    const both = await Promise.all([
      act(manager, customer.id, 'assignment', { version: 1, assigneeId: manager.id }),
      act(second, customer.id, 'assignment', { version: 1, assigneeId: second.id }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    const loser = both.find((r) => r.status === 409)
    if (loser) expectProblem(loser, 409, 'STALE_VERSION')
    const d = await desk(customer.id)
    expect(d.summary.version).toBe(2)
    expect(d.timeline).toHaveLength(2)
    // A stale version changes nothing, and neither does an action the state does not allow.
    expectProblem(await act(manager, customer.id, 'review', { version: 1 }), 409, 'STALE_VERSION')
    const notNow = await act(manager, customer.id, 'completion', { version: 2 })
    expect(expectProblem(notNow, 409, 'REQUEST_STATE').detail).toBe(
      'The request is Assigned; this action is not allowed now',
    )
    expect((await desk(customer.id)).summary.version).toBe(2)
  })

  it('never shows the customer a hold, a note, a reason or an internal state', async () => {
    const customer = await customerWithRequest()
    let d = ok(
      await act(manager, customer.id, 'assignment', { version: 1, assigneeId: manager.id }),
    )
    d = ok(
      await act(manager, customer.id, 'review', { version: d.summary.version, note: STEP_NOTE }),
    )
    const before = await mine(customer.id, customer.auth)
    d = ok(
      await act(compliance, customer.id, 'hold', {
        version: d.summary.version,
        reason: HOLD_REASON,
      }),
    )
    expect(d.summary.state).toBe('on_hold')
    d = ok(
      await server.api(
        'POST',
        `/api/ops/requests/${customer.id}/notes`,
        { text: NOTE },
        support.auth,
      ),
    )
    expect(d.notes.map((n) => [n.by, n.text])).toEqual([[support.email, NOTE]])
    const during = await mine(customer.id, customer.auth)
    expect(during.request.status).toBe('in_review')
    expect(during.timeline).toEqual(before.timeline)

    d = ok(
      await act(compliance, customer.id, 'release', {
        version: d.summary.version,
        reason: 'Cleared',
      }),
    )
    d = ok(
      await act(manager, customer.id, 'decline', {
        version: d.summary.version,
        reason: DECLINE_REASON,
      }),
    )
    expect(d.timeline.map((t) => t.reason).filter(Boolean)).toEqual([
      STEP_NOTE,
      HOLD_REASON,
      'Cleared',
      DECLINE_REASON,
    ])
    const after = await mine(customer.id, customer.auth)
    expect(after.request.status).toBe('closed')
    const list = await server.api('GET', '/api/exchange-request', undefined, customer.auth)
    const mails = await eventually(
      () => messagesTo(server, customer.email),
      (ms) => ms.some((m) => m.subject.startsWith('Your request is closed')),
    )
    const seenByCustomer = JSON.stringify([during, after, list.body, mails])
    for (const secret of [
      HOLD_REASON,
      NOTE,
      DECLINE_REASON,
      STEP_NOTE,
      'Cleared',
      'on_hold',
      'declined',
    ])
      expect(seenByCustomer).not.toContain(secret)
    // A closed request takes no more messages; the 409 names the customer's status, not ours.
    const late = await server.api(
      'POST',
      `/api/exchange-request/${customer.id}/messages`,
      { text: 'Why?' },
      customer.auth,
    )
    expect(expectProblem(late, 409, 'REQUEST_STATE').detail).toBe(
      'The request is Closed; it takes no more messages',
    )
  })

  it('answers 404 to another customer, and refuses blank text and desk actions to customers', async () => {
    const owner = await customerWithRequest()
    const other = await verifiedUser(server)
    const otherAuth = bearer(other.tokens.accessToken)
    for (const [method, path, body] of [
      ['GET', `/api/exchange-request/${owner.id}`, undefined],
      ['POST', `/api/exchange-request/${owner.id}/messages`, { text: 'hi' }],
      ['POST', `/api/exchange-request/${owner.id}/offer/acceptance`, { version: 1 }],
      ['POST', `/api/exchange-request/${owner.id}/offer/refusal`, { version: 1 }],
    ] as const)
      expectProblem(await server.api(method, path, body, otherAuth), 404)
    expectProblem(
      await server.api('GET', `/api/ops/requests/${owner.id}`, undefined, owner.auth),
      403,
      'PERMISSION_DENIED',
    )
    const blank = await server.api(
      'POST',
      `/api/exchange-request/${owner.id}/messages`,
      { text: '  \n ' },
      owner.auth,
    )
    expect(expectProblem(blank, 400, 'VALIDATION_ERROR').errors?.[0]?.field).toBe('/text')
    // Markup and line breaks are text: kept as written for the page to show as text, and no
    // e-mail header or body is built from them.
    const marked = await server.api(
      'POST',
      `/api/exchange-request/${owner.id}/messages`,
      { text: MARKUP },
      owner.auth,
    )
    expect((marked.body as Mine).messages.at(-1)?.text).toBe(MARKUP)
    const mails = await messagesTo(server, owner.email)
    expect(JSON.stringify(mails)).not.toContain('onerror')
    expect(mails.every((m) => !/[\r\n]/.test(m.subject) && !m.to.includes('victim'))).toBe(true)
    // Support reads and notes, but cannot work or cancel a request.
    expectProblem(
      await act(support, owner.id, 'cancellation', { version: 1, reason: 'x' }),
      403,
      'PERMISSION_DENIED',
    )
  })

  it('needs a second manager for a large offer, and the proposer cannot approve it', async () => {
    const customer = await customerWithRequest(20_000)
    let d = ok(
      await act(manager, customer.id, 'assignment', { version: 1, assigneeId: manager.id }),
    )
    d = ok(await act(manager, customer.id, 'review', { version: d.summary.version }))
    const offer = offerFor('61087.80', '20000.00')
    d = ok(await act(manager, customer.id, 'offer', { version: d.summary.version, ...offer }))
    expect(d.summary.state).toBe('offer_pending_approval')
    expect(d.offers[0]).toMatchObject({ state: 'pending_approval', needsApproval: true })
    expect((await mine(customer.id, customer.auth)).offer).toBeNull()
    expect((await mine(customer.id, customer.auth)).request.status).toBe('in_review')

    const self = await act(manager, customer.id, 'offer/approval', { version: d.summary.version })
    expectProblem(self, 403, 'PERMISSION_DENIED')
    d = ok(await act(second, customer.id, 'offer/approval', { version: d.summary.version }))
    expect(d.summary.state).toBe('offer_sent')
    expect(d.offers[0]).toMatchObject({
      state: 'open',
      proposedBy: manager.email,
      approvedBy: second.email,
      amountReceived: '0.32379624',
      fee: '220.00',
    })
    expect((await mine(customer.id, customer.auth)).request.status).toBe('offer_ready')
  })

  it('takes an offer waiting for approval back to review once its validity passes', async () => {
    const customer = await customerWithRequest(20_000)
    let d = ok(
      await act(manager, customer.id, 'assignment', { version: 1, assigneeId: manager.id }),
    )
    d = ok(await act(manager, customer.id, 'review', { version: d.summary.version }))
    d = ok(
      await act(manager, customer.id, 'offer', {
        version: d.summary.version,
        ...offerFor('61087.80', '20000.00', 10),
      }),
    )
    expect(d.summary.state).toBe('offer_pending_approval')
    server.clock.offsetMs += 11 * 60_000
    try {
      const back = await eventually(
        () => desk(customer.id),
        (r) => r.summary.state === 'in_review',
      )
      expect(back.summary.state).toBe('in_review')
      expect(back.offers[0]?.state).toBe('expired')
      // The customer never saw it: no e-mail about an offer.
      const mails = await messagesTo(server, customer.email)
      expect(mails.filter((m) => /offer/i.test(m.subject))).toEqual([])
    } finally {
      server.clock.offsetMs -= 11 * 60_000
    }
  })

  it('expires an offer by the server clock: it cannot be accepted, and the customer is told', async () => {
    const customer = await customerWithRequest()
    let d = ok(
      await act(manager, customer.id, 'assignment', { version: 1, assigneeId: manager.id }),
    )
    d = ok(await act(manager, customer.id, 'review', { version: d.summary.version }))
    ok(
      await act(manager, customer.id, 'offer', {
        version: d.summary.version,
        ...offerFor('61087.80', '1000.00', 10),
      }),
    )
    const seen = await mine(customer.id, customer.auth)
    server.clock.offsetMs += 11 * 60_000
    try {
      // Whether or not the expiry job has run yet, the answer is no.
      const late = await server.api(
        'POST',
        `/api/exchange-request/${customer.id}/offer/acceptance`,
        { version: seen.version },
        customer.auth,
      )
      expect(late.status).toBe(409)
      const closed = await eventually(
        () => mine(customer.id, customer.auth),
        (m) => m.request.status === 'closed',
      )
      expect(closed.request.status).toBe('closed')
      expect(closed.offer?.state).toBe('expired')
      expect((await desk(customer.id)).summary.state).toBe('expired')
      const mails = await eventually(
        () => messagesTo(server, customer.email),
        (ms) => ms.some((m) => m.subject.startsWith('Your offer has expired')),
      )
      expect(mails.some((m) => m.subject.startsWith('Your offer has expired'))).toBe(true)
    } finally {
      server.clock.offsetMs -= 11 * 60_000
    }
  })
})
