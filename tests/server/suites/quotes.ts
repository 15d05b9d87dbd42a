/**
 * Personal quote requests on both engines: stored and listed per customer, the class rule
 * (one fiat, one crypto), and the e-mails with the personalised calculation, whose figures must
 * equal — digit for digit — the exact oracle's calculation from the sandbox's candle (fee 4 %
 * below 10,000, 1.1 % from 10,000; 8 decimals for crypto, 2 for fiat), as must the stored row's
 * numeric columns; without a rate, no number at all.
 */
import { describe, expect, it } from 'vitest'
import { FIAT_CURRENCIES } from '../../../domain/currencies.ts'
import { createQuoteService } from '../../../server/quotes/quote-service.ts'
import { displayedRateOracle, targetText } from '../../domain/rational-oracle.ts'
import {
  bearer,
  expectProblem,
  messagesTo,
  uniqueEmail,
  verifiedUser,
} from '../support/accounts.ts'
import { marketCall, type SuiteContext } from '../support/providers.ts'
import { testPublicUrl } from '../support/test-server.ts'

const fiat = new Set<string>(FIAT_CURRENCIES)
const opsEmail = 'ops@exchange.localhost'

function quote(from: string, to: string, amount: number, overrides: Record<string, unknown> = {}) {
  return {
    fromCurrency: from,
    toCurrency: to,
    amount,
    name: 'Anna Kowalska',
    email: uniqueEmail('contact'),
    phone: '+48 601 234 567',
    country: 'PL',
    message: 'Please call me in the afternoon.\nPromo code: FIRST1000',
    ...overrides,
  }
}

export function quoteSuite(ctx: SuiteContext): void {
  describe('quote requests', () => {
    /** The converter's candle, fetched from the sandbox like the SPA does. */
    async function candleClose(from: string, to: string): Promise<string> {
      const now = new Date()
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
      const response = await marketCall(ctx.server.url, '/sandbox/market', 'get_candles', {
        pair: `${to}-${from}`,
        fromISO: today.toISOString(),
        limit: 1,
        dataType: 'bestAsk',
        resolution: '4h',
      })
      expect(response.status).toBe(200)
      const data = (response.body as { data: { close: string }[] }).data
      expect(data).toHaveLength(1)
      return data[0]?.close ?? ''
    }

    it.each([
      ['EUR', 'BTC', 1000],
      ['USD', 'ETH', 10_000],
      ['GBP', 'SHIB', 9_999],
      ['USD', 'SHIB', 1_000_000_000],
      ['BTC', 'EUR', 2],
      ['SHIB', 'USD', 1_000_000_000],
      ['XRP', 'GBP', 25_000],
    ])('mails the calculation for %s → %s, %d', async (from, to, amount) => {
      const { tokens } = await verifiedUser(ctx.server)
      const body = quote(from, to, amount)
      const created = await ctx.server.api(
        'POST',
        '/api/exchange-request',
        body,
        bearer(tokens.accessToken),
      )
      expect(created.status, created.text).toBe(201)
      expect(created.body).toMatchObject({ status: 'submitted' })

      // Independently: the candle's close, the fee tier of the amount entered, the rounding.
      const close = await candleClose(from, to)
      const received = targetText(String(amount), close, fiat.has(to))
      const rate = displayedRateOracle(from, to, close, fiat.has(from))
      const fee = amount < 10_000 ? '4%' : '1.1%'
      const expectFigures = (text: string) => {
        expect(text).toContain(`You pay: ${String(amount)} ${from}`)
        expect(text).toContain(`Rate: ${rate} (market data, `)
        expect(text).toContain(`Fee: ${fee} `)
        expect(text).toContain(`You receive (estimate): ${received} ${to}\n`)
      }

      // The stored row: numeric columns, read back as the same decimal strings.
      const [row] = await ctx.server.running.db.query<Record<string, unknown>>(
        `SELECT amount, quoted_rate, quoted_fee_percent, quoted_amount,
                pg_typeof(amount)::text AS amount_type, pg_typeof(quoted_amount)::text AS quoted_type
           FROM exchange_requests WHERE id = $1`,
        [(created.body as { id: string }).id],
      )
      expect(row).toEqual({
        amount: String(amount),
        quoted_rate: close,
        quoted_fee_percent: fee.replace('%', ''),
        quoted_amount: received,
        amount_type: 'numeric',
        quoted_type: 'numeric',
      })

      const [mail, ...more] = await messagesTo(ctx.server, body.email)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(
        `Your personal quote: ${amount} ${from} to ${to} — Vistula Exchange`,
      )
      const text = mail?.text ?? ''
      expectFigures(text)
      expect(text).toContain('/app/verification')

      const notice = (await messagesTo(ctx.server, opsEmail)).find((m) =>
        m.text.includes((created.body as { id: string }).id),
      )
      expect(notice?.subject).toBe(
        `New quote request: ${amount} ${from} to ${to} — Vistula Exchange`,
      )
      expect(notice?.text).toContain(body.email)
      expect(notice?.text).toContain('Promo code: FIRST1000')
      expectFigures(notice?.text ?? '')
    })

    it('lists the customer’s own requests, newest first', async () => {
      const anna = await verifiedUser(ctx.server)
      const ben = await verifiedUser(ctx.server)
      const first = await ctx.server.api(
        'POST',
        '/api/exchange-request',
        quote('EUR', 'BTC', 1000),
        bearer(anna.tokens.accessToken),
      )
      ctx.server.clock.offsetMs = 1000
      const second = await ctx.server.api(
        'POST',
        '/api/exchange-request',
        quote('BTC', 'USD', 3, {
          name: '',
          email: anna.email,
          phone: '',
          country: '',
          message: '',
        }),
        bearer(anna.tokens.accessToken),
      )
      ctx.server.clock.offsetMs = 0
      await ctx.server.api(
        'POST',
        '/api/exchange-request',
        quote('EUR', 'ETH', 500),
        bearer(ben.tokens.accessToken),
      )
      const list = await ctx.server.api(
        'GET',
        '/api/exchange-request',
        undefined,
        bearer(anna.tokens.accessToken),
      )
      expect(list.status).toBe(200)
      const items = (list.body as { items: { id: string; fromCurrency: string }[] }).items
      expect(items.map((i) => i.id)).toEqual([
        (second.body as { id: string }).id,
        (first.body as { id: string }).id,
      ])
      expect(items[1]).toMatchObject({
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount: 1000,
        status: 'submitted',
        message: 'Please call me in the afternoon.\nPromo code: FIRST1000',
      })
      // The contact e-mail was the account's own: the calculation went there.
      const toAccount = await messagesTo(ctx.server, anna.email)
      expect(toAccount.some((m) => m.subject.startsWith('Your personal quote: 3 BTC to USD'))).toBe(
        true,
      )
    })

    it('refuses two currencies of one class, and bad amounts, with 400', async () => {
      const { tokens } = await verifiedUser(ctx.server)
      const auth = bearer(tokens.accessToken)
      for (const [from, to] of [
        ['EUR', 'USD'],
        ['BTC', 'ETH'],
      ]) {
        const problem = expectProblem(
          await ctx.server.api(
            'POST',
            '/api/exchange-request',
            quote(from ?? '', to ?? '', 1000),
            auth,
          ),
          400,
          'VALIDATION_ERROR',
        )
        expect(problem.errors).toEqual([
          expect.objectContaining({ field: '/toCurrency', code: 'currency-class' }),
        ])
      }
      for (const amount of [0, -5, 1.5, '1000'])
        expectProblem(
          await ctx.server.api(
            'POST',
            '/api/exchange-request',
            quote('EUR', 'BTC', 1, { amount }),
            auth,
          ),
          400,
          'VALIDATION_ERROR',
        )
      expectProblem(
        await ctx.server.api('POST', '/api/exchange-request', quote('EUR', 'DOGE', 1000), auth),
        400,
        'VALIDATION_ERROR',
      )
      expectProblem(
        await ctx.server.api('POST', '/api/exchange-request', quote('EUR', 'BTC', 5)),
        401,
      )
      expectProblem(await ctx.server.api('GET', '/api/exchange-request'), 401)
      const list = await ctx.server.api('GET', '/api/exchange-request', undefined, auth)
      expect(list.body).toEqual({ items: [] })
    })

    it.each([
      ['no data', { status: 200, body: { ok: 'ok', data: [] } }],
      ['an error', { status: 429, body: { error: 'API rate limit reached' } }],
      ['a zero rate', { status: 200, body: { ok: 'ok', data: [{ close: '0' }] } }],
    ])(
      'says a manager will send the calculation when the market gives %s',
      async (_what, answer) => {
        // The quote service on this server's database, with a market that has no usable rate.
        const quotes = createQuoteService({
          db: ctx.server.running.db,
          market: { call: () => Promise.resolve(answer) },
          now: () => new Date(),
          publicUrl: testPublicUrl,
          opsEmail,
          jobsQueued: () => undefined,
        })
        const { tokens } = await verifiedUser(ctx.server)
        const me = await ctx.server.api(
          'GET',
          '/api/users/profile',
          undefined,
          bearer(tokens.accessToken),
        )
        const [user] = await ctx.server.running.db.query<{ id: string }>(
          'SELECT id FROM users WHERE email = $1',
          [(me.body as { email: string }).email],
        )
        const body = quote('EUR', 'BTC', 1000)
        const created = await quotes.create(
          {
            id: user?.id ?? '',
            email: (me.body as { email: string }).email,
            roles: [],
            sessionId: null,
            ip: '127.0.0.1',
            userAgent: 'test',
          },
          body,
        )
        const [mail] = await messagesTo(ctx.server, body.email)
        expect(mail?.text).toContain('a manager will send you the calculation')
        expect(mail?.text).not.toMatch(/Rate:|You receive \(estimate\)/)
        expect(mail?.text).not.toMatch(/\d+\.\d{8}/)
        const notice = (await messagesTo(ctx.server, opsEmail)).find((m) =>
          m.text.includes(created.id),
        )
        expect(notice?.text).toContain('no market rate was available')
      },
    )
  })
}
