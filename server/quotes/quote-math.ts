/**
 * The converter's arithmetic (spec §4 "Converter", §9): which candle pair gives the rate, the fee
 * tier decided by the amount entered, and the rounding of the result.
 */
import { isCrypto, isFiat } from '../market/currencies.ts'

/** One side fiat and the other crypto; anything else is refused. */
export function isFiatCryptoPair(from: string, to: string): boolean {
  return (isFiat(from) && isCrypto(to)) || (isCrypto(from) && isFiat(to))
}

/**
 * The candle pair '{base}-{quote}' the converter asks for: the fiat as base when 'from' is crypto,
 * otherwise the crypto as base. Either way the base is the currency received, so the rate is the
 * price of one `to` in `from` and the received amount is amount / rate.
 */
export function candlePair(from: string, to: string): string {
  return `${to}-${from}`
}

/** 4 % below 10,000 and 1.1 % from 10,000 (of the currency entered). */
export const feeTierThreshold = 10_000
export function feeRate(amount: number): number {
  return amount < feeTierThreshold ? 0.04 : 0.011
}
export function feePercent(amount: number): string {
  return amount < feeTierThreshold ? '4%' : '1.1%'
}

/** Crypto amounts to 8 decimals, fiat to 2. */
export function decimalsFor(currency: string): number {
  return isCrypto(currency) ? 8 : 2
}

/**
 * Half away from zero on the decimal digits, as the converter rounds (1.005 → 1.01): the decimal
 * exponent is shifted in the number's text, so binary noise does not decide a tie.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const shift = (n: number, by: number) => {
    const [mantissa = '0', exponent = '0'] = String(n).split('e')
    return Number(`${mantissa}e${String(Number(exponent) + by)}`)
  }
  return Math.sign(value) * shift(Math.round(shift(Math.abs(value), decimals)), -decimals)
}

/** to = amount / rate × (1 − fee), rounded for the receiving currency. */
export function convert(amount: number, rate: number, to: string): { value: number; text: string } {
  const decimals = decimalsFor(to)
  const value = roundTo((amount / rate) * (1 - feeRate(amount)), decimals)
  return { value, text: value.toFixed(decimals) }
}
