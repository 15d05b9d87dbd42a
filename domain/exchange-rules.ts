/**
 * The exchange's rules, written once for the converter, the quote request and the quote e-mails
 * (docs/product/limits.md#converter, docs/product/flows.md#converter,
 * docs/product/validation.md#converter-inputs, docs/product/api.md#get_candles): the fee tier, the
 * fee in each direction, rounding half away from zero (8 decimals crypto, 2 fiat), the candle pair
 * and query, which candle is the rate, the displayed rate and the large-amount notice. Amounts and
 * rates are decimal strings; the arithmetic is exact (decimal.ts).
 */
import { classOf, isFiat, type Currency } from './currencies.ts'
import { decimal, decimalOrNull, divide, fixed, ONE, plain, ZERO, type Decimal } from './decimal.ts'
import { precisionOf, type MarketFacts } from './market-facts.ts'

export type SideName = 'from' | 'to'

export const otherSide = (side: SideName): SideName => (side === 'from' ? 'to' : 'from')

/**
 * The fee is 4% below 10000 and 1.1% from 10000 on, of the amount converted
 * (docs/product/limits.md#fee-tier, decision 020).
 */
export const FEE_THRESHOLD = '10000'
export const FEE_BELOW_THRESHOLD = '0.04'
export const FEE_FROM_THRESHOLD = '0.011'

/** The fee, as a fraction, for converting `amount`. */
export function feeFor(amount: string): string {
  return decimal(amount).lt(decimal(FEE_THRESHOLD)) ? FEE_BELOW_THRESHOLD : FEE_FROM_THRESHOLD
}

/** The fee as the e-mails name it: '4%' or '1.1%'. */
export function feePercent(amount: string): string {
  return `${plain(decimal(feeFor(amount)).times(decimal('100')))}%`
}

/** Results are rounded to 8 decimals for crypto, 2 for fiat (docs/product/limits.md#rounding). */
export function decimalsOf(currency: Currency): number {
  return isFiat(currency) ? 2 : 8
}

/** Rounds half away from zero to `decimals` and writes every decimal ('1.005', 2 → '1.01'). */
export function roundTo(value: string, decimals: number): string {
  return fixed(decimal(value), decimals)
}

const isZero = (value: Decimal) => value.eq(ZERO)

/**
 * 'to' from the 'from' amount: `from / rate × (1 − fee)`, where the rate is the price of one 'to'
 * unit in 'from' units, rounded for the target. A zero rate or amount gives '0'
 * (docs/product/flows.md#zero-rule).
 */
export function convertToTarget(amount: string, rate: string, target: Currency): string {
  const a = decimal(amount)
  const r = decimal(rate)
  if (isZero(a) || isZero(r)) return '0'
  const kept = ONE.minus(decimal(feeFor(amount)))
  return fixed(divide(a.times(kept), r, decimalsOf(target)), decimalsOf(target))
}

/**
 * 'from' from the target amount: `to × rate × (1 + fee)`, the fee added this way
 * (docs/product/limits.md#fee-tier).
 */
export function convertToSource(amount: string, rate: string, source: Currency): string {
  const a = decimal(amount)
  const r = decimal(rate)
  if (isZero(a) || isZero(r)) return '0'
  const charged = ONE.plus(decimal(feeFor(amount)))
  return fixed(a.times(r).times(charged), decimalsOf(source))
}

/**
 * The candle pair `{base}-{quote}` (docs/product/limits.md#candle-query): the fiat is the base when
 * 'from' is crypto, otherwise the crypto is. Either way the base is the 'to' currency, so `close`
 * prices one 'to' unit in 'from'.
 */
export function candlePair(from: Currency, to: Currency): string {
  const fiat = isFiat(from) ? from : to
  const crypto = isFiat(from) ? to : from
  return isFiat(from) ? `${crypto}-${fiat}` : `${fiat}-${crypto}`
}

/**
 * The get_candles body (docs/product/limits.md#candle-query): the latest 4h bestAsk candle from the
 * start of today (UTC).
 */
export function candleQuery(pair: string, now: Date) {
  return {
    pair,
    fromISO: `${now.toISOString().slice(0, 10)}T00:00:00.000Z`,
    limit: 1,
    dataType: 'bestAsk' as const,
    resolution: '4h' as const,
  }
}

/** What get_candles answered, as far as the rate is read from it. */
export interface CandlesAnswer {
  ok?: unknown
  data?: readonly unknown[] | null
}

export const NO_DATA_WARNING = '[WARN] No data from exchange'

/** A decimal the exchange wrote, as a string or (tolerated) a JSON number. */
function exchangeDecimal(value: unknown): Decimal | null {
  if (typeof value === 'string') return decimalOrNull(value)
  if (typeof value === 'number' && Number.isFinite(value)) return decimalOrNull(String(value))
  return null
}

/**
 * The rate in a candle answer (docs/product/data.md#candle-response): `close` of the latest candle,
 * by `timestamp`, when `ok` is 'ok'. The query asks for one candle, so that is `data[0]`; when more
 * come, the newest counts (the order is not documented:
 * docs/product/providers/unconfirmed.md#candle-ordering) and among equal times the first listed. A
 * close that is missing, negative or not a decimal is no candle; no candle is no data (null: the
 * pair's rate stays as it was, docs/product/flows.md#rate-refresh).
 */
export function rateFromCandles(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null
  const { ok, data: list } = answer as CandlesAnswer
  if (ok !== 'ok' || !Array.isArray(list)) return null
  let latest: { close: Decimal; time: Decimal } | null = null
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const candle = item as { close?: unknown; timestamp?: unknown }
    const close = exchangeDecimal(candle.close)
    if (!close || close.lt(ZERO)) continue
    const time = exchangeDecimal(candle.timestamp) ?? ZERO
    if (!latest || time.gt(latest.time)) latest = { close, time }
  }
  return latest ? plain(latest.close) : null
}

/** The two displayed forms (docs/product/limits.md#displayed-rate) and their decimals. */
const FIAT_PRICE_DECIMALS = 2
const CRYPTO_PRICE_DECIMALS = 8

/**
 * The smallest figure a form may show and still carry two significant digits: ten steps of the
 * currency the figure is in, a step being 10^-d where d is the product's decimals or, when the
 * exchange quotes that currency more coarsely (get_currencies_info, get_pairs_info), its precision.
 */
function smallestFigure(currency: Currency, decimals: number, facts: MarketFacts): Decimal {
  const places = Math.min(decimals, precisionOf(facts, currency) ?? decimals)
  return decimal(`1e${String(1 - places)}`)
}

/** A displayed rate's parts: '1 {base} = {figure} {quote}'. */
export interface RateForm {
  base: Currency
  /** The rate with the form's decimals, as a plain decimal string: '78251.21'. */
  figure: string
  quote: Currency
}

/**
 * Which form the displayed rate takes and its figure (docs/product/limits.md#displayed-rate):
 * '1 {crypto} = {rate} {fiat}' with 2 decimals when 'from' is fiat, or the inverse
 * '1 {fiat} = {rate} {crypto}' with 8 decimals when 'from' is crypto (`rate` prices one 'to' unit
 * in 'from' units). When that figure would show fewer than two significant digits — a coin worth a
 * fraction of a cent reads '0.00' — the other form is shown, computed exactly from the same rate
 * (decision 072). A rate of 0 (none yet) shows as 0.
 */
export function displayedRateForm(
  from: Currency,
  to: Currency,
  rate: string,
  facts: MarketFacts = {},
): RateForm {
  const r = decimal(rate)
  const fromIsFiat = isFiat(from)
  const decimals = fromIsFiat ? FIAT_PRICE_DECIMALS : CRYPTO_PRICE_DECIMALS
  const shown = decimal(fixed(r, decimals))
  if (isZero(r) || shown.gte(smallestFigure(from, decimals, facts)))
    return { base: to, figure: fixed(r, decimals), quote: from }
  const inverseDecimals = fromIsFiat ? CRYPTO_PRICE_DECIMALS : FIAT_PRICE_DECIMALS
  return { base: from, figure: fixed(divide(ONE, r, inverseDecimals), inverseDecimals), quote: to }
}

/**
 * The displayed rate as the spec writes it, in English: '1 BTC = 78251.21 EUR'. In another
 * language, format-rate.ts writes the same form.
 */
export function displayedRate(
  from: Currency,
  to: Currency,
  rate: string,
  facts: MarketFacts = {},
): string {
  const { base, figure, quote } = displayedRateForm(from, to, rate, facts)
  return `1 ${base} = ${figure} ${quote}`
}

export const LARGE_AMOUNT_THRESHOLD = '7000'

/**
 * The large-amount notice (docs/product/limits.md#large-amount-notice): the source is fiat and its
 * amount is 7000 or more but not exactly 10000, or the source is crypto and the target amount is
 * 7000 or more.
 */
export function showsLargeAmountNotice(
  from: { currency: Currency; amount: string },
  to: { amount: string },
): boolean {
  const threshold = decimal(LARGE_AMOUNT_THRESHOLD)
  if (classOf(from.currency) === 'fiat') {
    const amount = decimal(from.amount)
    return amount.gte(threshold) && !amount.eq(decimal(FEE_THRESHOLD))
  }
  return decimal(to.amount).gte(threshold)
}

/** Amount inputs keep only digits and the dot (docs/product/validation.md#converter-inputs). */
export function sanitizeAmount(text: string): string {
  return text.replace(/[^0-9.]/g, '')
}

/**
 * An empty result is 0; otherwise the parsed decimal: the digits up to a second dot, as parseFloat
 * reads them ('12.5.3' → 12.5, '.' → 0), kept exactly as a decimal string
 * (docs/product/validation.md#converter-inputs).
 */
export function parseAmount(sanitized: string): string {
  const match = /^\d*(?:\.\d*)?/.exec(sanitized)?.[0] ?? ''
  const digits = match.replace(/\.$/, '')
  if (digits === '' || digits === '.') return '0'
  return plain(decimal(digits.startsWith('.') ? `0${digits}` : digits))
}

/**
 * The input pattern: digits with an optional decimal part, step 0.01
 * (docs/product/validation.md#converter-inputs).
 */
export const AMOUNT_PATTERN = '[0-9]*[.]?[0-9]*'
