import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isFiat } from '../../domain/currencies'
import { candlePair, rateFromCandles, type CandlesAnswer } from '../../domain/exchange-rules'
import type { MarketFacts } from '../../domain/market-facts'
import { DEBOUNCE_EVENT } from '../../src/flows/fixtures/converter'
import { converterMachine } from '../../src/machines/converter/converter.machine'
import {
  displayedRateOracle,
  noticeOracle,
  sourceText,
  targetText,
} from '../domain/rational-oracle'
import { createConverterUiPathModel } from '../machines/converter-model'
import { coveringPaths, runAllPaths, statesWithoutAssertion } from '../support/model-paths'
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
const FACT_CALLS = ['get_currencies_info', 'get_pairs_info', 'get_trade_history']

interface Ctx {
  flow: FlowPage<typeof converterMachine>
  /** The market requests the page made and the test holds until the path's step. */
  held: { candles: Route[]; facts: Route[] }
  candleBodies: { pair?: string; limit?: number; dataType?: string; resolution?: string }[]
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
        case 'currency.change':
          await currencySelect(ctx, label).selectOption(e.currency ?? '')
          break
        case 'xstate.done.actor.fetchRate': {
          const [route, ...cancelled] = (
            await heldRoutes(ctx.held.candles, 1, 'the get_candles request')
          ).reverse()
          // Requests the page gave up (a currency changed while one ran) go nowhere.
          for (const old of cancelled) await old.abort().catch(() => undefined)
          if (!route) throw new Error('no get_candles request to answer')
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
        await eventually(() => ctx.candleBodies.at(-1)).toMatchObject({
          pair: candlePair(s.context.from.currency, s.context.to.currency),
          limit: 1,
          dataType: 'bestAsk',
          resolution: '4h',
        })
      },
      'rate.ready': async (ctx, s) => {
        const { from, to } = s.context
        const facts = ctx.expectedFacts ?? {}
        if (ctx.expectedFacts) expect(s.context.facts).toEqual(ctx.expectedFacts)
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
        for (const warning of ctx.warnings) expect(warning).toBe('[WARN] No data from exchange')
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
        if (!s.matches({ rate: 'ready' })) return
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
      const routes = await heldRoutes(ctx.held.candles, 1, 'the get_candles request')
      for (const route of routes) await route.abort('internetdisconnected')
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
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
