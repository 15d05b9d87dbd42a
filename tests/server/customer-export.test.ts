/**
 * The customer's own records (docs/decisions/115-customer-records-export.md), on both engines:
 * the CSV of requests and payments with the stored figures to the character and no cell a
 * spreadsheet would run; the JSON copy of everything held about them; only ever the caller's own
 * data (there is no id to change); a limit kept in the database; each export in the audit trail
 * with the customer as the actor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { bearer, expectProblem, uniqueEmail, verifiedUser } from './support/accounts.ts'
import { storePayment, storeSumsubEvent } from './support/customer-records.ts'
import { engines } from './support/databases.ts'
import { claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']
type Export = Schemas['MyDataExport']

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i)
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  return rows
}

describe.each(engines)('the customer’s own records on %s', (engine) => {
  let server: TestServer
  let auditor: StaffMember
  beforeAll(async () => {
    server = await startTestServer(engine)
    auditor = await staffOn(server, ['auditor'])
  })
  afterAll(() => server.stop())

  async function customer(firstName: string) {
    const c = await verifiedUser(server, uniqueEmail('records'))
    const auth = bearer(c.tokens.accessToken)
    const id = String(claimsOf(c.tokens.accessToken).sub)
    const put = await server.api(
      'PUT',
      '/api/users/profile',
      { firstName, lastName: 'Test', phone: '', country: 'PL' },
      auth,
    )
    expect(put.status, put.text).toBe(200)
    return { ...c, auth, id }
  }
  async function request(
    who: { email: string; auth: Record<string, string> },
    name: string,
    message: string,
    amount = 1000,
  ) {
    const r = await server.api(
      'POST',
      '/api/exchange-request',
      {
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount,
        name,
        email: who.email,
        phone: '',
        country: 'PL',
        message,
      },
      who.auth,
    )
    expect(r.status, r.text).toBe(201)
    return (r.body as { id: string }).id
  }
  const csvOf = async (auth: Record<string, string>) => {
    const r = await server.api('GET', '/api/users/me/export.csv', undefined, auth)
    expect(r.status, r.text).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(r.headers.get('content-disposition')).toContain('attachment')
    return r.text
  }

  it('writes requests and payments with the stored figures, ISO dates and no formulas', async () => {
    const anna = await customer('Anna')
    const requestId = await request(anna, '=1+1', '@SUM(A1:A9)\n-2+3, "quoted"', 1000000000)
    const plain = await request(anna, 'Anna Test', 'tab\tinside', 7)
    const paymentId = await storePayment(
      server,
      anna.id,
      {
        spent: '100.50',
        spentCurrency: 'EUR',
        received: '0.000123456789012345',
        receivedCurrency: 'BTC',
      },
      new Date('2026-11-27T10:11:12.345Z'),
    )
    const [stored] = await server.running.db.query<{
      amount: string
      spent: string
      received: string
    }>(
      `SELECT r.amount::text AS amount, p.spent_amount::text AS spent, p.received_amount::text AS received
       FROM exchange_requests r, payments p WHERE r.id = $1 AND p.id = $2`,
      [requestId, paymentId],
    )

    const text = await csvOf(anna.auth)
    expect(text.endsWith('\r\n')).toBe(true)
    const [header, ...rows] = parseCsv(text)
    expect(header).toEqual([
      'record',
      'id',
      'created_at',
      'status',
      'pay_amount',
      'pay_currency',
      'receive_amount',
      'receive_currency',
      'rate',
      'fee',
      'request_id',
      'name',
      'message',
    ])
    const byId = new Map(rows.map((r) => [r[1], r]))
    expect(rows).toHaveLength(3)
    const injected = byId.get(requestId) ?? []
    expect(injected[0]).toBe('request')
    // The figure as stored, to the character.
    expect(injected[4]).toBe(stored?.amount)
    expect(injected[4]).toBe('1000000000')
    expect(injected.slice(5, 8)).toEqual(['EUR', '', 'BTC'])
    expect(injected[3]).toBe('submitted')
    expect(injected[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    // Neutralised: a spreadsheet shows the text, it runs nothing.
    expect(injected[11]).toBe("'=1+1")
    expect(injected[12]).toBe('\'@SUM(A1:A9)\n-2+3, "quoted"')
    expect(byId.get(plain)?.[11]).toBe('Anna Test')
    expect(byId.get(plain)?.[12]).toBe('tab\tinside')
    const payment = byId.get(paymentId) ?? []
    expect(payment.slice(0, 8)).toEqual([
      'payment',
      paymentId,
      '2026-11-27T10:11:12.345Z',
      'completed',
      stored?.spent,
      'EUR',
      stored?.received,
      'BTC',
    ])
    expect(payment[4]).toBe('100.50')
    expect(payment[6]).toBe('0.000123456789012345')
    // No cell of the file starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)

    const exported = await trail(`customer=${anna.id}&action=customer.exported`)
    expect(exported.map((e) => [e.actorId, e.actorRoles, e.after])).toEqual([
      [anna.id, [], { format: 'csv', requests: 2, payments: 1 }],
    ])
  })

  it('gives each customer only their own data, with no id to change', async () => {
    const anna = await customer('Anna')
    const ben = await customer('Ben')
    const annas = await request(anna, 'Anna Test', 'Mine only')
    const bens = await request(ben, 'Ben Test', 'Ben’s secret message')
    await storePayment(server, ben.id, {
      spent: '9.99',
      spentCurrency: 'EUR',
      received: '0.0001',
      receivedCurrency: 'BTC',
    })
    await storeSumsubEvent(server, anna.id, {
      type: 'applicantReviewed',
      status: 'completed',
      answer: 'GREEN',
      happenedAt: new Date('2026-11-26T12:00:00.000Z'),
    })

    const r = await server.api('GET', '/api/users/me/export.json', undefined, anna.auth)
    expect(r.status, r.text).toBe(200)
    expect(r.headers.get('content-disposition')).toContain('attachment')
    const mine = r.body as Export
    expect(mine.format).toBe('exchange-customer-export/1')
    expect(mine.profile).toMatchObject({ email: anna.email, firstName: 'Anna' })
    expect(mine.sessions.map((s) => s.current)).toEqual([true])
    expect(mine.requests.map((q) => q.request.id)).toEqual([annas])
    expect(mine.payments).toEqual([])
    expect(mine.verificationHistory.map((e) => [e.type, e.reviewAnswer])).toEqual([
      ['applicantReviewed', 'GREEN'],
    ])
    expect(mine.consents).toEqual([])
    for (const secret of [ben.email, bens, 'Ben’s secret message', '9.99']) {
      expect(r.text).not.toContain(secret)
      expect(await csvOf(anna.auth)).not.toContain(secret)
    }
    // Ben's copy is Ben's: the same operation, his token, his data.
    const his = (await server.api('GET', '/api/users/me/export.json', undefined, ben.auth))
      .body as Export
    expect(his.requests.map((q) => q.request.id)).toEqual([bens])
    expect(his.payments.map((p) => p.spent?.amount)).toEqual(['9.99'])
    // No token, no file; a staff token is not a customer's.
    expectProblem(await server.api('GET', '/api/users/me/export.csv'), 401)
    expectProblem(await server.api('GET', '/api/users/me/export.json'), 401)
    const trailed = await trail(`customer=${anna.id}&action=customer.exported`)
    expect(trailed.map((e) => e.after?.format).sort()).toEqual(['csv', 'csv', 'csv', 'csv', 'json'])
  })

  it('limits exports per customer in the database: the eleventh in an hour is refused', async () => {
    const ola = await customer('Ola')
    const other = await customer('Other')
    const answers = []
    for (let i = 0; i < 10; i++)
      answers.push(
        (
          await server.api(
            'GET',
            `/api/users/me/export.${i % 2 ? 'json' : 'csv'}`,
            undefined,
            ola.auth,
          )
        ).status,
      )
    expect(answers).toEqual(Array(10).fill(200))
    const refused = await server.api('GET', '/api/users/me/export.csv', undefined, ola.auth)
    expectProblem(refused, 429, 'RATE_LIMITED')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expectProblem(await server.api('GET', '/api/users/me/export.json', undefined, ola.auth), 429)
    // Another customer's limit is their own.
    expect(
      (await server.api('GET', '/api/users/me/export.csv', undefined, other.auth)).status,
    ).toBe(200)
    expect((await trail(`customer=${ola.id}&action=customer.exported`)).length).toBe(10)
    server.clock.offsetMs += 3601_000
    try {
      expect(
        (await server.api('GET', '/api/users/me/export.csv', undefined, ola.auth)).status,
      ).toBe(200)
    } finally {
      server.clock.offsetMs -= 3601_000
    }
  })

  const trail = async (query: string) => {
    const page = await server.api('GET', `/api/ops/audit?${query}`, undefined, auditor.auth)
    expect(page.status, page.text).toBe(200)
    return (page.body as Schemas['AuditPage']).entries
  }
})
