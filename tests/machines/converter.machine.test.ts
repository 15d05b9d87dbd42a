import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { createMarketClient } from '../../src/api/market-client'
import { createConverterActors } from '../../src/machines/converter/converter.actors'
import {
  converterMachine,
  initialConverterContext,
  withCurrency,
  type ConverterContext,
  type ConverterSnapshot,
} from '../../src/machines/converter/converter.machine'
import {
  ALL_CURRENCIES,
  candlePair,
  candleQuery,
  classOf,
  convertToSource,
  convertToTarget,
  CRYPTO_CURRENCIES,
  CURRENCY_GROUPS,
  decimalsOf,
  FIAT_CURRENCIES,
  feeFor,
  formatAmount,
  isFiat,
  LARGE_AMOUNT_NOTICE,
  NO_DATA_WARNING,
  parseAmount,
  rateFromCandles,
  rateText,
  roundTo,
  sanitizeAmount,
  showsLargeAmountNotice,
  CONVERTER_DISCLAIMER,
  type CandlesAnswer,
  type Currency,
} from '../../src/machines/converter/converter-rules'
import { DeferredQueue } from '../support/deferred'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import {
  candles,
  converterEvents,
  DEBOUNCE_EVENT,
  describeConverterEvent,
  serializeConverter,
} from './converter-model'
import {
  exactSource,
  exactTarget,
  noticeOracle,
  rational,
  rationalOf,
  roundedText,
  type Rational,
} from './converter-oracle'

/** The pair the spec's words give: the fiat as base when 'from' is crypto, else the crypto. */
function pairOracle(from: Currency, to: Currency): string {
  const fromIsCrypto = (CRYPTO_CURRENCIES as readonly string[]).includes(from)
  const fiat = fromIsCrypto ? to : from
  const crypto = fromIsCrypto ? from : to
  return fromIsCrypto ? `${fiat}-${crypto}` : `${crypto}-${fiat}`
}

/**
 * `actual` (the app's number) against the oracle's exact value rounded to `decimals`: the same
 * text, except within floating-point noise of a tie (one unit of the last decimal apart at most),
 * or relatively close when the value has more digits than a double holds.
 */
function expectRoundedLike(actual: number, exact: Rational, decimals: number) {
  const oracle = roundedText(exact, decimals)
  const magnitude = Number(oracle.text)
  const units = magnitude * 10 ** decimals
  if (units > 1e15) {
    expect(Math.abs(actual - magnitude)).toBeLessThanOrEqual(magnitude * 1e-12)
    return
  }
  // A double carries about 16 significant digits: near a tie, the last decimal may go either way.
  if (oracle.fromTie < Math.max(1e-4, units * 1e-14)) {
    const digitsOf = (text: string) => BigInt(text.replace('.', ''))
    const apart = digitsOf(actual.toFixed(decimals)) - digitsOf(oracle.text)
    expect(apart >= -1n && apart <= 1n, `${actual.toFixed(decimals)} vs ${oracle.text}`).toBe(true)
    return
  }
  expect(actual.toFixed(decimals)).toBe(oracle.text)
}

/** The computed side of a converter context, checked against the oracle. */
function expectComputedSide(context: ConverterContext) {
  const { from, to, rate, lastEdited } = context
  if (lastEdited === 'from') {
    if (rate === 0 || from.amount === 0) expect(to.amount).toBe(0)
    else
      expectRoundedLike(
        to.amount,
        exactTarget(rationalOf(from.amount), rationalOf(rate)),
        decimalsOf(to.currency),
      )
  } else {
    if (rate === 0 || to.amount === 0) expect(from.amount).toBe(0)
    else
      expectRoundedLike(
        from.amount,
        exactSource(rationalOf(to.amount), rationalOf(rate)),
        decimalsOf(from.currency),
      )
  }
}

interface Ctx {
  actor: Actor<typeof converterMachine>
  requests: DeferredQueue<CandlesAnswer | null>
  pairs: string[]
  /** What the rate must be: the last close that came with data, 0 before. */
  expectedRate: number
  expectedWarnings: number
  warn: MockInstance<typeof console.warn>
}

describe('converter machine (spec §4 Converter, §5 Converter inputs, §9 Converter)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  const pm = createPathModel(converterMachine, {
    events: [
      ...Object.values(converterEvents),
      ...plainEventsOf(converterMachine).filter((e) => e.type === DEBOUNCE_EVENT),
    ],
    serializeState: serializeConverter,
    serializeEvent: describeConverterEvent,
  })

  const classesDiffer = (_ctx: Ctx, s: ConverterSnapshot) => {
    expect(classOf(s.context.from.currency)).not.toBe(classOf(s.context.to.currency))
    expect(showsLargeAmountNotice(s.context.from, s.context.to)).toBe(
      noticeOracle(isFiat(s.context.from.currency), s.context.from.amount, s.context.to.amount),
    )
  }

  const runner: PathRunner<typeof converterMachine, Ctx> = {
    setup(inspect) {
      const requests = new DeferredQueue<CandlesAnswer | null>()
      const pairs: string[] = []
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      warn.mockClear()
      const actor = createActor(
        converterMachine.provide({
          actors: {
            fetchRate: fromPromise(({ input }: { input: { pair: string } }) => {
              pairs.push(input.pair)
              return requests.next()
            }),
          },
        }),
        { inspect },
      ).start()
      return { actor, requests, pairs, expectedRate: 0, expectedWarnings: 0, warn }
    },
    async event(ctx, event) {
      if (event.type === 'xstate.done.actor.fetchRate') {
        const output = (event as unknown as { output: CandlesAnswer }).output
        const rate = rateFromCandles(output)
        if (rate === null) ctx.expectedWarnings++
        else ctx.expectedRate = rate
        ctx.requests.latest.resolve(output)
      } else if (event.type === 'xstate.error.actor.fetchRate') {
        ctx.expectedWarnings++
        ctx.requests.latest.reject(new Error('offline'))
      } else if (event.type === DEBOUNCE_EVENT) {
        await vi.advanceTimersByTimeAsync(749)
        expect(ctx.actor.getSnapshot().matches({ amounts: 'debouncing' })).toBe(true)
        await vi.advanceTimersByTimeAsync(1)
      } else if (event.type === 'amount.change' || event.type === 'currency.change') {
        ctx.actor.send(event as never)
      }
      await vi.advanceTimersByTimeAsync(0)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      rate: classesDiffer,
      'rate.loading': (ctx, s) => {
        expect(ctx.pairs.at(-1)).toBe(pairOracle(s.context.from.currency, s.context.to.currency))
      },
      'rate.ready': (ctx, s) => {
        expect(s.context.rate).toBe(ctx.expectedRate)
        expect(ctx.warn.mock.calls.length).toBe(ctx.expectedWarnings)
        for (const call of ctx.warn.mock.calls) expect(call).toEqual([NO_DATA_WARNING])
        expect(rateText(s.context.from.currency, s.context.to.currency, s.context.rate)).toBe(
          `1 ${s.context.to.currency} = ${s.context.rate.toFixed(isFiat(s.context.from.currency) ? 2 : 8)} ${s.context.from.currency}`,
        )
      },
      amounts: classesDiffer,
      'amounts.idle': (_ctx, s) => {
        if (s.matches({ rate: 'ready' })) expectComputedSide(s.context)
      },
      'amounts.debouncing': (_ctx, s) => {
        const edited = s.context[s.context.lastEdited]
        expect(edited.text).toBe(sanitizeAmount(edited.text))
        expect(edited.amount).toBe(parseAmount(edited.text))
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths (rates, debounce, both sides, swaps, notice)', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
    // The graph reaches the notice both ways, both edited sides and both source classes.
    const states = pm.paths.flatMap((p) => p.steps.map((s) => s.state))
    expect(
      new Set(states.map((s) => showsLargeAmountNotice(s.context.from, s.context.to))),
    ).toEqual(new Set([true, false]))
    expect(new Set(states.map((s) => s.context.lastEdited))).toEqual(new Set(['from', 'to']))
    expect(new Set(states.map((s) => classOf(s.context.from.currency)))).toEqual(
      new Set(['fiat', 'crypto']),
    )
  })

  it('starts with 10000 EUR to BTC, the rate 0 and the other side 0, and asks for BTC-EUR', async () => {
    const ctx = await runner.setup(() => undefined)
    const s = ctx.actor.getSnapshot()
    expect(s.context).toEqual(initialConverterContext)
    expect(s.context.from).toMatchObject({ currency: 'EUR', amount: 10000 })
    expect(s.context.to).toMatchObject({ currency: 'BTC', amount: 0 })
    expect(ctx.pairs).toEqual(['BTC-EUR'])
    ctx.requests.latest.resolve(candles('61087.8'))
    await vi.advanceTimersByTimeAsync(0)
    // 10000 × (1 − 1.1%) / 61087.8 = 0.161898119…, to 8 decimals.
    expect(ctx.actor.getSnapshot().context.to.amount).toBe(0.16189812)
    ctx.actor.stop()
  })

  it('recomputes the other side 750 ms after the last edit, not before', async () => {
    const ctx = await runner.setup(() => undefined)
    ctx.requests.latest.resolve(candles('50000'))
    await vi.advanceTimersByTimeAsync(0)
    ctx.actor.send({ type: 'amount.change', side: 'from', text: '1a0,0 0€' })
    expect(ctx.actor.getSnapshot().context.from).toMatchObject({ text: '1000', amount: 1000 })
    await vi.advanceTimersByTimeAsync(500)
    ctx.actor.send({ type: 'amount.change', side: 'from', text: '2000' })
    await vi.advanceTimersByTimeAsync(749)
    expect(ctx.actor.getSnapshot().context.to.amount).toBe(0.1978)
    await vi.advanceTimersByTimeAsync(1)
    // 2000 × 0.96 / 50000
    expect(ctx.actor.getSnapshot().context.to.amount).toBe(0.0384)
    expect(ctx.actor.getSnapshot().context.lastEdited).toBe('from')
    // Editing the target computes the source with the fee added: 0.5 × 50000 × 1.04.
    ctx.actor.send({ type: 'amount.change', side: 'to', text: '0.5' })
    await vi.advanceTimersByTimeAsync(750)
    expect(ctx.actor.getSnapshot().context.from.amount).toBe(26000)
    expect(ctx.actor.getSnapshot().context.lastEdited).toBe('to')
    // Empty is 0, and 0 gives 0.
    ctx.actor.send({ type: 'amount.change', side: 'to', text: '' })
    await vi.advanceTimersByTimeAsync(750)
    expect(ctx.actor.getSnapshot().context.from.amount).toBe(0)
    ctx.actor.stop()
  })

  it("logs '[WARN] No data from exchange' and keeps the rate when the answer is not ok or empty", async () => {
    const ctx = await runner.setup(() => undefined)
    ctx.requests.latest.resolve({ ok: 'error' } as CandlesAnswer)
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.warn).toHaveBeenCalledWith('[WARN] No data from exchange')
    expect(ctx.actor.getSnapshot().context.rate).toBe(0)
    expect(ctx.actor.getSnapshot().context.to.amount).toBe(0)
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
    ctx.requests.latest.resolve(candles('2000'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.actor.getSnapshot().context.rate).toBe(2000)
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'SOL' })
    ctx.requests.latest.resolve(null)
    await vi.advanceTimersByTimeAsync(0)
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ADA' })
    ctx.requests.latest.reject(new Error('network'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.warn).toHaveBeenCalledTimes(3)
    expect(ctx.actor.getSnapshot().context.rate).toBe(2000)
    ctx.actor.stop()
  })

  it('only the answer for the latest pair counts', async () => {
    const ctx = await runner.setup(() => undefined)
    ctx.actor.send({ type: 'currency.change', side: 'from', currency: 'GBP' })
    expect(ctx.pairs).toEqual(['BTC-EUR', 'BTC-GBP'])
    ctx.requests.all[0]?.resolve(candles('1'))
    ctx.requests.all[1]?.resolve(candles('40000'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.actor.getSnapshot().context.rate).toBe(40000)
    ctx.actor.stop()
  })
})

describe('converter rules, against an independent oracle (fast-check)', () => {
  // Amounts in cents up to 100 million, rates as mantissa × 10^-k (SHIB-like to BTC-like).
  const cents = fc.integer({ min: 0, max: 10_000_000_000 })
  const rateParts = fc.record({
    mantissa: fc.integer({ min: 1, max: 999_999_999 }),
    scale: fc.integer({ min: 0, max: 12 }),
  })
  const currency = fc.constantFrom(...ALL_CURRENCIES)

  it("computes 'to' as from / rate × (1 − fee), rounded for the target's class", () => {
    fc.assert(
      fc.property(cents, rateParts, currency, (c, { mantissa, scale }, target) => {
        const amount = c / 100
        const rate = mantissa / 10 ** scale
        const actual = convertToTarget(amount, rate, target)
        if (c === 0) {
          expect(actual).toBe(0)
          return
        }
        expectRoundedLike(
          actual,
          exactTarget(rationalOf(amount), rationalOf(rate)),
          isFiat(target) ? 2 : 8,
        )
      }),
      { numRuns: 2000 },
    )
  })

  it("computes 'from' as to × rate × (1 + fee), rounded for the source's class", () => {
    fc.assert(
      fc.property(cents, rateParts, currency, (c, { mantissa, scale }, source) => {
        const amount = c / 100
        const rate = mantissa / 10 ** scale
        const actual = convertToSource(amount, rate, source)
        if (c === 0) {
          expect(actual).toBe(0)
          return
        }
        expectRoundedLike(
          actual,
          exactSource(rationalOf(amount), rationalOf(rate)),
          isFiat(source) ? 2 : 8,
        )
      }),
      { numRuns: 2000 },
    )
  })

  it('gives 0 for a rate of 0 or an amount of 0', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), currency, (x, c) => {
        expect(convertToTarget(x, 0, c)).toBe(0)
        expect(convertToSource(x, 0, c)).toBe(0)
        expect(convertToTarget(0, x, c)).toBe(0)
        expect(convertToSource(0, x, c)).toBe(0)
      }),
    )
  })

  it('charges 4% below 10000 and 1.1% from 10000, on the converted amount', () => {
    expect(feeFor(9999.99)).toBe(0.04)
    expect(feeFor(10000)).toBe(0.011)
    expect(convertToTarget(9999.99, 1, 'EUR')).toBe(9599.99)
    expect(convertToTarget(10000, 1, 'EUR')).toBe(9890)
    expect(convertToSource(9999.99, 1, 'EUR')).toBe(10399.99)
    expect(convertToSource(10000, 1, 'EUR')).toBe(10110)
    fc.assert(
      fc.property(cents, (c) => {
        expect(feeFor(c / 100)).toBe(c < 1_000_000 ? 0.04 : 0.011)
      }),
    )
  })

  it('rounds half away from zero on the decimal digits', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(0.123456785, 8)).toBe(0.12345679)
    expect(roundTo(1e-9, 8)).toBe(0)
    expect(roundTo(5e-9, 8)).toBe(1e-8)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom(2, 8),
        (n, k, d) => {
          const x = n / 10 ** k
          expectRoundedLike(roundTo(x, d), rationalOf(x), d)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('keeps only digits and the dot; empty is 0', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const kept = sanitizeAmount(text)
        expect(kept).toMatch(/^[0-9.]*$/)
        expect(kept).toBe(
          Array.from(text)
            .filter((ch) => /[0-9.]/.test(ch))
            .join(''),
        )
        const parsed = parseAmount(kept)
        expect(Number.isFinite(parsed)).toBe(true)
        if (kept === '') expect(parsed).toBe(0)
        else if (/^[0-9]+(\.[0-9]*)?$/.test(kept)) expect(parsed).toBe(Number(kept))
      }),
    )
    expect(parseAmount('')).toBe(0)
    expect(parseAmount('.')).toBe(0)
    expect(parseAmount('12.5.3')).toBe(12.5)
  })

  it('always keeps one side fiat and the other crypto, swapping to the previous currency', () => {
    const choice = fc.record({ side: fc.constantFrom('from' as const, 'to' as const), currency })
    fc.assert(
      fc.property(fc.array(choice, { maxLength: 30 }), (choices) => {
        let context = initialConverterContext
        for (const { side, currency: chosen } of choices) {
          const other = side === 'from' ? 'to' : 'from'
          const before = context
          context = { ...context, ...withCurrency(context, side, chosen) }
          expect(context[side].currency).toBe(chosen)
          expect(isFiat(context.from.currency)).not.toBe(isFiat(context.to.currency))
          if (isFiat(chosen) === isFiat(before[other].currency))
            expect(context[other].currency).toBe(before[side].currency)
          else expect(context[other].currency).toBe(before[other].currency)
        }
      }),
    )
  })

  it('asks for the pair with the fiat as base when from is crypto, otherwise the crypto', () => {
    expect(candlePair('EUR', 'BTC')).toBe('BTC-EUR')
    expect(candlePair('BTC', 'EUR')).toBe('EUR-BTC')
    fc.assert(
      fc.property(
        fc.constantFrom(...FIAT_CURRENCIES),
        fc.constantFrom(...CRYPTO_CURRENCIES),
        (f, c) => {
          expect(candlePair(f, c)).toBe(pairOracle(f, c))
          expect(candlePair(c, f)).toBe(pairOracle(c, f))
        },
      ),
    )
    expect(candleQuery('BTC-EUR', new Date('2025-03-05T15:42:10.123Z'))).toEqual({
      pair: 'BTC-EUR',
      fromISO: '2025-03-05T00:00:00.000Z',
      limit: 1,
      dataType: 'bestAsk',
      resolution: '4h',
    })
  })

  it('shows the large-amount notice exactly when the spec says', () => {
    expect(showsLargeAmountNotice({ currency: 'EUR', amount: 6999.99 }, { amount: 0 })).toBe(false)
    expect(showsLargeAmountNotice({ currency: 'EUR', amount: 7000 }, { amount: 0 })).toBe(true)
    expect(showsLargeAmountNotice({ currency: 'EUR', amount: 10000 }, { amount: 0 })).toBe(false)
    expect(showsLargeAmountNotice({ currency: 'EUR', amount: 10000.01 }, { amount: 0 })).toBe(true)
    expect(showsLargeAmountNotice({ currency: 'BTC', amount: 1 }, { amount: 7000 })).toBe(true)
    expect(showsLargeAmountNotice({ currency: 'BTC', amount: 99999 }, { amount: 6999 })).toBe(false)
    const amount = fc.oneof(
      fc.constantFrom(0, 6999.99, 7000, 10000),
      fc.double({ min: 0, max: 1e7, noNaN: true }),
    )
    fc.assert(
      fc.property(currency, amount, amount, (source, a, b) => {
        expect(showsLargeAmountNotice({ currency: source, amount: a }, { amount: b })).toBe(
          noticeOracle(isFiat(source), a, b),
        )
      }),
    )
  })

  it('reads the rate from the latest candle, and nothing from an answer that is not ok', () => {
    expect(rateFromCandles(candles('61087.8'))).toBe(61087.8)
    expect(rateFromCandles({ ok: 'ok', data: [{ close: 5 }] })).toBe(5)
    expect(
      rateFromCandles({
        ok: 'ok',
        data: [
          { close: '2', timestamp: '2000' },
          { close: '3', timestamp: '3000' },
          { close: '1', timestamp: '1000' },
        ],
      }),
    ).toBe(3)
    expect(rateFromCandles({ ok: 'ok', data: [] })).toBeNull()
    expect(rateFromCandles({ ok: 'error', data: [{ close: '1' }] })).toBeNull()
    expect(rateFromCandles({ data: [{ close: '1' }] })).toBeNull()
    expect(rateFromCandles(null)).toBeNull()
    expect(rateFromCandles({ ok: 'ok', data: [{ close: 'n/a' }] })).toBeNull()
  })

  it('has the exact texts: groups, rate, notice and disclaimer', () => {
    expect(CURRENCY_GROUPS.map((g) => g.label)).toEqual(['Fiat Currencies', 'Crypto Currencies'])
    expect(CURRENCY_GROUPS[0]?.currencies).toEqual(['EUR', 'GBP', 'USD'])
    expect(CURRENCY_GROUPS[1]?.currencies).toEqual([
      'BTC',
      'ETH',
      'ADA',
      'ATOM',
      'BAT',
      'BCH',
      'DOT',
      'LINK',
      'LTC',
      'NEO',
      'SHIB',
      'SOL',
      'TRX',
      'USDC',
      'USDT',
      'XLM',
      'XRP',
    ])
    expect(rateText('EUR', 'BTC', 61087.8)).toBe('1 BTC = 61087.80 EUR')
    expect(rateText('BTC', 'EUR', 0.0000163698)).toBe('1 EUR = 0.00001637 BTC')
    expect(rateText('EUR', 'BTC', 0)).toBe('1 BTC = 0.00 EUR')
    expect(`${LARGE_AMOUNT_NOTICE} here`).toBe(
      'We offer flexible fees for big amounts. Get a personalized calculation here',
    )
    expect(CONVERTER_DISCLAIMER).toBe(
      'Exchange rates constantly change, so the final amount may differ from what you see in the converter.',
    )
  })

  it('shows computed amounts without exponents or trailing zeros', () => {
    expect(formatAmount(1e-7, 'BTC')).toBe('0.0000001')
    expect(formatAmount(0.16188109, 'BTC')).toBe('0.16188109')
    expect(formatAmount(26000, 'EUR')).toBe('26000')
    expect(formatAmount(9599.9, 'EUR')).toBe('9599.9')
    expect(formatAmount(0, 'EUR')).toBe('0')
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), currency, (x, c) => {
        const text = formatAmount(roundTo(x, decimalsOf(c)), c)
        expect(text).toMatch(/^[0-9]+(\.[0-9]*[1-9])?$/)
      }),
    )
  })
})

describe('converter actors (spec §7 get_candles)', () => {
  it("posts the candle query for the pair to the market API's get_candles", async () => {
    const bodies: unknown[] = []
    const fetch = (async (input: Request | string | URL) => {
      const request = input as Request
      expect(request.url).toBe('http://market.test/sandbox/market/get_candles')
      expect(request.method).toBe('POST')
      bodies.push(await request.json())
      return new Response(JSON.stringify(candles('61087.8')), {
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof globalThis.fetch
    const market = createMarketClient({ baseUrl: 'http://market.test/sandbox/market', fetch })
    const actors = createConverterActors({
      market: () => Promise.resolve(market),
      now: () => new Date('2025-03-05T15:00:00Z'),
    })
    const actor = createActor(actors.fetchRate, { input: { pair: 'BTC-EUR' } }).start()
    const output = await new Promise((resolve) =>
      actor.subscribe({
        complete: () => {
          resolve(actor.getSnapshot().output)
        },
      }),
    )
    expect(rateFromCandles(output as CandlesAnswer)).toBe(61087.8)
    expect(bodies).toEqual([
      {
        pair: 'BTC-EUR',
        fromISO: '2025-03-05T00:00:00.000Z',
        limit: 1,
        dataType: 'bestAsk',
        resolution: '4h',
      },
    ])
  })

  it('resolves to null when the market answers with an error status', async () => {
    const fetch = (() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'pair NOPE-USD is not supported' }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
      )) as typeof globalThis.fetch
    const market = createMarketClient({ baseUrl: 'http://market.test', fetch })
    const actors = createConverterActors({ market: () => Promise.resolve(market) })
    const actor = createActor(actors.fetchRate, { input: { pair: 'NOPE-USD' } }).start()
    const output = await new Promise((resolve) =>
      actor.subscribe({
        complete: () => {
          resolve(actor.getSnapshot().output)
        },
      }),
    )
    expect(output).toBeNull()
    expect(rateFromCandles(output as null)).toBeNull()
  })
})

// Keeps the oracle's helpers honest too.
describe('converter oracle', () => {
  it('rounds exact rationals half up', () => {
    expect(roundedText(rational(1005n, 1000n), 2).text).toBe('1.01')
    expect(roundedText(rational(1n, 3n), 8).text).toBe('0.33333333')
    expect(roundedText(rational(0n, 1n), 2).text).toBe('0.00')
    expect(rationalOf(1e-7)).toEqual(rational(1n, 10_000_000n))
    expect(rationalOf(61087.8)).toEqual(rational(610878n, 10n))
  })
})
