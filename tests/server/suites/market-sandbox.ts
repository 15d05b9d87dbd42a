/**
 * The market-data sandbox at /sandbox/market: every answer checked against openapi/market.yaml;
 * every fiat–crypto pair in both directions with realistic, deterministic, slowly moving prices
 * (the inverse pair's close is exactly 1/close to 8 significant digits); the other three calls; the no-data and error modes; and
 * request validation in the exchange's own error shapes. No database is involved: PGlite only.
 */
import { describe, expect, it } from 'vitest'
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '../../../domain/currencies.ts'
import {
  compare,
  parseRational,
  ratio,
  significantText,
  times,
} from '../../domain/rational-oracle.ts'
import { marketCall, type SuiteContext } from '../support/providers.ts'
import { RawBody } from '../support/test-server.ts'

interface Candle {
  timestamp: string
  open: string
  high: string
  low: string
  close: string
  isClosed: boolean
}

export function marketSandboxSuite(ctx: SuiteContext): void {
  describe('market-data sandbox', () => {
    const call = (method: string, body: unknown, headers: Record<string, string> = {}) =>
      marketCall(ctx.server.url, '/sandbox/market', method, body, headers)
    const candles = async (body: Record<string, unknown>) => {
      const response = await call('get_candles', { dataType: 'bestAsk', ...body })
      expect(response.status, response.text).toBe(200)
      return (response.body as { data: Candle[] }).data
    }
    const today = () => {
      const now = new Date()
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    }

    it('answers the converter for every pair in both directions', async () => {
      const fromISO = today().toISOString()
      const converter = { fromISO, limit: 1, resolution: '4h' }
      await Promise.all(
        FIAT_CURRENCIES.flatMap((fiat) =>
          CRYPTO_CURRENCIES.map(async (crypto) => {
            const [[direct], [inverse]] = await Promise.all([
              candles({ pair: `${crypto}-${fiat}`, ...converter }),
              candles({ pair: `${fiat}-${crypto}`, ...converter }),
            ])
            const close = parseRational(direct?.close ?? '')
            expect(close.num > 0n).toBe(true)
            expect(inverse?.close).toBe(significantText(ratio(close.den, close.num), 8))
            expect(inverse?.timestamp).toBe(direct?.timestamp)
          }),
        ),
      )
      const closeOf = async (pair: string) =>
        parseRational(
          (await candles({ pair, fromISO, limit: 1, resolution: '4h' }))[0]?.close ?? '',
        )
      const between = (value: ReturnType<typeof parseRational>, low: string, high: string) =>
        compare(value, parseRational(low)) > 0 && compare(value, parseRational(high)) < 0
      expect(between(await closeOf('BTC-EUR'), '60000', '100000')).toBe(true)
      expect(between(await closeOf('SHIB-USD'), '0', '0.001')).toBe(true)
      expect(between(await closeOf('USDT-USD'), '0.95', '1.05')).toBe(true)
    })

    it('moves slowly and deterministically with time', async () => {
      const day = await candles({ pair: 'ETH-GBP', toISO: Date.now(), limit: 48, resolution: '1h' })
      expect(day).toHaveLength(48)
      for (const [i, candle] of day.entries()) {
        const next = day[i + 1]
        if (next) {
          expect(Number(next.timestamp) - Number(candle.timestamp)).toBe(3600_000)
          // Within 2% of the previous close, both ways.
          const previous = parseRational(candle.close)
          const close = parseRational(next.close)
          expect(compare(close, times(previous, parseRational('0.98')))).toBe(1)
          expect(compare(close, times(previous, parseRational('1.02')))).toBe(-1)
          expect(next.open).toBe(candle.close)
        }
        expect(compare(parseRational(candle.high), parseRational(candle.close))).toBeGreaterThan(0)
        expect(compare(parseRational(candle.low), parseRational(candle.open))).toBeLessThan(0)
      }
      expect(day.at(-1)?.isClosed).toBe(false)
      expect(day.at(-2)?.isClosed).toBe(true)
      const again = await candles({
        pair: 'ETH-GBP',
        toISO: Date.now(),
        limit: 48,
        resolution: '1h',
      })
      // Asked again: every closed candle both answers share is identical.
      const before = new Map(day.map((c) => [c.timestamp, c]))
      const shared = again.filter((c) => c.isClosed && before.get(c.timestamp)?.isClosed)
      expect(shared.length).toBeGreaterThan(40)
      for (const candle of shared) expect(candle).toEqual(before.get(candle.timestamp))
      // A fixed past range is the same whenever it is asked for (epoch ms or ISO bounds).
      const past = {
        pair: 'BTC-USD',
        fromISO: '2025-03-05T00:00:00.000Z',
        toISO: String(Date.parse('2025-03-06T00:00:00.000Z')),
        resolution: '4h',
      }
      expect(await candles(past)).toEqual(await candles(past))
      expect(await candles(past)).toHaveLength(7)
    })

    it('answers pairs, trades and currencies', async () => {
      const pairs = await call('get_pairs_info', { pairs: ['BTC-USD'] })
      expect(pairs.status).toBe(200)
      expect((pairs.body as { data: unknown[] }).data).toEqual([
        expect.objectContaining({ base: 'BTC', quote: 'USD', baseLotSize: '0.00000001' }),
      ])
      const all = await call('get_pairs_info', {})
      expect((all.body as { data: unknown[] }).data).toHaveLength(
        FIAT_CURRENCIES.length * CRYPTO_CURRENCIES.length,
      )

      const trades = await call('get_trade_history', { pair: 'BTC-USD', pageSize: 2 })
      expect(trades.status).toBe(200)
      const page = (trades.body as { data: { pageSize: string; trades: { dateISO: string }[] } })
        .data
      expect(page.pageSize).toBe('2')
      expect(page.trades).toHaveLength(2)
      expect(Date.parse(page.trades[0]?.dateISO ?? '')).toBeGreaterThan(
        Date.parse(page.trades[1]?.dateISO ?? ''),
      )

      const currencies = await call('get_currencies_info', {})
      const list = (currencies.body as { data: { currency: string; fiat: boolean }[] }).data
      expect(list.filter((c) => c.fiat).map((c) => c.currency)).toEqual([...FIAT_CURRENCIES])
      expect(list.filter((c) => !c.fiat).map((c) => c.currency)).toEqual([...CRYPTO_CURRENCIES])
    })

    it('answers no data or an error on request, for the converter’s warning path', async () => {
      const body = {
        pair: 'BTC-EUR',
        fromISO: today().toISOString(),
        limit: 1,
        dataType: 'bestAsk',
        resolution: '4h',
      }
      const empty = await call('get_candles', body, { 'x-sandbox-market-mode': 'empty' })
      expect(empty).toMatchObject({ status: 200, body: { ok: 'ok', data: [] } })
      const failing = await call('get_candles', body, { 'x-sandbox-market-mode': 'error' })
      expect(failing).toMatchObject({ status: 429, body: { error: 'API rate limit reached' } })
      const response = await fetch(
        `${ctx.server.url}/sandbox/market/get_trade_history?mode=empty`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pair: 'BTC-USD' }),
        },
      )
      expect(await response.json()).toEqual({ ok: 'ok', data: { pageSize: '0', trades: [] } })
    })

    it.each([
      [
        'get_candles',
        { dataType: 'bestAsk', fromISO: '2025-01-01T00:00:00Z', limit: 1 },
        422,
        'Mandatory parameter pair is missing',
      ],
      [
        'get_candles',
        { pair: 'NOPE-USD', dataType: 'bestAsk', fromISO: '2025-01-01T00:00:00Z', limit: 1 },
        422,
        'pair NOPE-USD is not supported',
      ],
      [
        'get_candles',
        { pair: 'BTC-ETH', dataType: 'bestAsk', fromISO: '2025-01-01T00:00:00Z', limit: 1 },
        422,
        'pair BTC-ETH is not supported',
      ],
      [
        'get_candles',
        { pair: 'BTC-EUR', fromISO: '2025-01-01T00:00:00Z', limit: 1 },
        422,
        'Mandatory parameter dataType is missing',
      ],
      ['get_candles', { pair: 'BTC-EUR', dataType: 'bestAsk' }, 422, undefined],
      [
        'get_candles',
        { pair: 'BTC-EUR', dataType: 'bestAsk', fromISO: 'yesterday', limit: 1 },
        422,
        undefined,
      ],
      [
        'get_candles',
        { pair: 'BTC-EUR', dataType: 'bestAsk', toISO: Date.now(), limit: 5000 },
        422,
        undefined,
      ],
      [
        'get_candles',
        { pair: 'BTC-EUR', dataType: 'mid', toISO: Date.now(), limit: 1 },
        422,
        undefined,
      ],
      [
        'get_candles',
        { pair: 'BTC-EUR', dataType: 'bestAsk', toISO: Date.now(), limit: 1, extra: 1 },
        422,
        'Parameter extra is not supported',
      ],
      ['get_pairs_info', { pairs: 'BTC-USD' }, 422, undefined],
      ['get_trade_history', { pageSize: 2 }, 422, 'Mandatory parameter pair is missing'],
      ['get_currencies_info', { x: 1 }, 422, undefined],
      ['get_candles', [], 400, 'Bad Request'],
      ['get_candles', 'BTC-EUR', 400, 'Bad Request'],
      ['get_candles', new RawBody('{"pair":', 'application/json'), 400, 'Bad Request'],
      ['get_candles', new RawBody('', 'application/json'), 400, 'Bad Request'],
    ])('%s refuses %j with %d', async (method, body, status, message) => {
      const response = await call(method, body)
      expect(response.status, response.text).toBe(status)
      if (message) expect(response.body).toEqual({ error: message })
    })

    it('refuses unknown methods and other verbs with 400 Bad Request', async () => {
      for (const [method, path] of [
        ['POST', '/sandbox/market/get_order_book'],
        ['GET', '/sandbox/market/get_candles'],
        ['POST', '/sandbox/market'],
      ] as const) {
        const response = await fetch(`${ctx.server.url}${path}`, {
          method,
          ...(method === 'POST' ? { body: '{}' } : {}),
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({ error: 'Bad Request' })
      }
    })
  })
}
