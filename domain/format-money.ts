/**
 * Amounts with their currency, in English or Polish
 * (docs/product/limits.md#numbers-money-and-dates-per-language): the product's decimals — 2 for
 * fiat, 8 for crypto, rounded half away from zero (docs/product/limits.md#rounding) — unless the
 * caller keeps the figure's own.
 */
import type { Currency } from './currencies.ts'
import { decimalsOf } from './exchange-rules.ts'
import { formatDecimal, type NumberStyle } from './format-number.ts'
import type { Locale } from './locale.ts'

/** '9599.90 EUR' / '9599,90 EUR', '0.12572070 BTC' / '0,12572070 BTC', '78 251,21 EUR'. */
export function formatMoney(
  amount: string,
  currency: Currency,
  locale: Locale,
  style: NumberStyle = {},
): string {
  return `${formatDecimal(amount, locale, { decimals: decimalsOf(currency), ...style })} ${currency}`
}
