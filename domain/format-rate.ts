/**
 * Rates as a line, in English or Polish (docs/product/limits.md#displayed-rate,
 * docs/product/limits.md#numbers-money-and-dates-per-language): '1 BTC = 78251.21 EUR' as the spec
 * writes it, '1 BTC = 78 251,21 EUR' in Polish.
 */
import type { Currency } from './currencies.ts'
import { displayedRateForm } from './exchange-rules.ts'
import { formatDecimal, type NumberStyle } from './format-number.ts'
import type { Locale } from './locale.ts'
import type { MarketFacts } from './market-facts.ts'

/** '1 {base} = {rate} {quote}', the rate with its own decimals unless `style` says otherwise. */
export function formatRate(
  base: Currency,
  rate: string,
  quote: Currency,
  locale: Locale,
  style: NumberStyle = {},
): string {
  return `1 ${base} = ${formatDecimal(rate, locale, style)} ${quote}`
}

/**
 * The converter's displayed rate (exchange-rules.ts `displayedRateForm`: the form, its decimals and
 * the switch to the inverse) in `locale`; in English exactly `displayedRate`.
 */
export function formatDisplayedRate(
  from: Currency,
  to: Currency,
  rate: string,
  locale: Locale,
  facts: MarketFacts = {},
): string {
  const { base, figure, quote } = displayedRateForm(from, to, rate, facts)
  return formatRate(base, figure, quote, locale)
}
