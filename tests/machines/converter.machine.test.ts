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
  classOf,
  CRYPTO_CURRENCIES,
  isFiat,
  type Currency,
} from '../../domain/currencies'
import {
  displayedRate,
  NO_DATA_WARNING,
  parseAmount,
  rateFromCandles,
  sanitizeAmount,
  showsLargeAmountNotice,
  type CandlesAnswer,
} from '../../domain/exchange-rules'
import type { MarketFacts } from '../../domain/market-facts'
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
  SANDBOX_FACTS,
} from '../../src/flows/fixtures/converter'
import { describeConverterEvent, serializeConverter } from './converter-model'
import {
  displayedRateOracle,
  noticeOracle,
  sourceText,
  targetText,
} from '../domain/rational-oracle'

/** The pair the spec's words give: the fiat as base when 'from' is crypto, else the crypto. */
function pairOracle(from: Currency, to: Currency): string {
  const fromIsCrypto = (CRYPTO_CURRENCIES as readonly string[]).includes(from)
  const fiat = fromIsCrypto ? to : from
  const crypto = fromIsCrypto ? from : to
  return fromIsCrypto ? `${fiat}-${crypto}` : `${crypto}-${fiat}`
}

/** The computed side of a converter context, exactly as the oracle computes it. */
function expectComputedSide(context: ConverterContext) {
  const { from, to, rate, lastEdited } = context
  if (lastEdited === 'from') {
    expect(to.amount).toBe(targetText(from.amount, rate, isFiat(to.currency)))
    expect(to.text).toBe(to.amount)
  } else {
    expect(from.amount).toBe(sourceText(to.amount, rate, isFiat(from.currency)))
    expect(from.text).toBe(from.amount)
  }
}

interface Ctx {
  actor: Actor<typeof converterMachine>
  requests: DeferredQueue<CandlesAnswer | null>
  facts: DeferredQueue<MarketFacts>
  pairs: string[]
  /** What the rate must be: the last close that came with data, '0' before. */
  expectedRate: string
  /** What the market facts must be: those that arrived, none before. */
  expectedFacts: MarketFacts
  expectedWarnings: number
  warn: MockInstance<typeof console.warn>
}

describe('converter machine (docs/product/flows.md#converter, docs/product/validation.md#converter-inputs, docs/product/limits.md#converter)', () => {
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
      const facts = new DeferredQueue<MarketFacts>()
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
            fetchMarketFacts: fromPromise(() => facts.next()),
          },
        }),
        { inspect },
      ).start()
      return {
        actor,
        requests,
        facts,
        pairs,
        expectedRate: '0',
        expectedFacts: {},
        expectedWarnings: 0,
        warn,
      }
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
      } else if (event.type === 'xstate.done.actor.fetchMarketFacts') {
        const output = (event as unknown as { output: MarketFacts }).output
        ctx.expectedFacts = output
        ctx.facts.latest.resolve(output)
      } else if (event.type === 'xstate.error.actor.fetchMarketFacts') {
        ctx.facts.latest.reject(new Error('offline'))
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
        const { from, to, rate, facts } = s.context
        // The exchange's facts once they came, none before (or after a failure).
        expect(facts).toEqual(ctx.expectedFacts)
        expect(rate).toBe(ctx.expectedRate)
        expect(ctx.warn.mock.calls.length).toBe(ctx.expectedWarnings)
        for (const call of ctx.warn.mock.calls) expect(call).toEqual([NO_DATA_WARNING])
        expect(displayedRate(from.currency, to.currency, rate, facts)).toBe(
          displayedRateOracle(
            from.currency,
            to.currency,
            rate,
            isFiat(from.currency),
            facts.precision?.[from.currency],
          ),
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
    expect(s.context.from).toMatchObject({ currency: 'EUR', amount: '10000' })
    expect(s.context.to).toMatchObject({ currency: 'BTC', amount: '0' })
    expect(ctx.pairs).toEqual(['BTC-EUR'])
    ctx.requests.latest.resolve(candles('61087.8'))
    ctx.facts.latest.resolve(SANDBOX_FACTS)
    await vi.advanceTimersByTimeAsync(0)
    // 10000 × (1 − 1.1%) / 61087.8 = 0.161898119…, to 8 decimals.
    expect(ctx.actor.getSnapshot().context.to).toMatchObject({
      amount: '0.16189812',
      text: '0.16189812',
    })
    expect(ctx.actor.getSnapshot().context.facts).toEqual(SANDBOX_FACTS)
    ctx.actor.stop()
  })

  it('recomputes the other side 750 ms after the last edit, not before', async () => {
    const ctx = await runner.setup(() => undefined)
    ctx.requests.latest.resolve(candles('50000'))
    await vi.advanceTimersByTimeAsync(0)
    ctx.actor.send({ type: 'amount.change', side: 'from', text: '1a0,0 0€' })
    expect(ctx.actor.getSnapshot().context.from).toMatchObject({ text: '1000', amount: '1000' })
    await vi.advanceTimersByTimeAsync(500)
    ctx.actor.send({ type: 'amount.change', side: 'from', text: '2000' })
    await vi.advanceTimersByTimeAsync(749)
    expect(ctx.actor.getSnapshot().context.to.amount).toBe('0.19780000')
    await vi.advanceTimersByTimeAsync(1)
    // 2000 × 0.96 / 50000
    expect(ctx.actor.getSnapshot().context.to.amount).toBe('0.03840000')
    expect(ctx.actor.getSnapshot().context.lastEdited).toBe('from')
    // Editing the target computes the source with the fee added: 0.5 × 50000 × 1.04.
    ctx.actor.send({ type: 'amount.change', side: 'to', text: '0.5' })
    await vi.advanceTimersByTimeAsync(750)
    expect(ctx.actor.getSnapshot().context.from.amount).toBe('26000.00')
    expect(ctx.actor.getSnapshot().context.lastEdited).toBe('to')
    // Empty is 0, and 0 gives 0.
    ctx.actor.send({ type: 'amount.change', side: 'to', text: '' })
    await vi.advanceTimersByTimeAsync(750)
    expect(ctx.actor.getSnapshot().context.from.amount).toBe('0')
    ctx.actor.stop()
  })

  it("logs '[WARN] No data from exchange' and keeps the rate when the answer is not ok or empty", async () => {
    const ctx = await runner.setup(() => undefined)
    ctx.requests.latest.resolve({ ok: 'error' } as CandlesAnswer)
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.warn).toHaveBeenCalledWith('[WARN] No data from exchange')
    expect(ctx.actor.getSnapshot().context.rate).toBe('0')
    expect(ctx.actor.getSnapshot().context.to.amount).toBe('0')
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
    ctx.requests.latest.resolve(candles('2000'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.actor.getSnapshot().context.rate).toBe('2000')
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'SOL' })
    ctx.requests.latest.resolve(null)
    await vi.advanceTimersByTimeAsync(0)
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ADA' })
    ctx.requests.latest.reject(new Error('network'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.warn).toHaveBeenCalledTimes(3)
    expect(ctx.actor.getSnapshot().context.rate).toBe('2000')
    ctx.actor.stop()
  })

  it('only the answer for the latest pair counts', async () => {
    const ctx = await runner.setup(() => undefined)
    ctx.actor.send({ type: 'currency.change', side: 'from', currency: 'GBP' })
    expect(ctx.pairs).toEqual(['BTC-EUR', 'BTC-GBP'])
    ctx.requests.all[0]?.resolve(candles('1'))
    ctx.requests.all[1]?.resolve(candles('40000'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.actor.getSnapshot().context.rate).toBe('40000')
    ctx.actor.stop()
  })
})

describe('converter currency choice (docs/product/flows.md#currency-choice)', () => {
  const currency = fc.constantFrom(...ALL_CURRENCIES)

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
})

describe('converter actors (docs/product/api.md#market-data-api)', () => {
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
    expect(rateFromCandles(output)).toBe('61087.8')
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

  it('asks get_currencies_info, get_pairs_info and get_trade_history with the spec’s bodies', async () => {
    const seen: { path: string; body: unknown }[] = []
    const answers: Record<string, unknown> = {
      '/get_currencies_info': {
        ok: 'ok',
        data: [{ currency: 'EUR', fiat: true, precision: '2' }],
      },
      '/get_pairs_info': {
        ok: 'ok',
        data: [{ base: 'BTC', quote: 'USD', basePrecision: '8', quotePrecision: '2' }],
      },
    }
    const fetch = (async (input: Request | string | URL) => {
      const request = input as Request
      const path = new URL(request.url).pathname.replace('/sandbox/market', '')
      seen.push({ path, body: await request.json() })
      const answer = answers[path]
      // get_trade_history fails: the other two still count.
      return answer
        ? new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: 'API rate limit reached' }), {
            status: 429,
            headers: { 'content-type': 'application/json' },
          })
    }) as typeof globalThis.fetch
    const market = createMarketClient({ baseUrl: 'http://market.test/sandbox/market', fetch })
    const actors = createConverterActors({ market: () => Promise.resolve(market) })
    const actor = createActor(actors.fetchMarketFacts).start()
    const output = await new Promise((resolve) =>
      actor.subscribe({
        complete: () => {
          resolve(actor.getSnapshot().output)
        },
      }),
    )
    expect(output).toEqual({ precision: { EUR: 2, BTC: 8, USD: 2 } })
    expect(seen.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/get_currencies_info', body: {} },
      { path: '/get_pairs_info', body: { pairs: ['BTC-USD'] } },
      { path: '/get_trade_history', body: { pair: 'BTC-USD', pageSize: 2 } },
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
