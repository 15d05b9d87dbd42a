import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isFiat } from '../../domain/currencies'
import { candlePair, rateFromCandles, type CandlesAnswer } from '../../domain/exchange-rules'
import type { MarketFacts } from '../../domain/market-facts'
import { candles, DEBOUNCE_EVENT } from '../../src/flows/fixtures/converter'
import { converterMachine } from '../../src/machines/converter/converter.machine'
import {
  displayedRateOracle,
  noticeOracle,
  sourceText,
  targetText,
} from '../domain/rational-oracle'
import { createConverterUiPathModel, scenariosNotWalked } from '../machines/converter-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type Snap,
} from '../support/model-paths'
import {
  browserRunner,
  eventually,
  openFlowPage,
  pauseClock,
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'

const NOTICE = 'We offer flexible fees for big amounts. Get a personalized calculation here'
const WARNING = '[WARN] No data from exchange'
/** A price no chosen pair has in the samples: what a late answer for an old pair brings. */
const STALE_CLOSE = '77777.77'
const FACT_CALLS = ['get_currencies_info', 'get_pairs_info', 'get_trade_history']

interface Ctx {
  flow: FlowPage<typeof converterMachine>
  /** The market requests the page made and the test holds until the path's step. */
  held: { candles: Route[]; facts: Route[] }
  candleBodies: { pair?: string; limit?: number; dataType?: string; resolution?: string }[]
  /** The last close that came for the chosen pair; '0' before, and once another is chosen. */
  expectedRate: string
  expectedFacts: MarketFacts | undefined
  warnings: string[]
}

/** Resolves once `count` requests of a kind are held. */
async function heldRoutes(list: Route[], count: number, what: string): Promise<Route[]> {
  await within(
    (async () => {
      while (list.length < count) await new Promise((r) => setTimeout(r, 5))
    })(),
    what,
  )
  return list.splice(0, list.length)
}

describe('express converter in Chromium (docs/product/screens.md#express-converter-widget, docs/product/flows.md#converter, docs/product/limits.md#converter)', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel()
  })
  afterAll(async () => {
    await level?.close()
  })

  // The UI level's graph; each path is a page load: the fewest paths that still walk every state
  // and transition.
  const pm = coveringPaths(createConverterUiPathModel())

  const amountInput = (ctx: Ctx, label: 'You send' | 'You get') =>
    ctx.flow.page.locator('input').and(ctx.flow.page.getByLabel(label, { exact: true }))
  const currencySelect = (ctx: Ctx, label: 'You send' | 'You get') =>
    ctx.flow.page.getByLabel(`${label}: currency`, { exact: true })
  const rateLine = (ctx: Ctx) =>
    ctx.flow.page.locator('p').filter({ hasText: /^1 [A-Z]+ = [0-9.]+ [A-Z]+$/ })

  const runner = browserRunner<typeof converterMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, converterMachine, run?.recorder)
      const ctx: Ctx = {
        flow,
        held: { candles: [], facts: [] },
        candleBodies: [],
        expectedRate: '0',
        expectedFacts: undefined,
        warnings: [],
      }
      flow.page.on('console', (message) => {
        if (message.type() === 'warning') ctx.warnings.push(message.text())
      })
      await flow.page.route('**/sandbox/market/*', (route) => {
        const call = new URL(route.request().url()).pathname.split('/').at(-1) ?? ''
        if (call === 'get_candles') {
          ctx.candleBodies.push(route.request().postDataJSON() as Ctx['candleBodies'][number])
          ctx.held.candles.push(route)
        } else if (FACT_CALLS.includes(call)) ctx.held.facts.push(route)
        else return route.continue()
        return undefined
      })
      // The debounce runs on the page's clock, which the test moves.
      await flow.page.clock.install()
      await flow.page.goto(level.url('/'))
      await flow.page.getByRole('heading', { level: 1 }).waitFor()
      // The converter is below the fold: it comes as the customer scrolls to it.
      await flow.page.mouse.wheel(0, 800)
      await flow.actorStarted()
      await pauseClock(flow.page)
      return ctx
    },
    async act(ctx, event) {
      const { page } = ctx.flow
      const e = event as { type: string; side?: 'from' | 'to'; text?: string; currency?: string }
      const label = e.side === 'from' ? 'You send' : 'You get'
      switch (e.type) {
        case 'amount.change': {
          const input = amountInput(ctx, label)
          // Typing the text the field already shows takes a keystroke away and back.
          if ((await input.inputValue()) === e.text) await input.fill('')
          await input.fill(e.text ?? '')
          break
        }
        case 'currency.change': {
          const select = currencySelect(ctx, label)
          if ((await select.inputValue()) !== e.currency) ctx.expectedRate = '0'
          await select.selectOption(e.currency ?? '')
          break
        }
        case 'xstate.done.actor.fetchRate': {
          const route = await answerLate(ctx)
          const sample = (event as { output?: CandlesAnswer }).output
          const rate = rateFromCandles(sample ?? null)
          if (rate === null) {
            // The exchange without a candle for the pair: the sandbox always has one.
            await route.fulfill({ json: sample })
            break
          }
          // The request goes to the sandbox, which must answer it with a candle; the page gets the
          // path's candle instead, because its price is part of the path (whether the large-amount
          // notice shows after the recomputation), which the sandbox's own prices do not follow.
          const answered = await route.fetch()
          expect(answered.status()).toBe(200)
          expect(rateFromCandles((await answered.json()) as CandlesAnswer)).not.toBeNull()
          ctx.expectedRate = rate
          await route.fulfill({ response: answered, json: sample })
          break
        }
        case 'xstate.error.actor.fetchRate':
        case 'xstate.done.actor.fetchMarketFacts':
        case 'xstate.error.actor.fetchMarketFacts':
          await answerAtTheEdge(ctx, e.type, event)
          break
        case DEBOUNCE_EVENT:
          await page.clock.runFor(749)
          expect(ctx.flow.snapshot().matches({ amounts: 'debouncing' })).toBe(true)
          await page.clock.runFor(1)
          break
        default:
          throw new Error(`no browser action for ${e.type}`)
      }
    },
    states: {
      rate: async (ctx, s) => {
        expect([
          await currencySelect(ctx, 'You send').inputValue(),
          await currencySelect(ctx, 'You get').inputValue(),
        ]).toEqual([s.context.from.currency, s.context.to.currency])
        expect(isFiat(s.context.from.currency)).not.toBe(isFiat(s.context.to.currency))
        await ctx.flow.page
          .getByText(
            'Exchange rates constantly change, so the final amount may differ from what you see in the converter.',
          )
          .waitFor()
      },
      'rate.loading': async (ctx, s) => {
        // Until the chosen pair's candle comes: the rate it had, or 0 for a new pair.
        await expectRateShown(ctx, s)
        await eventually(() => ctx.candleBodies.at(-1)).toMatchObject({
          pair: candlePair(s.context.from.currency, s.context.to.currency),
          limit: 1,
          dataType: 'bestAsk',
          resolution: '4h',
        })
      },
      'rate.ready': async (ctx, s) => {
        if (ctx.expectedFacts) expect(s.context.facts).toEqual(ctx.expectedFacts)
        await expectRateShown(ctx, s)
        for (const warning of ctx.warnings) expect(warning).toBe(WARNING)
      },
      amounts: async (ctx, s) => {
        const expected = noticeOracle(
          isFiat(s.context.from.currency),
          s.context.from.amount,
          s.context.to.amount,
        )
        const notice = ctx.flow.page.locator('p').filter({ hasText: NOTICE })
        await eventually(() => notice.count()).toBe(expected ? 1 : 0)
        if (expected)
          expect(await notice.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/app')
      },
      'amounts.idle': async (ctx, s) => {
        const { from, to, lastEdited } = s.context
        // The computed side: the other converted with the fee, digit for digit as the oracle has it.
        if (lastEdited === 'from')
          await eventually(() => amountInput(ctx, 'You get').inputValue()).toBe(
            targetText(from.amount, ctx.expectedRate, isFiat(to.currency)),
          )
        else
          await eventually(() => amountInput(ctx, 'You send').inputValue()).toBe(
            sourceText(to.amount, ctx.expectedRate, isFiat(from.currency)),
          )
      },
      'amounts.debouncing': async (ctx, s) => {
        const side = s.context.lastEdited
        expect(await amountInput(ctx, side === 'from' ? 'You send' : 'You get').inputValue()).toBe(
          s.context[side].text,
        )
      },
    },
  })

  /** The rate line: the chosen pair's rate as the oracle writes it (never another pair's). */
  async function expectRateShown(ctx: Ctx, s: Snap<typeof converterMachine>) {
    const { from, to } = s.context
    const facts = ctx.expectedFacts ?? {}
    await eventually(() => rateLine(ctx).textContent()).toBe(
      displayedRateOracle(
        from.currency,
        to.currency,
        ctx.expectedRate,
        isFiat(from.currency),
        (s.context.facts as MarketFacts).precision?.[from.currency] ??
          facts.precision?.[from.currency],
      ),
    )
  }

  /**
   * The held get_candles request of the chosen pair, once every request of a pair no longer chosen
   * (a currency changed while it ran) has had its answer, late, with a price of its own: the page
   * gave them up, so none may show.
   */
  async function answerLate(ctx: Ctx): Promise<Route> {
    const [route, ...late] = (
      await heldRoutes(ctx.held.candles, 1, 'the get_candles request')
    ).reverse()
    if (!route) throw new Error('no get_candles request to answer')
    for (const old of late) await old.fulfill({ json: candles(STALE_CLOSE) }).catch(() => undefined)
    const s = ctx.flow.snapshot()
    expect(s.matches({ rate: 'loading' })).toBe(true)
    await expectRateShown(ctx, s)
    return route
  }

  /**
   * Outcomes the sandbox never gives, made where the browser meets the network: it always has a
   * candle for every pair and always answers (the path's "no data" sample is the exchange having
   * none, its failure the exchange unreachable); the facts are the sandbox's own, or one of their
   * three calls failing together.
   */
  async function answerAtTheEdge(
    ctx: Ctx,
    type: string,
    event: { type: string; output?: unknown },
  ): Promise<void> {
    if (type === 'xstate.error.actor.fetchRate') {
      await (await answerLate(ctx)).abort('internetdisconnected')
    } else if (type === 'xstate.done.actor.fetchMarketFacts') {
      for (const route of await heldRoutes(ctx.held.facts, 3, 'the three fact requests'))
        await route.continue()
      ctx.expectedFacts = event.output as MarketFacts
    } else {
      // The facts fail only when none of the three calls answers (the exchange unreachable).
      for (const route of await heldRoutes(ctx.held.facts, 3, 'the three fact requests'))
        await route.abort('internetdisconnected')
      ctx.expectedFacts = {}
    }
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths through the landing page', async () => {
    expect(scenariosNotWalked(pm.paths)).toEqual([])
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it("never shows one pair's price under another pair's names: a slow candle shows 0, a failed one leaves 0 and the warning (issue 25 finding 9)", async () => {
    if (!level) throw new Error('the browser level did not start')
    const flow = await openFlowPage(level, converterMachine, undefined)
    const { page } = flow
    const ctx = { flow } as Ctx
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    // Every rate line the page ever shows, in order.
    await page.addInitScript(() => {
      const lines: string[] = []
      ;(window as unknown as { __rateLines: string[] }).__rateLines = lines
      new MutationObserver(() => {
        for (const p of document.querySelectorAll('p')) {
          const text = p.textContent
          if (/^1 [A-Z]+ = [0-9.]+ [A-Z]+$/.test(text) && lines.at(-1) !== text) lines.push(text)
        }
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    // get_candles waits, pair by pair, for the test.
    const held = new Map<string, Route>()
    await page.route('**/sandbox/market/get_candles', (route) => {
      held.set((route.request().postDataJSON() as { pair: string }).pair, route)
    })
    const heldFor = async (pair: string): Promise<Route> => {
      await within(
        (async () => {
          while (!held.has(pair)) await new Promise((r) => setTimeout(r, 5))
        })(),
        `the get_candles request for ${pair}`,
      )
      const route = held.get(pair)
      held.delete(pair)
      if (!route) throw new Error(`no get_candles request for ${pair}`)
      return route
    }
    /** Lets the request for `pair` through to the sandbox; its close (the page may have gone). */
    const release = async (pair: string): Promise<string> => {
      const route = await heldFor(pair)
      const answered = await route.fetch()
      const close = rateFromCandles((await answered.json()) as CandlesAnswer)
      if (close === null) throw new Error(`the sandbox has no candle for ${pair}`)
      await route.fulfill({ response: answered }).catch(() => undefined)
      return close
    }
    const rate = () => rateLine(ctx).textContent()
    const get = amountInput(ctx, 'You get')

    await page.goto(level.url('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.mouse.wheel(0, 800)
    await flow.actorStarted()
    const btc = await release('BTC-EUR')
    await eventually(rate).toBe(displayedRateOracle('EUR', 'BTC', btc, true))
    await eventually(() => get.inputValue()).toBe(targetText('10000', btc, false))

    // ETH's candle is slow: 0 under ETH's name, and 0 on the other side, typing or not.
    await currencySelect(ctx, 'You get').selectOption('ETH')
    const slow = await heldFor('ETH-EUR')
    await eventually(rate).toBe('1 ETH = 0.00 EUR')
    await eventually(() => get.inputValue()).toBe('0')
    await amountInput(ctx, 'You send').fill('8000')
    await page.waitForTimeout(1000) // past the 750 ms debounce
    expect(await rate()).toBe('1 ETH = 0.00 EUR')
    expect(await get.inputValue()).toBe('0')

    // GBP is chosen before ETH-EUR answers; the page gave that request up, so its late answer,
    // the EUR price, is never GBP's.
    await currencySelect(ctx, 'You send').selectOption('GBP')
    const failing = await heldFor('ETH-GBP')
    const lateAnswer = await slow.fetch()
    await slow.fulfill({ response: lateAnswer }).catch(() => undefined)
    await page.waitForTimeout(300)
    expect(await rate()).toBe('1 ETH = 0.00 GBP')
    expect(await get.inputValue()).toBe('0')

    // ETH-GBP fails: the rate stays 0, and the spec's warning goes to the console only.
    await failing.abort('internetdisconnected')
    await eventually(() => warnings).toEqual([WARNING])
    expect(await rate()).toBe('1 ETH = 0.00 GBP')
    expect(await get.inputValue()).toBe('0')
    expect(await page.getByText('No data').count()).toBe(0)

    // Back to EUR: ETH's own price, once its candle comes.
    await currencySelect(ctx, 'You send').selectOption('EUR')
    const eth = await release('ETH-EUR')
    await eventually(rate).toBe(displayedRateOracle('EUR', 'ETH', eth, true))
    await eventually(() => get.inputValue()).toBe(targetText('8000', eth, false))

    // Whatever the page showed on the way was a pair's own rate, or 0.
    const shown = await page.evaluate(
      () => (window as unknown as { __rateLines: string[] }).__rateLines,
    )
    expect(new Set(shown)).toEqual(
      new Set([
        '1 BTC = 0.00 EUR',
        displayedRateOracle('EUR', 'BTC', btc, true),
        '1 ETH = 0.00 EUR',
        '1 ETH = 0.00 GBP',
        displayedRateOracle('EUR', 'ETH', eth, true),
      ]),
    )
    await flow.context.close()
  })
})
