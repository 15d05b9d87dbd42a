import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { createMarketClient } from '../../src/api/market-client'
import { createConverterActors } from '../../src/machines/converter/converter.actors'
import {
  converterMachine,
  initialConverterContext,
  withChosenCurrency,
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
import { deferred, DeferredQueue, type Deferred } from '../support/deferred'
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
import {
  converterScenarios,
  describeConverterEvent,
  scenariosNotWalked,
  serializeConverter,
} from './converter-model'
import {
  displayedRateOracle,
  noticeOracle,
  sourceText,
  targetText,
} from '../domain/rational-oracle'

/** A price no chosen pair has in the samples: what a late answer for an old pair brings. */
const STALE_CLOSE = '77777.77'

/** The pair the spec's words give: the fiat as base when 'from' is crypto, else the crypto. */
function pairOracle(from: Currency, to: Currency): string {
  const fromIsCrypto = (CRYPTO_CURRENCIES as readonly string[]).includes(from)
  const fiat = fromIsCrypto ? to : from
  const crypto = fromIsCrypto ? from : to
  return fromIsCrypto ? `${fiat}-${crypto}` : `${crypto}-${fiat}`
}

/** The computed side of a converter context, exactly as the oracle computes it at `rate`. */
function expectComputedSide(context: ConverterContext, rate: string) {
  const { from, to, lastEdited } = context
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
  /**
   * What the rate must be: the last close that came with data for the chosen pair, '0' before
   * and from the moment another pair is chosen (issue 25 finding 9).
   */
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
    scenarios: converterScenarios,
  })

  const classesDiffer = (_ctx: Ctx, s: ConverterSnapshot) => {
    expect(classOf(s.context.from.currency)).not.toBe(classOf(s.context.to.currency))
    expect(showsLargeAmountNotice(s.context.from, s.context.to)).toBe(
      noticeOracle(isFiat(s.context.from.currency), s.context.from.amount, s.context.to.amount),
    )
  }

  /** The rate and the rate shown are the chosen pair's, as the oracle writes it. */
  const expectRate = (ctx: Ctx, s: ConverterSnapshot) => {
    const { from, to, rate, facts } = s.context
    expect(rate).toBe(ctx.expectedRate)
    expect(displayedRate(from.currency, to.currency, rate, facts)).toBe(
      displayedRateOracle(
        from.currency,
        to.currency,
        ctx.expectedRate,
        isFiat(from.currency),
        facts.precision?.[from.currency],
      ),
    )
  }

  /**
   * Answers every request of a pair no longer chosen, late, with a price of its own, before the
   * path's outcome for the chosen pair: none of them may land.
   */
  const answerLate = async (ctx: Ctx) => {
    for (const request of ctx.requests.all.slice(0, -1)) request.resolve(candles(STALE_CLOSE))
    await vi.advanceTimersByTimeAsync(0)
    const s = ctx.actor.getSnapshot()
    expect(s.matches({ rate: 'loading' })).toBe(true)
    expect(s.context.rate).toBe(ctx.expectedRate)
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
      if (
        event.type === 'xstate.done.actor.fetchRate' ||
        event.type === 'xstate.error.actor.fetchRate'
      )
        await answerLate(ctx)
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
      } else if (event.type === 'currency.change') {
        const { side, currency } = event as unknown as { side: 'from' | 'to'; currency: Currency }
        // Another currency is another pair: its rate is not known yet.
        if (currency !== ctx.actor.getSnapshot().context[side].currency) ctx.expectedRate = '0'
        ctx.actor.send(event as never)
      } else if (event.type === 'amount.change') {
        ctx.actor.send(event as never)
      }
      await vi.advanceTimersByTimeAsync(0)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      rate: classesDiffer,
      'rate.loading': (ctx, s) => {
        expect(ctx.pairs.at(-1)).toBe(pairOracle(s.context.from.currency, s.context.to.currency))
        // While the chosen pair's candle is on its way: the rate it had, or 0 for a new pair.
        expectRate(ctx, s)
      },
      'rate.ready': (ctx, s) => {
        // The exchange's facts once they came, none before (or after a failure).
        expect(s.context.facts).toEqual(ctx.expectedFacts)
        expectRate(ctx, s)
        expect(ctx.warn.mock.calls.length).toBe(ctx.expectedWarnings)
        for (const call of ctx.warn.mock.calls) expect(call).toEqual([NO_DATA_WARNING])
      },
      amounts: classesDiffer,
      'amounts.idle': (ctx, s) => {
        expectComputedSide(s.context, ctx.expectedRate)
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
    expect(scenariosNotWalked(pm.paths)).toEqual([])
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
    // About 1050 paths: some 4 s alone, more on 2 cores shared with other test files.
  }, 60_000)

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

  it('reads and writes amounts in Polish on a Polish page (issue 30)', async () => {
    const rate = deferred<CandlesAnswer | null>()
    const actor = createActor(
      converterMachine.provide({
        actors: {
          fetchRate: fromPromise(() => rate.promise),
          fetchMarketFacts: fromPromise(() => new Promise<MarketFacts>(() => undefined)),
        },
      }),
      { input: { locale: 'pl' } },
    ).start()
    expect(actor.getSnapshot().context).toEqual({ ...initialConverterContext, locale: 'pl' })
    rate.resolve(candles('50000'))
    await vi.advanceTimersByTimeAsync(0)
    // 10000 × (1 − 1.1%) / 50000, written with a decimal comma.
    expect(actor.getSnapshot().context.to).toMatchObject({
      amount: '0.19780000',
      text: '0,19780000',
    })
    // The field keeps what a Polish customer types; the amount is its decimal.
    actor.send({ type: 'amount.change', side: 'from', text: '1 000,50 zł' })
    expect(actor.getSnapshot().context.from).toMatchObject({ text: '1 000,50 ', amount: '1000.5' })
    await vi.advanceTimersByTimeAsync(750)
    // 1000.5 × 0.96 / 50000
    expect(actor.getSnapshot().context.to).toMatchObject({
      amount: '0.01920960',
      text: '0,01920960',
    })
    // Editing the target computes the source with the fee added: 0.5 × 50000 × 1.04.
    actor.send({ type: 'amount.change', side: 'to', text: '0,5' })
    await vi.advanceTimersByTimeAsync(750)
    expect(actor.getSnapshot().context.from).toMatchObject({ amount: '26000.00', text: '26000,00' })
    actor.stop()
  })

  it("logs '[WARN] No data from exchange' and keeps the pair's rate when its answer is not ok or empty", async () => {
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
    // The same pair asked again: when it answers nothing, the rate it had stays.
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
    expect(ctx.pairs).toEqual(['BTC-EUR', 'ETH-EUR', 'ETH-EUR'])
    expect(ctx.actor.getSnapshot().context.rate).toBe('2000')
    ctx.requests.latest.resolve(null)
    await vi.advanceTimersByTimeAsync(0)
    ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
    ctx.requests.latest.reject(new Error('network'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ctx.warn).toHaveBeenCalledTimes(3)
    expect(ctx.actor.getSnapshot().matches({ rate: 'ready' })).toBe(true)
    expect(ctx.actor.getSnapshot().context.rate).toBe('2000')
    // 10000 × (1 − 1.1%) / 2000
    expect(ctx.actor.getSnapshot().context.to.amount).toBe('4.94500000')
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

  describe('a rate belongs to its pair (issue 25 finding 9)', () => {
    const shown = (ctx: Ctx) => {
      const { from, to, rate, facts } = ctx.actor.getSnapshot().context
      return displayedRate(from.currency, to.currency, rate, facts)
    }

    it("shows 0 and computes 0, never the old pair's rate, while the new pair's candle is slow", async () => {
      const ctx = await runner.setup(() => undefined)
      ctx.requests.latest.resolve(candles('78187.18'))
      await vi.advanceTimersByTimeAsync(0)
      expect(shown(ctx)).toBe('1 BTC = 78187.18 EUR')
      expect(ctx.actor.getSnapshot().context.to.amount).toBe(targetText('10000', '78187.18', false))
      ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
      expect(ctx.pairs.at(-1)).toBe('ETH-EUR')
      // BTC's price is not ETH's: the rate is 0 and the zero rule gives 0 at once.
      expect(ctx.actor.getSnapshot().context.rate).toBe('0')
      expect(shown(ctx)).toBe('1 ETH = 0.00 EUR')
      expect(ctx.actor.getSnapshot().context.to).toMatchObject({ amount: '0', text: '0' })
      // Typing meanwhile computes nothing from BTC's price either.
      ctx.actor.send({ type: 'amount.change', side: 'from', text: '8000' })
      await vi.advanceTimersByTimeAsync(750)
      expect(ctx.actor.getSnapshot().context.to.amount).toBe('0')
      ctx.actor.send({ type: 'amount.change', side: 'to', text: '2' })
      await vi.advanceTimersByTimeAsync(750)
      expect(ctx.actor.getSnapshot().context.from.amount).toBe('0')
      expect(shown(ctx)).toBe('1 ETH = 0.00 EUR')
      ctx.requests.latest.resolve(candles('3223.97'))
      await vi.advanceTimersByTimeAsync(0)
      expect(shown(ctx)).toBe('1 ETH = 3223.97 EUR')
      expect(ctx.actor.getSnapshot().context.from.amount).toBe(sourceText('2', '3223.97', true))
      ctx.actor.stop()
    })

    it('drops an answer for a pair no longer chosen, however late it comes', async () => {
      const ctx = await runner.setup(() => undefined)
      ctx.requests.latest.resolve(candles('78187.18'))
      await vi.advanceTimersByTimeAsync(0)
      ctx.actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
      ctx.actor.send({ type: 'currency.change', side: 'from', currency: 'GBP' })
      expect(ctx.pairs).toEqual(['BTC-EUR', 'ETH-EUR', 'ETH-GBP'])
      // ETH-EUR answers after GBP was chosen: the EUR price is not used for GBP.
      ctx.requests.all[1]?.resolve(candles('3223.97'))
      await vi.advanceTimersByTimeAsync(0)
      expect(ctx.actor.getSnapshot().matches({ rate: 'loading' })).toBe(true)
      expect(ctx.actor.getSnapshot().context.rate).toBe('0')
      expect(shown(ctx)).toBe('1 ETH = 0.00 GBP')
      expect(ctx.actor.getSnapshot().context.to.amount).toBe('0')
      ctx.requests.latest.resolve(candles('2750.5'))
      await vi.advanceTimersByTimeAsync(0)
      expect(shown(ctx)).toBe('1 ETH = 2750.50 GBP')
      expect(ctx.actor.getSnapshot().context.to.amount).toBe(targetText('10000', '2750.5', false))
      ctx.actor.stop()
    })

    const outcomes: [string, (ctx: Ctx) => void][] = [
      [
        'fails',
        (ctx) => {
          ctx.requests.latest.reject(new TypeError('Failed to fetch'))
        },
      ],
      [
        'answers no candle',
        (ctx) => {
          ctx.requests.latest.resolve({ ok: 'ok', data: [] })
        },
      ],
      [
        'answers not ok',
        (ctx) => {
          ctx.requests.latest.resolve({ ok: 'error' })
        },
      ],
    ]
    it.each(outcomes)(
      "leaves the rate at 0 with '[WARN] No data from exchange' when the new pair's candle %s",
      async (_, outcome) => {
        const ctx = await runner.setup(() => undefined)
        ctx.requests.latest.resolve(candles('3223.97'))
        await vi.advanceTimersByTimeAsync(0)
        ctx.actor.send({ type: 'currency.change', side: 'from', currency: 'GBP' })
        outcome(ctx)
        await vi.advanceTimersByTimeAsync(0)
        expect(ctx.actor.getSnapshot().matches({ rate: 'ready' })).toBe(true)
        expect(ctx.warn.mock.calls).toEqual([[NO_DATA_WARNING]])
        expect(ctx.actor.getSnapshot().context.rate).toBe('0')
        expect(shown(ctx)).toBe('1 BTC = 0.00 GBP')
        expect(ctx.actor.getSnapshot().context.to.amount).toBe('0')
        // And it stays so: typing computes 0 until a candle for the pair arrives.
        ctx.actor.send({ type: 'amount.change', side: 'from', text: '20000' })
        await vi.advanceTimersByTimeAsync(750)
        expect(ctx.actor.getSnapshot().context.to.amount).toBe('0')
        ctx.actor.stop()
      },
    )

    it('drops a late answer of the real actors too: their run for the old pair is aborted', async () => {
      const held = new Map<string, Deferred<Response>>()
      const fetch = (async (input: Request | string | URL) => {
        const request = input as Request
        const { pair } = (await request.json()) as { pair: string }
        const answer = deferred<Response>()
        held.set(pair, answer)
        // The market answers when it answers, aborted or not.
        return answer.promise
      }) as typeof globalThis.fetch
      const market = createMarketClient({ baseUrl: 'http://market.test', fetch })
      const actors = createConverterActors({ market: () => Promise.resolve(market) })
      const actor = createActor(
        converterMachine.provide({
          actors: {
            fetchRate: actors.fetchRate,
            fetchMarketFacts: fromPromise(() => new Promise<MarketFacts>(() => undefined)),
          },
        }),
      ).start()
      const answer = (pair: string, body: unknown) =>
        held
          .get(pair)
          ?.resolve(
            new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
          )
      await vi.advanceTimersByTimeAsync(0)
      answer('BTC-EUR', candles('78187.18'))
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.rate).toBe('78187.18')
      actor.send({ type: 'currency.change', side: 'to', currency: 'ETH' })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'currency.change', side: 'from', currency: 'GBP' })
      await vi.advanceTimersByTimeAsync(0)
      expect([...held.keys()]).toEqual(['BTC-EUR', 'ETH-EUR', 'ETH-GBP'])
      answer('ETH-EUR', candles('3223.97'))
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches({ rate: 'loading' })).toBe(true)
      expect(actor.getSnapshot().context.rate).toBe('0')
      expect(actor.getSnapshot().context.to.amount).toBe('0')
      answer('ETH-GBP', candles('2750.5'))
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.rate).toBe('2750.5')
      actor.stop()
    })
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

  it("keeps the rate only while the pair stays: another pair's rate is 0 (issue 25 finding 9)", () => {
    const choice = fc.record({ side: fc.constantFrom('from' as const, 'to' as const), currency })
    fc.assert(
      fc.property(
        choice,
        fc.constantFrom('61087.8', '0.00002'),
        ({ side, currency: chosen }, rate) => {
          const before = { ...initialConverterContext, rate }
          const after = withChosenCurrency(before, side, chosen)
          const samePair =
            pairOracle(after.from.currency, after.to.currency) ===
            pairOracle(before.from.currency, before.to.currency)
          expect(samePair).toBe(chosen === before[side].currency)
          expect(after.rate).toBe(samePair ? rate : '0')
        },
      ),
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
