/**
 * The express converter's rules as pure functions (spec §3 "Currency", §4 "Converter", §5
 * "Converter inputs", §7 "Market data API" get_candles, §9 "Converter"): currencies and their
 * classes, the class swap, the fee tiers, rounding, the candle query, the displayed rate and the
 * large-amount notice. The converter machine uses them and nothing else decides these rules.
 */

import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '../currencies'

export { CRYPTO_CURRENCIES, FIAT_CURRENCIES }

export type FiatCurrency = (typeof FIAT_CURRENCIES)[number]
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number]
export type Currency = FiatCurrency | CryptoCurrency
export type CurrencyClass = 'fiat' | 'crypto'
export type SideName = 'from' | 'to'

/** The selector's two groups, in order, with their labels (spec §2 "Express converter widget"). */
export const CURRENCY_GROUPS: readonly { label: string; currencies: readonly Currency[] }[] = [
  { label: 'Fiat Currencies', currencies: FIAT_CURRENCIES },
  { label: 'Crypto Currencies', currencies: CRYPTO_CURRENCIES },
]

export const ALL_CURRENCIES: readonly Currency[] = [...FIAT_CURRENCIES, ...CRYPTO_CURRENCIES]

export function isCurrency(value: string): value is Currency {
  return (ALL_CURRENCIES as readonly string[]).includes(value)
}

export function isFiat(currency: Currency): currency is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(currency)
}

export function classOf(currency: Currency): CurrencyClass {
  return isFiat(currency) ? 'fiat' : 'crypto'
}

export const otherSide = (side: SideName): SideName => (side === 'from' ? 'to' : 'from')

/** §9: the fee is 4% below 10000 and 1.1% from 10000 on. */
export const FEE_THRESHOLD = 10_000
export const FEE_BELOW_THRESHOLD = 0.04
export const FEE_FROM_THRESHOLD = 0.011

/**
 * The fee for converting `amount`: the amount of the side being converted (the 'from' amount when
 * the 'to' side is computed, the target amount when the 'from' side is computed; decision 020).
 */
export function feeFor(amount: number): number {
  return amount < FEE_THRESHOLD ? FEE_BELOW_THRESHOLD : FEE_FROM_THRESHOLD
}

/** §9: results are rounded to 8 decimals for crypto and 2 for fiat. */
export function decimalsOf(currency: Currency): number {
  return isFiat(currency) ? 2 : 8
}

/**
 * Rounds half away from zero on the decimal digits, not on the binary value (so 1.005 → 1.01),
 * by shifting the decimal exponent in the number's own text.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const shift = (n: number, by: number) => {
    const [mantissa, exponent = '0'] = String(n).split('e')
    return Number(`${mantissa}e${String(Number(exponent) + by)}`)
  }
  const shifted = shift(Math.abs(value), decimals)
  return Math.sign(value) * shift(Math.round(shifted), -decimals)
}

/**
 * 'to' from the 'from' amount: `from / rate × (1 − fee)`, where the rate is the price of one unit
 * of the 'to' currency in 'from' units. A zero rate or amount gives 0 (§4).
 */
export function convertToTarget(amount: number, rate: number, target: Currency): number {
  if (rate === 0 || amount === 0) return 0
  return roundTo((amount / rate) * (1 - feeFor(amount)), decimalsOf(target))
}

/** 'from' from the target amount: `to × rate × (1 + fee)` (§9: the fee is added this way). */
export function convertToSource(amount: number, rate: number, source: Currency): number {
  if (rate === 0 || amount === 0) return 0
  return roundTo(amount * rate * (1 + feeFor(amount)), decimalsOf(source))
}

/**
 * The candle pair `{base}-{quote}` (§7): the fiat is the base when 'from' is crypto, otherwise the
 * crypto is. Either way the base is the 'to' currency, so `close` prices one 'to' unit in 'from'.
 */
export function candlePair(from: Currency, to: Currency): string {
  const fiat = isFiat(from) ? from : to
  const crypto = isFiat(from) ? to : from
  return isFiat(from) ? `${crypto}-${fiat}` : `${fiat}-${crypto}`
}

/** The get_candles body (§7): the latest 4h bestAsk candle from the start of today (UTC). */
export function candleQuery(pair: string, now: Date) {
  return {
    pair,
    fromISO: `${now.toISOString().slice(0, 10)}T00:00:00.000Z`,
    limit: 1,
    dataType: 'bestAsk' as const,
    resolution: '4h' as const,
  }
}

/** What get_candles answered, as far as the converter reads it. */
export interface CandlesAnswer {
  ok?: unknown
  data?: readonly { close?: unknown; timestamp?: unknown }[] | null
}

export const NO_DATA_WARNING = '[WARN] No data from exchange'

/**
 * The rate in a candle answer (§3 "Candle response"): `close` of the latest candle when `ok` is
 * 'ok' and there is one; otherwise null (no data: the rate stays as it was).
 */
export function rateFromCandles(answer: CandlesAnswer | null | undefined): number | null {
  const list: unknown = answer?.data
  if (!answer || answer.ok !== 'ok' || !Array.isArray(list)) return null
  const candles = (list as unknown[])
    .map((item) => {
      const c = (typeof item === 'object' && item !== null ? item : {}) as {
        close?: unknown
        timestamp?: unknown
      }
      return { close: Number(c.close ?? Number.NaN), time: Number(c.timestamp ?? 0) }
    })
    .filter((c) => Number.isFinite(c.close) && c.close >= 0)
  if (candles.length === 0) return null
  // Ordering is not documented (providers.md §3.2): the latest candle is the one that counts.
  const latest = candles.reduce((a, b) => (b.time > a.time ? b : a))
  return latest.close
}

/**
 * §9 displayed rate: '1 {crypto} = {rate} {fiat}' with 2 decimals when 'from' is fiat, or the
 * inverse '1 {fiat} = {rate} {crypto}' with 8 decimals when 'from' is crypto.
 */
export function rateText(from: Currency, to: Currency, rate: number): string {
  return `1 ${to} = ${rate.toFixed(isFiat(from) ? 2 : 8)} ${from}`
}

export const LARGE_AMOUNT_THRESHOLD = 7_000

/**
 * §9 large-amount notice: the source is fiat and its amount is 7000 or more but not exactly
 * 10000, or the source is crypto and the target amount is 7000 or more.
 */
export function showsLargeAmountNotice(
  from: { currency: Currency; amount: number },
  to: { amount: number },
): boolean {
  if (isFiat(from.currency))
    return from.amount >= LARGE_AMOUNT_THRESHOLD && from.amount !== FEE_THRESHOLD
  return to.amount >= LARGE_AMOUNT_THRESHOLD
}

export const LARGE_AMOUNT_NOTICE =
  'We offer flexible fees for big amounts. Get a personalized calculation'
export const LARGE_AMOUNT_LINK = 'here'
export const CONVERTER_DISCLAIMER =
  'Exchange rates constantly change, so the final amount may differ from what you see in the converter.'

/** §5: amount inputs keep only digits and the dot. */
export function sanitizeAmount(text: string): string {
  return text.replace(/[^0-9.]/g, '')
}

/** §5: an empty result is 0; otherwise the parsed decimal ('.' alone parses to nothing: 0). */
export function parseAmount(sanitized: string): number {
  if (sanitized === '') return 0
  const value = Number.parseFloat(sanitized)
  return Number.isFinite(value) ? value : 0
}

/** §5 input pattern: digits with an optional decimal part (step 0.01). */
export const AMOUNT_PATTERN = '[0-9]*[.]?[0-9]*'

/** A computed amount as the input shows it: plain digits, no exponent, no trailing zeros. */
export function formatAmount(value: number, currency: Currency): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value)
  const fixed = value.toFixed(decimalsOf(currency))
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
}
