/// <reference lib="es2023.intl" />
/**
 * Decimal strings written for people, in English or Polish
 * (docs/product/limits.md#numbers-money-and-dates-per-language): rounded by decimal.ts, never by a
 * JS number, then laid out by `Intl.NumberFormat` with a fixed locale. Only the integer part goes
 * through Intl (as a string, which it writes exactly at any length: '12345678901234567'), so there
 * is no limit on decimals (Node 20 throws above 20 fraction digits) and Intl never rounds.
 */
import { decimal, fixed } from './decimal.ts'
import { INTL_LOCALES } from './intl-locales.ts'
import type { Locale } from './locale.ts'

/**
 * A decimal as the product stores and sends it: an optional minus, digits, and a dot followed by
 * digits ('0.12572070', '25000', '-5.5'). No exponent, plus sign, grouping, space, NaN or Infinity:
 * Intl would write garbage as 'NaN' rather than refuse it, so it is refused here.
 */
const plainDecimal = /^-?\d+(?:\.\d+)?$/

export function isPlainDecimal(text: string): boolean {
  return plainDecimal.test(text)
}

export interface NumberStyle {
  /**
   * The decimals shown, rounded half away from zero (docs/product/limits.md#rounding). By default
   * the string's own, trailing zeros included ('100.50' stays '100.50').
   */
  decimals?: number | 'as-written'
  /**
   * Thousands grouped. By default English does not group: the spec's figures read '78251.21'.
   * Polish does, as Polish writes numbers: a no-break space from five digits on ('78 251,21',
   * but '1234,50'). The staff console's lists group English too ('12,500').
   */
  grouping?: boolean
}

const GROUPED_BY_DEFAULT: Readonly<Record<Locale, boolean>> = { en: false, pl: true }

const integerFormats = new Map<string, Intl.NumberFormat>()

/** Whole numbers in `locale`. 'auto' is the locale's own grouping; `true` would mean 'always' ('1 234'). */
function integerFormat(locale: Locale, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}:${String(grouping)}`
  let made = integerFormats.get(key)
  if (!made) {
    made = new Intl.NumberFormat(INTL_LOCALES[locale], {
      maximumFractionDigits: 0,
      useGrouping: grouping ? 'auto' : false,
    })
    integerFormats.set(key, made)
  }
  return made
}

const separators = new Map<Locale, string>()

/** The locale's decimal separator: '.' in English, ',' in Polish. */
function decimalSeparator(locale: Locale): string {
  let found = separators.get(locale)
  if (found === undefined) {
    const parts = new Intl.NumberFormat(INTL_LOCALES[locale]).formatToParts(1.5)
    found = parts.find((part) => part.type === 'decimal')?.value ?? '.'
    separators.set(locale, found)
  }
  return found
}

function decimalsOfText(text: string): number {
  return text.split('.')[1]?.length ?? 0
}

/**
 * `value` written for a reader of `locale`: '78251.21' / '78 251,21'. Throws a TypeError for
 * anything but a plain decimal string, and a RangeError for a count of decimals that is not a
 * whole number from 0.
 */
export function formatDecimal(value: string, locale: Locale, style: NumberStyle = {}): string {
  if (!isPlainDecimal(value)) throw new TypeError(`not a plain decimal: ${JSON.stringify(value)}`)
  const places =
    style.decimals === undefined || style.decimals === 'as-written'
      ? decimalsOfText(value)
      : style.decimals
  if (!Number.isSafeInteger(places) || places < 0)
    throw new RangeError(`not a count of decimals: ${String(places)}`)
  // A figure that rounds to zero has no sign ('-0.001' → '0.00').
  const rounded = fixed(decimal(value), places)
  const [integer = '0', fraction] = rounded.split('.')
  const grouping = style.grouping ?? GROUPED_BY_DEFAULT[locale]
  // '-0' stays '-0' for '-0.5'; Intl reads the string exactly, digit for digit.
  const whole = integerFormat(locale, grouping).format(integer as `${number}`)
  return fraction === undefined ? whole : `${whole}${decimalSeparator(locale)}${fraction}`
}
