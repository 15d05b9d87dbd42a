/**
 * Verification requested by the desk (issue 29, docs/product/staff.md#verification-requests), on
 * both engines: compliance asks a customer for KYB with a note, the customer is e-mailed and sees
 * the request (what and when, never who) on their status, a signed Sumsub webhook that completes
 * the review fulfils it and the desk sees that; a request can be withdrawn; an approved
 * verification or an open request of the kind refuses another; support cannot ask; every action is
 * in the audit trail; every Sumsub delivery joins the customer's history in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { sumsubDateMs } from '../../server/providers/sumsub/dates.ts'
import { bearer, expectProblem, messagesTo, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { sandboxPage, sendWebhook } from './support/providers.ts'
import { claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']

const NOTE = 'Please verify your company: we need the register extract for larger amounts.'

describe.each(engines)('verification requests on %s', (engine) => {
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
    const auth = bearer(c.tokens.accessToken)
    const id = String(claimsOf(c.tokens.accessToken).sub)
    const status = async (kind: 'kyc' | 'kyb') => {
      const r = await server.api('GET', `/api/sumsub/${kind}-status`, undefined, auth)
      expect(r.status, r.text).toBe(200)
      return r.body as Record<string, unknown>
    }
    const token = async (kind: 'kyc' | 'kyb') => {
      const r = await server.api('POST', `/api/sumsub/${kind}`, undefined, auth)
      expect(r.status, r.text).toBe(200)
      return (r.body as { token: string }).token
    }
    return { ...c, auth, id, status, token }
  }
  const ask = (who: StaffMember, customerId: string, body: unknown) =>
    server.api('POST', `/api/ops/customers/${customerId}/verification-requests`, body, who.auth)
  const withdraw = (who: StaffMember, customerId: string, requestId: string) =>
    server.api(
      'POST',
      `/api/ops/customers/${customerId}/verification-requests/${requestId}/withdrawal`,
      undefined,
      who.auth,
    )
  const page = async (customerId: string) => {
    const r = await server.api('GET', `/api/ops/customers/${customerId}`, undefined, support.auth)
    expect(r.status, r.text).toBe(200)
    return r.body as Schemas['CustomerPage']
  }
  const trail = async (customerId: string) => {
    const r = await server.api(
      'GET',
      `/api/ops/audit?customer=${customerId}&limit=200`,
      undefined,
      auditor.auth,
    )
    expect(r.status, r.text).toBe(200)
    return (r.body as Schemas['AuditPage']).entries
  }

  it('asks, e-mails, shows the customer what and when, and is fulfilled by the completed review', async () => {
    const c = await customer()
    const asked = await ask(compliance, c.id, { kind: 'KYB', note: NOTE })
    expect(asked.status, asked.text).toBe(201)
    const request = asked.body as Schemas['VerificationRequest']
    expect(request).toMatchObject({
      customerId: c.id,
      kind: 'KYB',
      note: NOTE,
      state: 'open',
      requestedBy: { id: compliance.id, email: compliance.email },
      fulfilledAt: null,
      reviewAnswer: null,
      withdrawnBy: null,
    })

    // The e-mail: the note and a link to the verification page, nobody's name.
    const mail = (await messagesTo(server, c.email)).find((m) => m.subject.includes('verify'))
    expect(mail?.subject).toMatch(/^Please verify your business/)
    expect(mail?.text).toContain(NOTE)
    expect(mail?.text).toContain('/app/verification')
    expect(mail?.text).not.toContain(compliance.email)

    // The customer's status carries the request: kind, note, date, and nothing else.
    expect(await c.status('kyb')).toEqual({
      kybReviewStatus: null,
      kybReviewResult: null,
      kybRequest: { kind: 'KYB', note: NOTE, requestedAt: request.requestedAt },
    })
    expect(JSON.stringify(await c.status('kyb'))).not.toContain(compliance.id)
    expect(await c.status('kyc')).toEqual({ kycReviewStatus: null, kycReviewResult: null })

    // A second request of the kind while one is open: refused, nothing changes.
    expectProblem(await ask(manager, c.id, { kind: 'KYB', note: 'again' }), 409, 'CUSTOMER_STATE')
    expect((await page(c.id)).verificationRequests).toHaveLength(1)

    // The customer completes KYB in the Sumsub sandbox: its signed webhooks fulfil the request.
    const token = await c.token('kyb')
    expect((await sandboxPage(server, token, 'submit')).body.webhookStatus).toBe(200)
    expect((await page(c.id)).verificationRequests[0]?.state).toBe('open')
    expect((await sandboxPage(server, token, 'reject')).body.webhookStatus).toBe(200)
    const [fulfilled] = (await page(c.id)).verificationRequests
    expect(fulfilled).toMatchObject({ id: request.id, state: 'fulfilled', reviewAnswer: 'RED' })
    expect(fulfilled?.fulfilledAt).not.toBeNull()
    // The customer no longer sees an open request.
    expect(await c.status('kyb')).toEqual({
      kybReviewStatus: 'completed',
      kybReviewResult: { reviewAnswer: 'RED' },
    })

    // The desk sees every delivery in order, with Sumsub's time and ours.
    const history = (await page(c.id)).verificationHistory
    expect(history.map((e) => [e.kind, e.reviewStatus, e.reviewAnswer, e.outcome])).toEqual(
      expect.arrayContaining([
        ['KYB', 'pending', null, 'applied'],
        ['KYB', 'completed', 'RED', 'applied'],
      ]),
    )
    const seqs = history.map((e) => BigInt(e.seq))
    expect(seqs).toEqual([...seqs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    for (const event of history) {
      expect(event.happenedAt).not.toBeNull()
      expect(Date.parse(event.receivedAt)).toBeGreaterThanOrEqual(
        Date.parse(event.happenedAt ?? '') - 1000,
      )
    }

    const actions = (await trail(c.id)).map((e) => [e.action, e.actorId])
    expect(actions).toContainEqual(['customer.verification-requested', compliance.id])
  })

  it('fulfils on GREEN too, and keeps the time the event happened at Sumsub', async () => {
    const c = await customer()
    expect((await ask(manager, c.id, { kind: 'KYC', note: 'Your passport, please' })).status).toBe(
      201,
    )
    const token = await c.token('kyc')
    await sandboxPage(server, token, 'load')
    const [row] = await server.running.db.query<{ applicant_id: string; external_user_id: string }>(
      `SELECT applicant_id, external_user_id FROM verifications WHERE user_id = $1 AND kind = 'kyc'`,
      [c.id],
    )
    // A delivery that happened an hour ago at Sumsub, received now.
    const happened = new Date(Date.now() + 3600_000)
    happened.setMilliseconds(123)
    const body = JSON.stringify({
      type: 'applicantReviewed',
      applicantId: row?.applicant_id,
      externalUserId: row?.external_user_id,
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
      createdAtMs: sumsubDateMs(happened),
    })
    expect((await sendWebhook(server, body)).status).toBe(200)
    const seen = await page(c.id)
    expect(seen.verificationRequests[0]).toMatchObject({
      state: 'fulfilled',
      reviewAnswer: 'GREEN',
    })
    expect(seen.verificationHistory.at(-1)).toMatchObject({
      type: 'applicantReviewed',
      kind: 'KYC',
      reviewStatus: 'completed',
      reviewAnswer: 'GREEN',
      happenedAt: happened.toISOString(),
      outcome: 'applied',
    })

    // Approved now: asking again is refused with a clear message.
    const refused = expectProblem(
      await ask(compliance, c.id, { kind: 'KYC', note: 'Once more' }),
      409,
      'CUSTOMER_STATE',
    )
    expect(refused.detail).toBe("The customer's KYC is already approved.")
  })

  it('withdraws an open request; the customer no longer sees it; twice is refused', async () => {
    const c = await customer()
    const asked = (await ask(compliance, c.id, { kind: 'KYC', note: 'Selfie and ID' }))
      .body as Schemas['VerificationRequest']
    const withdrawn = await withdraw(compliance, c.id, asked.id)
    expect(withdrawn.status, withdrawn.text).toBe(200)
    expect(withdrawn.body).toMatchObject({
      state: 'withdrawn',
      withdrawnBy: { id: compliance.id, email: compliance.email },
    })
    expect(await c.status('kyc')).toEqual({ kycReviewStatus: null, kycReviewResult: null })
    expectProblem(await withdraw(compliance, c.id, asked.id), 409, 'CUSTOMER_STATE')
    // Another customer's id in the path: not found.
    const other = await customer()
    expectProblem(await withdraw(compliance, other.id, asked.id), 404)
    // A new request may follow a withdrawn one.
    expect((await ask(compliance, c.id, { kind: 'KYC', note: 'Selfie and ID' })).status).toBe(201)
    expect((await trail(c.id)).map((e) => e.action)).toContain(
      'customer.verification-request-withdrawn',
    )
  })

  it('refuses support, a blank note, an unknown customer, and never changes anything then', async () => {
    const c = await customer()
    expectProblem(await ask(support, c.id, { kind: 'KYC', note: NOTE }), 403, 'PERMISSION_DENIED')
    expectProblem(
      await ask(compliance, c.id, { kind: 'KYC', note: '   ' }),
      400,
      'VALIDATION_ERROR',
    )
    expectProblem(await ask(compliance, c.id, { kind: 'AML', note: NOTE }), 400, 'VALIDATION_ERROR')
    expectProblem(await ask(compliance, c.id, { kind: 'KYC' }), 400, 'VALIDATION_ERROR')
    expectProblem(
      await ask(compliance, '00000000-0000-4000-8000-000000000000', { kind: 'KYC', note: NOTE }),
      404,
    )
    // A staff member is no customer.
    expectProblem(await ask(compliance, support.id, { kind: 'KYC', note: NOTE }), 404)
    expect((await page(c.id)).verificationRequests).toEqual([])
    expect(await c.status('kyc')).toEqual({ kycReviewStatus: null, kycReviewResult: null })
    // The refusal is in the trail, under the operation the caller tried.
    const r = await server.api(
      'GET',
      `/api/ops/audit?actor=${support.id}&action=requestVerification`,
      undefined,
      auditor.auth,
    )
    expect((r.body as Schemas['AuditPage']).entries[0]).toMatchObject({
      outcome: 'denied',
      reason: 'lacks customers:verify',
    })
  })
})
