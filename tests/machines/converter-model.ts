/**
 * The converter's path model, shared by the machine and the UI path tests: the events a customer
 * and the market API can cause, and what makes two snapshots different for the graph (the state,
 * the edited side, the rate, the currencies and whether the large-amount notice shows).
 */
import { showsLargeAmountNotice, type CandlesAnswer } from '../../domain/exchange-rules'
import type { MarketFacts } from '../../domain/market-facts'
import type { ConverterSnapshot } from '../../src/machines/converter/converter.machine'
import type { AnyEventObject } from '../support/model-paths'

export function candles(close: string): CandlesAnswer & { data: { close: string }[] } {
  // As the exchange sends it: numbers as strings
  // (docs/product/providers/market-data.md#get_candles).
  const candle = {
    timestamp: '1741132800000',
    open: close,
    high: close,
    low: close,
    close,
    volume: '0',
    resolution: '4h',
    isClosed: false,
    timestampISO: '2025-03-05T00:00:00.000Z',
  }
  return { ok: 'ok', data: [candle] }
}

/** EUR per BTC-like: the rate when 'from' is fiat. */
export const FIAT_PER_CRYPTO = '50000'
/** BTC per EUR-like: the rate when 'from' is crypto. */
export const CRYPTO_PER_FIAT = '0.00002'

/** What the sandbox's get_currencies_info and get_pairs_info say: fiat to 2 places, crypto to 8. */
export const SANDBOX_FACTS: MarketFacts = {
  precision: { EUR: 2, GBP: 2, USD: 2, BTC: 8, ETH: 8 },
  btcUsdTrades: [{ price: '84123.4', amount: '0.0012', dateISO: '2025-03-05T10:00:00.000Z' }],
}

export const DEBOUNCE_EVENT = 'xstate.after.debounce.converter.amounts.debouncing'

export const converterEvents = {
  /** Fiat source ≥ 7000 and not 10000: the notice shows. */
  typeFrom8000: { type: 'amount.change', side: 'from', text: '8000' },
  /** Exactly 10000: no notice. */
  typeFrom10000: { type: 'amount.change', side: 'from', text: '10000' },
  typeTo: { type: 'amount.change', side: 'to', text: '0.5' },
  /** From fiat: a class swap; from crypto: the same class stays. */
  chooseFromBtc: { type: 'currency.change', side: 'from', currency: 'BTC' },
  chooseFromEur: { type: 'currency.change', side: 'from', currency: 'EUR' },
  chooseToEth: { type: 'currency.change', side: 'to', currency: 'ETH' },
  rateFiatPerCrypto: { type: 'xstate.done.actor.fetchRate', output: candles(FIAT_PER_CRYPTO) },
  rateCryptoPerFiat: { type: 'xstate.done.actor.fetchRate', output: candles(CRYPTO_PER_FIAT) },
  rateNoData: { type: 'xstate.done.actor.fetchRate', output: { ok: 'ok', data: [] } },
  rateFailed: { type: 'xstate.error.actor.fetchRate', error: new Error('offline') },
  factsLoaded: { type: 'xstate.done.actor.fetchMarketFacts', output: SANDBOX_FACTS },
  factsFailed: { type: 'xstate.error.actor.fetchMarketFacts', error: new Error('offline') },
  debounce: { type: DEBOUNCE_EVENT },
} satisfies Record<string, AnyEventObject>

export function noticeShows(s: ConverterSnapshot): boolean {
  return showsLargeAmountNotice(s.context.from, s.context.to)
}

export function serializeConverter(s: ConverterSnapshot): string {
  const { from, to, lastEdited, rate } = s.context
  return JSON.stringify([s.value, lastEdited, rate, noticeShows(s), from.currency, to.currency])
}

/** An event's name in a path: the type and what it carries that matters. */
export function describeConverterEvent(event: AnyEventObject): string {
  if (event.type === 'amount.change' || event.type === 'currency.change') {
    const e = event as unknown as { side: string; text?: string; currency?: string }
    return `${event.type}(${e.side}=${e.text ?? e.currency ?? ''})`
  }
  if (event.type === 'xstate.done.actor.fetchRate') {
    const output = (event as { output?: { data?: { close?: unknown }[] } }).output
    const close = output?.data?.[0]?.close
    return `fetchRate.done(${typeof close === 'string' ? close : 'no data'})`
  }
  if (event.type === 'xstate.error.actor.fetchRate') return 'fetchRate.error'
  if (event.type === 'xstate.done.actor.fetchMarketFacts') return 'fetchMarketFacts.done'
  if (event.type === 'xstate.error.actor.fetchMarketFacts') return 'fetchMarketFacts.error'
  if (event.type === DEBOUNCE_EVENT) return 'after debounce'
  return event.type
}
