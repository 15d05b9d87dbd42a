/**
 * Figures in the page's language (docs/product/limits.md#numbers-money-and-dates-per-language):
 * English shows each decimal string exactly as received (the spec's figures); Polish writes it the
 * Polish way (decimal comma, grouped thousands), from the string, never through a JS number.
 */
import { formatDecimal, isPlainDecimal } from '../../../domain/format-number'
import type { Locale } from '../../../domain/locale'

/** A decimal as received ('25000', '0.00243081'), in the page's language. */
export function figureIn(value: string | number, locale: Locale): string {
  const text = String(value)
  if (locale === 'en' || !isPlainDecimal(text)) return text
  return formatDecimal(text, locale, { decimals: 'as-written' })
}
