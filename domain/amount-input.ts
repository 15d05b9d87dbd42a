/**
 * What a person types into an amount field, per language
 * (docs/product/validation.md#converter-inputs). English keeps the spec's rule exactly (exchange-
 * rules.ts `sanitizeAmount` and `parseAmount`): only digits and the dot. Polish also takes the
 * comma, which is its decimal separator, and the spaces that group thousands: '1000,50' and
 * '1 000,50' are 1000.50.
 */
import { AMOUNT_PATTERN, parseAmount, sanitizeAmount } from './exchange-rules.ts'
import { formatDecimal } from './format-number.ts'
import type { Locale } from './locale.ts'

/** The characters the field keeps of what was typed: '1 000,50' stays as typed in Polish. */
export function amountInputText(typed: string, locale: Locale): string {
  return locale === 'en' ? sanitizeAmount(typed) : typed.replace(/[^0-9.,\s]/g, '')
}

/**
 * The Polish text with a dot for its decimal separator and no grouping. Spaces (any kind) group
 * thousands. A comma or a dot is the decimal separator; when both appear, the last one written is
 * ('1.000,50' and '1,000.50' are both 1000.50) and the other kind groups.
 */
function polishToDot(text: string): string {
  let kept = text.replace(/[^0-9.,]/g, '')
  const comma = kept.lastIndexOf(',')
  const dot = kept.lastIndexOf('.')
  if (comma >= 0 && dot >= 0) kept = kept.replaceAll(comma > dot ? '.' : ',', '')
  return kept.replaceAll(',', '.')
}

/**
 * The amount typed, as a decimal string: read like the spec reads an English field (up to a second
 * separator, '12,5,3' is 12.5; nothing, or a lone separator, is '0').
 */
export function parseAmountInput(typed: string, locale: Locale): string {
  return parseAmount(sanitizeAmount(locale === 'en' ? typed : polishToDot(typed)))
}

/**
 * A computed amount as its field shows it: English as the spec has it ('0.12572070'), Polish
 * with its decimal comma and without grouping, so it reads back the same ('0,12572070', '10000').
 */
export function amountFieldText(amount: string, locale: Locale): string {
  return locale === 'en' ? amount : formatDecimal(amount, locale, { grouping: false })
}

/**
 * The field's `pattern`: the spec's in English; in Polish digits and spaces, then a comma or a
 * dot and digits ('1 000,50').
 */
export function amountInputPattern(locale: Locale): string {
  return locale === 'en' ? AMOUNT_PATTERN : '[0-9\\s]*[,.]?[0-9]*'
}
