import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { amountFieldText, amountInputText, parseAmountInput } from '../../../domain/amount-input'
import { classOf, type Currency } from '../../../domain/currencies'
import {
  candlePair,
  convertToSource,
  convertToTarget,
  NO_DATA_WARNING,
  otherSide,
  rateFromCandles,
  type CandlesAnswer,
  type SideName,
} from '../../../domain/exchange-rules'
import type { Locale } from '../../../domain/locale'
import type { MarketFacts } from '../../../domain/market-facts'

export interface ConverterSide {
  currency: Currency
  /**
   * The amount the rules use, as an exact decimal string; empty is '0'
   * (docs/product/validation.md#converter-inputs).
   */
  amount: string
  /**
   * What the input shows: the customer's sanitized text, or the computed amount written for the
   * page's language ('0.12572070', '0,12572070').
   */
  text: string
}

export interface ConverterContext {
  from: ConverterSide
  to: ConverterSide
  /**
   * The side edited last; the other side is the computed one
   * (docs/product/flows.md#amount-editing).
   */
  lastEdited: SideName
  /**
   * Price of one 'to' unit in 'from' units, from the latest candle of the chosen pair: '0' until
   * one arrives, and again from the moment another pair is chosen (a rate belongs to its pair).
   */
  rate: string
  /** What get_currencies_info and get_pairs_info told about the currencies (none until loaded). */
  facts: MarketFacts
  /**
   * The page's language: how a typed amount is read and a computed one written
   * (docs/product/validation.md#converter-inputs); English unless the page says otherwise.
   */
  locale: Locale
}

/** What the page tells the converter: its language. */
export interface ConverterInput {
  locale?: Locale
}

export type ConverterEvent =
  | { type: 'amount.change'; side: SideName; text: string }
  | { type: 'currency.change'; side: SideName; currency: Currency }

/**
 * The defaults (docs/product/flows.md#converter-defaults): 10000 EUR to BTC, the 'from' side
 * edited, no rate yet.
 */
export const initialConverterContext: ConverterContext = {
  from: { currency: 'EUR', amount: '10000', text: '10000' },
  to: { currency: 'BTC', amount: '0', text: '0' },
  lastEdited: 'from',
  rate: '0',
  facts: {},
  locale: 'en',
}

/** The computed side again, from the edited side, the rate and the fee rules. */
export function recomputed(context: ConverterContext): Pick<ConverterContext, 'from' | 'to'> {
  const { from, to, rate } = context
  if (context.lastEdited === 'from') {
    const amount = convertToTarget(from.amount, rate, to.currency)
    return { from, to: { ...to, amount, text: amountFieldText(amount, context.locale) } }
  }
  const amount = convertToSource(to.amount, rate, from.currency)
  return { from: { ...from, amount, text: amountFieldText(amount, context.locale) }, to }
}

/**
 * Choosing a currency of the other side's class moves the other side to this side's previous
 * currency, so one side is always fiat and the other crypto
 * (docs/product/flows.md#currency-choice).
 */
export function withCurrency(
  context: ConverterContext,
  side: SideName,
  currency: Currency,
): Pick<ConverterContext, 'from' | 'to'> {
  const other = otherSide(side)
  const previous = context[side].currency
  const swapped = classOf(currency) === classOf(context[other].currency)
  return bySide(
    side,
    { ...context[side], currency },
    swapped ? { ...context[other], currency: previous } : context[other],
  )
}

/**
 * The context once a currency is chosen: the sides as `withCurrency` leaves them, and the rate
 * kept only when the pair is still the one it belongs to; another pair's rate is 0 until its own
 * candle arrives (docs/product/flows.md#rate-refresh).
 */
export function withChosenCurrency(
  context: ConverterContext,
  side: SideName,
  currency: Currency,
): Pick<ConverterContext, 'from' | 'to' | 'rate'> {
  const sides = withCurrency(context, side, currency)
  const samePair =
    candlePair(sides.from.currency, sides.to.currency) ===
    candlePair(context.from.currency, context.to.currency)
  return { ...sides, rate: samePair ? context.rate : '0' }
}

/** `{ from, to }` from "this side" and "the other side". */
function bySide(side: SideName, mine: ConverterSide, other: ConverterSide) {
  return side === 'from' ? { from: mine, to: other } : { from: other, to: mine }
}

/**
 * The express converter on the landing page (docs/product/screens.md#express-converter-widget,
 * docs/product/flows.md#converter, docs/product/validation.md#converter-inputs,
 * docs/product/api.md#market-data-api, docs/product/limits.md#converter; the rules are
 * domain/exchange-rules.ts): the customer types an amount on either side and picks the currencies,
 * and the other side shows what they would get at the latest rate, updated as soon as they pause
 * typing. Two regions run side by side: `rate` loads the latest candle for the pair whenever a
 * currency changes (a rate is its pair's own: 0 until that pair's candle arrives), and `amounts`
 * waits the 750 ms `debounce` after each edit before it recomputes the other side; the machine
 * itself loads once what the exchange says about the currencies (for the displayed rate).
 */
export const converterMachine = setup({
  types: {} as {
    context: ConverterContext
    events: ConverterEvent
    // `void`, not `undefined`: XState's setup drops `undefined` and would make the input required
    // (as in forms/form.machine.ts); the flow viewer and the tests start it without one.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- see above
    input: ConverterInput | void
  },
  actors: {
    /**
     * POST get_candles for the pair (docs/product/limits.md#candle-query); resolves to the answer,
     * or rejects without one.
     */
    fetchRate: fromPromise<CandlesAnswer | null, { pair: string }>(() => {
      throw new Error('converter: fetchRate was not provided')
    }),
    /**
     * get_currencies_info, get_pairs_info and get_trade_history, read into facts
     * (docs/product/data.md#market-facts).
     */
    fetchMarketFacts: fromPromise<MarketFacts>(() => {
      throw new Error('converter: fetchMarketFacts was not provided')
    }),
  },
  actions: {
    editAmount: assign(({ context }, params: { side: SideName; text: string }) => {
      const text = amountInputText(params.text, context.locale)
      const edited = {
        ...context[params.side],
        text,
        amount: parseAmountInput(text, context.locale),
      }
      return {
        lastEdited: params.side,
        ...bySide(params.side, edited, context[otherSide(params.side)]),
      }
    }),
    chooseCurrency: assign(({ context }, params: { side: SideName; currency: Currency }) =>
      withChosenCurrency(context, params.side, params.currency),
    ),
    setRate: assign((_, params: { rate: string }) => ({ rate: params.rate })),
    setFacts: assign((_, params: { facts: MarketFacts }) => ({ facts: params.facts })),
    forgetFacts: assign({ facts: {} }),
    recompute: assign(({ context }) => recomputed(context)),
    /**
     * Nothing is shown; the rate stays as it was for the pair: 0 for a pair whose candle never
     * came (docs/product/errors.md#market-data-failure).
     */
    warnNoData: () => {
      console.warn(NO_DATA_WARNING)
    },
  },
  guards: {
    hasRate: (_, params: { answer: CandlesAnswer | null }) =>
      rateFromCandles(params.answer) !== null,
  },
  delays: {
    debounce: 750,
  },
}).createMachine({
  id: 'converter',
  description: 'The express converter on the landing page',
  context: ({ input }) => ({
    ...initialConverterContext,
    locale: input?.locale ?? initialConverterContext.locale,
  }),
  type: 'parallel',
  // Once for the page, beside the regions (a currency change re-enters them, not this).
  invoke: {
    id: 'fetchMarketFacts',
    src: 'fetchMarketFacts',
    onDone: {
      description: "The exchange's precisions, where it gave them, refine the displayed rate.",
      actions: { type: 'setFacts', params: ({ event }) => ({ facts: event.output }) },
    },
    onError: { description: 'No facts: the fixed decimals stand alone.', actions: 'forgetFacts' },
  },
  states: {
    rate: {
      description: 'The rate of the chosen pair, from the latest candle.',
      initial: 'loading',
      on: {
        'currency.change': {
          description:
            'Another pair has rate 0 until its candle comes; its old request is cancelled.',
          target: '.loading',
          reenter: true,
          actions: [
            {
              type: 'chooseCurrency',
              params: ({ event }) => ({ side: event.side, currency: event.currency }),
            },
            'recompute',
          ],
        },
      },
      states: {
        loading: {
          description:
            'get_candles runs for the current pair; the amounts stay editable, at the rate the pair has (0 for a new one).',
          invoke: {
            id: 'fetchRate',
            src: 'fetchRate',
            input: ({ context }) => ({
              pair: candlePair(context.from.currency, context.to.currency),
            }),
            onDone: [
              {
                guard: { type: 'hasRate', params: ({ event }) => ({ answer: event.output }) },
                target: 'ready',
                actions: [
                  {
                    type: 'setRate',
                    params: ({ event }) => ({ rate: rateFromCandles(event.output) ?? '0' }),
                  },
                  'recompute',
                ],
              },
              { target: 'ready', actions: ['warnNoData', 'recompute'] },
            ],
            onError: { target: 'ready', actions: ['warnNoData', 'recompute'] },
          },
        },
        ready: {
          description: "The rate is the pair's latest that arrived (0 if none did for this pair).",
        },
      },
    },
    amounts: {
      description: 'What the customer types, and the other side computed from it.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Both sides agree with the rate.',
          on: {
            'amount.change': {
              target: 'debouncing',
              actions: {
                type: 'editAmount',
                params: ({ event }) => ({ side: event.side, text: event.text }),
              },
            },
          },
        },
        debouncing: {
          description: 'The customer is typing; the other side follows 750 ms after the last key.',
          on: {
            'amount.change': {
              target: 'debouncing',
              reenter: true,
              actions: {
                type: 'editAmount',
                params: ({ event }) => ({ side: event.side, text: event.text }),
              },
            },
          },
          after: {
            debounce: { target: 'idle', actions: 'recompute' },
          },
        },
      },
    },
  },
})

export type ConverterMachine = typeof converterMachine
export type ConverterSnapshot = SnapshotFrom<ConverterMachine>
