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
import { parseQuoteAmount } from './quote.ts'

/** The characters the field keeps of what was typed: '1 000,50' stays as typed in Polish. */
export function amountInputText(typed: string, locale: Locale): string {
  return locale === 'en' ? sanitizeAmount(typed) : typed.replace(/[^0-9.,\s]/g, '')
}

/**
 * Polish digits and separators with a dot for the decimal separator and no grouping. A comma or a
 * dot is the decimal separator; when both appear, the last one written is ('1.000,50' and
 * '1,000.50' are both 1000.50) and the other kind groups.
 */
function separatorsToDot(digitsAndSeparators: string): string {
  let kept = digitsAndSeparators
  const comma = kept.lastIndexOf(',')
  const dot = kept.lastIndexOf('.')
  if (comma >= 0 && dot >= 0) kept = kept.replaceAll(comma > dot ? '.' : ',', '')
  return kept.replaceAll(',', '.')
}

/** What a Polish field holds, every character but digits and separators dropped (spaces group). */
const polishToDot = (text: string) => separatorsToDot(text.replace(/[^0-9.,]/g, ''))

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

/**
 * The quote dialog's amount: whole units, as an integer parse reads the text
 * (docs/product/validation.md#quote-dialog). English is `parseQuoteAmount` exactly ('1,000' is
 * 1000). In Polish, spaces group, and the separators are read as in the converter before the
 * decimal part is dropped: '1 000,50' and '1.000,50' are 1000, '1000,50' is 1000, '1,5' is 1.
 */
export function parseQuoteAmountInput(typed: string, locale: Locale): string {
  if (locale === 'en') return parseQuoteAmount(typed)
  const leading = /^[\d.,]*/.exec(typed.replace(/\s/g, ''))?.[0] ?? ''
  return parseQuoteAmount(separatorsToDot(leading))
}
