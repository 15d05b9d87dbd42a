import { I18nProvider } from '@lingui/react'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import {
  converterMachine,
  type ConverterSnapshot,
} from '../../src/machines/converter/converter.machine'
import { isFiat } from '../../domain/currencies'
import {
  candlePair,
  convertToTarget,
  rateFromCandles,
  type CandlesAnswer,
} from '../../domain/exchange-rules'
import { marketFactsFrom, type MarketFacts } from '../../domain/market-facts'
import { loadI18n } from '../../src/i18n/catalogs'
import { ConverterPanel } from '../../src/routes/-landing/converter-panel'
import { candles, DEBOUNCE_EVENT } from '../../src/flows/fixtures/converter'
import { createConverterUiPathModel, scenariosNotWalked } from '../machines/converter-model'
import {
  displayedRateOracle,
  noticeOracle,
  sourceText,
  targetText,
} from '../domain/rational-oracle'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { FakeMarket, renderInRouter, SANDBOX_FACT_ANSWERS } from './landing-support'

/** What the converter reads from the sandbox's three fact answers. */
const SANDBOX_FACTS = marketFactsFrom({
  currencies: SANDBOX_FACT_ANSWERS.get_currencies_info,
  pairs: SANDBOX_FACT_ANSWERS.get_pairs_info,
  trades: SANDBOX_FACT_ANSWERS.get_trade_history,
})

const NOTICE = 'We offer flexible fees for big amounts. Get a personalized calculation here'
/** A price no chosen pair has in the samples: what a late answer for an old pair brings. */
const STALE_CLOSE = '77777.77'

interface Ctx {
  market: FakeMarket
  actor: () => { getSnapshot(): ConverterSnapshot }
  unmount(): void
  /** The last close that came for the chosen pair; '0' before, and once another is chosen. */
  expectedRate: string
  expectedFacts: MarketFacts
  warn: MockInstance<typeof console.warn>
}

const amountInput = (label: 'You send' | 'You get') =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' })
const currencySelect = (label: 'You send' | 'You get') =>
  screen.getByLabelText<HTMLSelectElement>(`${label}: currency`, { selector: 'select' })
// The rate line is the one text of the form '1 XXX = n YYY' (getByText over the DOM is slow).
const rateLine = () => {
  const line = [...document.querySelectorAll('p')].find((p) =>
    /^1 [A-Z]+ = [0-9.]+ [A-Z]+$/.test(p.textContent),
  )
  if (!line) throw new Error('no rate is shown')
  return line
}

async function renderConverter(
  inspect?: Parameters<PathRunner<typeof converterMachine, Ctx>['setup']>[0],
) {
  const market = new FakeMarket()
  let ref: { getSnapshot(): ConverterSnapshot } | undefined
  const { view } = await renderInRouter(() => (
    <ConverterPanel
      market={() => Promise.resolve(market.client)}
      inspect={(event) => {
        const logic = (event.actorRef as { logic?: { id?: string } }).logic
        if (logic?.id === converterMachine.id) ref ??= event.actorRef as unknown as typeof ref
        inspect?.(event)
      }}
    />
  ))
  // The first candle request and the three fact calls are on their way; from here on the test
  // moves the clock.
  await vi.waitFor(
    () => {
      expect(market.requests).toHaveLength(1)
      expect(market.factRequests).toHaveLength(3)
    },
    { interval: 1 },
  )
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  return {
    market,
    view,
    actor: () => {
      if (!ref) throw new Error('the converter actor has not started')
      return ref
    },
  }
}

describe('express converter through the UI (docs/product/screens.md#express-converter-widget, docs/product/flows.md#converter, docs/product/validation.md#converter-inputs, docs/product/limits.md#converter)', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  const pm = createConverterUiPathModel()

  /** The rate line: the chosen pair's rate as the oracle writes it (never another pair's). */
  const expectRateShown = (ctx: Ctx, s: ConverterSnapshot) => {
    const { from, to } = s.context
    expect(rateLine().textContent).toBe(
      displayedRateOracle(
        from.currency,
        to.currency,
        ctx.expectedRate,
        isFiat(from.currency),
        ctx.expectedFacts.precision?.[from.currency],
      ),
    )
  }

  /**
   * Answers every candle request of a pair no longer chosen, late, with a price of its own, before
   * the path's outcome for the chosen pair: none of them may show.
   */
  const answerLate = async (ctx: Ctx) => {
    const late = ctx.market.answers.all.slice(0, -1)
    await act(async () => {
      for (const request of late)
        request.resolve(
          new Response(JSON.stringify(candles(STALE_CLOSE)), {
            headers: { 'content-type': 'application/json' },
          }),
        )
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(ctx.actor().getSnapshot().matches({ rate: 'loading' })).toBe(true)
    expectRateShown(ctx, ctx.actor().getSnapshot())
  }

  const runner: PathRunner<typeof converterMachine, Ctx> = {
    async setup(inspect) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      warn.mockClear()
      const { market, view, actor } = await renderConverter(inspect)
      return {
        market,
        actor,
        unmount: () => {
          view.unmount()
        },
        expectedRate: '0',
        expectedFacts: {},
        warn,
      }
    },
    async event(ctx, event) {
      const e = event as unknown as {
        type: string
        side?: 'from' | 'to'
        text?: string
        currency?: string
        output?: CandlesAnswer
      }
      // Testing Library's user-event waits on real timers, which these tests replace: the
      // browser's own events stand in for the customer's typing and choosing.
      if (e.type === 'amount.change') {
        const input = amountInput(e.side === 'from' ? 'You send' : 'You get')
        act(() => {
          // Typing the text the field already shows takes a keystroke away and back.
          if (input.value === e.text) fireEvent.change(input, { target: { value: '' } })
          fireEvent.change(input, { target: { value: e.text ?? '' } })
        })
      } else if (e.type === 'currency.change') {
        const select = currencySelect(e.side === 'from' ? 'You send' : 'You get')
        if (select.value !== e.currency) ctx.expectedRate = '0'
        act(() => {
          fireEvent.change(select, { target: { value: e.currency ?? '' } })
        })
      }
      if (e.type === 'xstate.done.actor.fetchRate' || e.type === 'xstate.error.actor.fetchRate')
        await answerLate(ctx)
      if (e.type === 'xstate.done.actor.fetchRate') {
        const rate = rateFromCandles(e.output)
        if (rate !== null) ctx.expectedRate = rate
        await act(async () => {
          await vi.advanceTimersByTimeAsync(0)
          ctx.market.answer(e.output ?? {})
        })
      } else if (e.type === 'xstate.error.actor.fetchRate') {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(0)
          ctx.market.fail()
        })
      } else if (e.type === 'xstate.done.actor.fetchMarketFacts') {
        ctx.expectedFacts = SANDBOX_FACTS
        await act(async () => {
          await vi.advanceTimersByTimeAsync(0)
          ctx.market.answerFacts()
        })
      } else if (e.type === 'xstate.error.actor.fetchMarketFacts') {
        ctx.expectedFacts = {}
        await act(async () => {
          await vi.advanceTimersByTimeAsync(0)
          ctx.market.failFacts()
        })
      } else if (e.type === DEBOUNCE_EVENT) {
        await act(() => vi.advanceTimersByTimeAsync(749))
        expect(ctx.actor().getSnapshot().matches({ amounts: 'debouncing' })).toBe(true)
        await act(() => vi.advanceTimersByTimeAsync(1))
      }
      await act(() => vi.advanceTimersByTimeAsync(0))
    },
    snapshot: (ctx) => ctx.actor().getSnapshot(),
    states: {
      rate: (_ctx, s) => {
        const from = currencySelect('You send').value
        const to = currencySelect('You get').value
        expect([from, to]).toEqual([s.context.from.currency, s.context.to.currency])
        expect(isFiat(s.context.from.currency)).not.toBe(isFiat(s.context.to.currency))
        expect(document.body.textContent).toContain(
          'Exchange rates constantly change, so the final amount may differ from what you see in the converter.',
        )
      },
      'rate.loading': (ctx, s) => {
        // Until the chosen pair's candle comes: the rate it had, or 0 for a new pair.
        expectRateShown(ctx, s)
        const pair = candlePair(s.context.from.currency, s.context.to.currency)
        expect(ctx.market.requests.at(-1)?.body).toMatchObject({
          pair,
          limit: 1,
          dataType: 'bestAsk',
          resolution: '4h',
        })
        expect(ctx.market.requests.at(-1)?.url).toBe(
          'http://localhost:3000/sandbox/market/get_candles',
        )
      },
      'rate.ready': (ctx, s) => {
        expect(s.context.facts).toEqual(ctx.expectedFacts)
        expectRateShown(ctx, s)
        for (const call of ctx.warn.mock.calls)
          expect(call).toEqual(['[WARN] No data from exchange'])
      },
      amounts: (_ctx, s) => {
        const notice = [...document.querySelectorAll('p')].find((p) => p.textContent === NOTICE)
        const expected = noticeOracle(
          isFiat(s.context.from.currency),
          s.context.from.amount,
          s.context.to.amount,
        )
        expect(notice !== undefined).toBe(expected)
        if (notice)
          expect(within(notice).getByRole('link', { name: 'here' }).getAttribute('href')).toBe(
            '/app',
          )
      },
      'amounts.idle': (ctx, s) => {
        const { from, to, lastEdited } = s.context
        // The computed side shows the other side converted with the fee, rounded for its class,
        // digit for digit as the exact oracle computes it.
        if (lastEdited === 'from')
          expect(amountInput('You get').value).toBe(
            targetText(from.amount, ctx.expectedRate, isFiat(to.currency)),
          )
        else
          expect(amountInput('You send').value).toBe(
            sourceText(to.amount, ctx.expectedRate, isFiat(from.currency)),
          )
      },
      'amounts.debouncing': (_ctx, s) => {
        const side = s.context.lastEdited
        expect(amountInput(side === 'from' ? 'You send' : 'You get').value).toBe(
          s.context[side].text,
        )
      },
    },
    teardown: (ctx) => {
      ctx.unmount()
      vi.useRealTimers()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths through the screen', async () => {
    expect(scenariosNotWalked(pm.paths)).toEqual([])
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 120_000)

  it('shows 10000 EUR to BTC with the groups, then the rate and the result', async () => {
    const { market, view } = await renderConverter()
    expect(amountInput('You send').value).toBe('10000')
    expect(currencySelect('You send').value).toBe('EUR')
    expect(currencySelect('You get').value).toBe('BTC')
    const groups = [...currencySelect('You send').querySelectorAll('optgroup')].map((g) => g.label)
    expect(groups).toEqual(['Fiat Currencies', 'Crypto Currencies'])
    expect(amountInput('You send').getAttribute('pattern')).toBe('[0-9]*[.]?[0-9]*')
    expect(amountInput('You send').getAttribute('step')).toBe('0.01')
    expect(rateLine().textContent).toBe('1 BTC = 0.00 EUR')
    expect(market.requests[0]?.body.pair).toBe('BTC-EUR')
    // The spec's other market calls, with its bodies.
    expect(market.factRequests.map((r) => [r.method, r.body]).sort()).toEqual([
      ['get_currencies_info', {}],
      ['get_pairs_info', { pairs: ['BTC-USD'] }],
      ['get_trade_history', { pair: 'BTC-USD', pageSize: 2 }],
    ])
    await act(async () => {
      market.answer({ ok: 'ok', data: [{ close: '61087.8' }] })
      market.answerFacts()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(rateLine().textContent).toBe('1 BTC = 61087.80 EUR')
    expect(amountInput('You get').value).toBe('0.16189812')
    // Letters and commas are dropped as they are typed; the other side follows 750 ms later.
    act(() => {
      fireEvent.change(amountInput('You send'), { target: { value: '8,0a00' } })
    })
    expect(amountInput('You send').value).toBe('8000')
    expect(screen.getByText('here').closest('p')?.textContent).toBe(NOTICE)
    await act(() => vi.advanceTimersByTimeAsync(750))
    expect(amountInput('You get').value).toBe('0.12572068')
    view.unmount()
  })

  it('reads and writes Polish figures on the Polish page (issue 30)', async () => {
    const i18n = await loadI18n('pl', 'landing')
    const market = new FakeMarket()
    const { view } = await renderInRouter(() => (
      <I18nProvider i18n={i18n}>
        <ConverterPanel market={() => Promise.resolve(market.client)} />
      </I18nProvider>
    ))
    await vi.waitFor(
      () => {
        expect(market.requests).toHaveLength(1)
      },
      { interval: 1 },
    )
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const [send, get] = document.querySelectorAll<HTMLInputElement>('input.converter-amount')
    if (!send || !get) throw new Error('no amount fields')
    const shownRate = () =>
      [...document.querySelectorAll('p')].find((p) => p.textContent.startsWith('1 '))?.textContent
    await act(async () => {
      market.answer({ ok: 'ok', data: [{ close: '78251.21' }] })
      market.answerFacts()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(shownRate()).toBe('1 BTC = 78\u00a0251,21 EUR')
    expect(get.value).toBe(convertToTarget('10000', '78251.21', 'BTC').replace('.', ','))
    act(() => {
      fireEvent.change(send, { target: { value: '1 000,50' } })
    })
    expect(send.value).toBe('1 000,50')
    await act(() => vi.advanceTimersByTimeAsync(750))
    // 1000.50 × 0.96 / 78251.21, with a decimal comma.
    expect(get.value).toBe(convertToTarget('1000.5', '78251.21', 'BTC').replace('.', ','))
    expect(get.value).toMatch(/^0,\d{8}$/)
    view.unmount()
  })

  it("never shows one pair's price under another pair's names (issue 25 finding 9)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { market, view } = await renderConverter()
    await act(async () => {
      market.answer(candles('78187.18'))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(rateLine().textContent).toBe('1 BTC = 78187.18 EUR')
    // ETH's candle is slow: 0, not BTC's price, and the zero rule's 0 on the other side.
    act(() => {
      fireEvent.change(currencySelect('You get'), { target: { value: 'ETH' } })
    })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(market.requests.at(-1)?.body.pair).toBe('ETH-EUR')
    expect(rateLine().textContent).toBe('1 ETH = 0.00 EUR')
    expect(amountInput('You get').value).toBe('0')
    // GBP is chosen before ETH-EUR answers; its late answer is not GBP's price.
    act(() => {
      fireEvent.change(currencySelect('You send'), { target: { value: 'GBP' } })
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
      market.answers.all.at(-2)?.resolve(
        new Response(JSON.stringify(candles('3223.97')), {
          headers: { 'content-type': 'application/json' },
        }),
      )
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(market.requests.at(-1)?.body.pair).toBe('ETH-GBP')
    expect(rateLine().textContent).toBe('1 ETH = 0.00 GBP')
    expect(amountInput('You get').value).toBe('0')
    // ETH-GBP fails: the rate stays 0, with the spec's warning in the console only.
    await act(async () => {
      market.fail()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(rateLine().textContent).toBe('1 ETH = 0.00 GBP')
    expect(amountInput('You get').value).toBe('0')
    expect(warn.mock.calls).toEqual([['[WARN] No data from exchange']])
    expect(document.body.textContent).not.toContain('No data')
    view.unmount()
  })

  it('never shows a coin worth a fraction of a cent at 0.00: the inverse, exactly', async () => {
    const { market, view } = await renderConverter()
    await act(async () => {
      market.answer({ ok: 'ok', data: [{ close: '61087.8' }] })
      market.answerFacts()
      await vi.advanceTimersByTimeAsync(0)
    })
    act(() => {
      fireEvent.change(currencySelect('You get'), { target: { value: 'SHIB' } })
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
      market.answer({ ok: 'ok', data: [{ close: '0.0000154' }] })
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(market.requests.at(-1)?.body.pair).toBe('SHIB-EUR')
    expect(rateLine().textContent).toBe('1 EUR = 64935.06493506 SHIB')
    // 10000 EUR × (1 − 1.1%) / 0.0000154, to 8 decimals.
    expect(amountInput('You get').value).toBe('642207792.20779221')
    view.unmount()
  })
})
