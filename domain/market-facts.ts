/**
 * The market data the product reads besides the candles (docs/product/api.md#market-data-api,
 * docs/product/data.md#market-facts): get_currencies_info, get_pairs_info for BTC-USD and
 * get_trade_history for BTC-USD (2 trades), with the original client's bodies, and what the product
 * takes from their answers: how precisely the exchange quotes each currency (decision 072). Answers
 * that are missing or malformed give no facts; the product's own decimals
 * (docs/product/limits.md#displayed-rate) then stand alone.
 */
import { isCurrency, type Currency } from './currencies.ts'
import { decimalOrNull } from './decimal.ts'

/**
 * get_currencies_info takes no parameters: an empty JSON object
 * (docs/product/api.md#get_currencies_info,
 * docs/product/providers/market-data.md#get_currencies_info).
 */
export const CURRENCIES_INFO_REQUEST = {} as const
/** get_pairs_info with pairs fixed to BTC-USD (docs/product/api.md#get_pairs_info). */
export const PAIRS_INFO_REQUEST = { pairs: ['BTC-USD'] }
/** get_trade_history for BTC-USD, page size 2 (docs/product/api.md#get_trade_history). */
export const TRADE_HISTORY_REQUEST = { pair: 'BTC-USD', pageSize: 2 } as const

export interface Trade {
  price: string
  amount: string
  dateISO: string
}

/** What the three answers told. */
export interface MarketFacts {
  /** Decimal places the exchange quotes each currency in, where it said so. */
  precision?: Partial<Record<Currency, number>>
  /** The newest BTC-USD trades, newest first (kept for the record; nothing is computed from them). */
  btcUsdTrades?: readonly Trade[]
}

/** The precision the exchange gives `currency`, if any. */
export function precisionOf(facts: MarketFacts, currency: Currency): number | undefined {
  return facts.precision?.[currency]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The success envelope's data, or undefined. */
function dataOf(answer: unknown): unknown {
  return isRecord(answer) && answer.ok === 'ok' ? answer.data : undefined
}

/** A precision the exchange wrote ('8' or 8): a whole number of places from 0 to 30. */
function places(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^\d{1,2}$/.test(text)) return undefined
  const n = Number.parseInt(text, 10)
  return n <= 30 ? n : undefined
}

/**
 * The facts in the three answers (each may be null when its call failed). Where two answers give
 * a currency's precision, the coarser one counts.
 */
export function marketFactsFrom(answers: {
  currencies: unknown
  pairs: unknown
  trades: unknown
}): MarketFacts {
  const precision: Partial<Record<Currency, number>> = {}
  const note = (code: unknown, value: unknown) => {
    const p = places(value)
    if (typeof code !== 'string' || !isCurrency(code) || p === undefined) return
    const known = precision[code]
    precision[code] = known === undefined ? p : Math.min(known, p)
  }
  const currencies = dataOf(answers.currencies)
  if (Array.isArray(currencies))
    for (const row of currencies as unknown[]) if (isRecord(row)) note(row.currency, row.precision)
  const pairs = dataOf(answers.pairs)
  if (Array.isArray(pairs))
    for (const row of pairs as unknown[])
      if (isRecord(row)) {
        note(row.base, row.basePrecision)
        note(row.quote, row.quotePrecision)
      }
  const facts: MarketFacts = {}
  if (Object.keys(precision).length > 0) facts.precision = precision
  const page = dataOf(answers.trades)
  if (isRecord(page) && Array.isArray(page.trades)) {
    const trades = (page.trades as unknown[]).flatMap((t): Trade[] => {
      if (!isRecord(t)) return []
      const { price, amount, dateISO } = t
      if (typeof price !== 'string' || typeof amount !== 'string' || typeof dateISO !== 'string')
        return []
      return decimalOrNull(price) && decimalOrNull(amount) ? [{ price, amount, dateISO }] : []
    })
    if (trades.length > 0) facts.btcUsdTrades = trades
  }
  return facts
}
