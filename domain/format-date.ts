/**
 * Dates and times in English or Polish, always in Europe/Warsaw
 * (docs/product/limits.md#numbers-money-and-dates-per-language): the locale and the time zone are
 * fixed here, never the reader's machine's, so the server and every browser write the same
 * characters for the same instant ('Nov 27, 2026, 9:34 PM' / '27 lis 2026, 21:34').
 */
import { INTL_LOCALES, TIME_ZONE } from './intl-locales.ts'
import type { Locale } from './locale.ts'

/**
 * An instant as the API sends it: RFC 3339 with 'Z' or an offset ('2026-11-27T20:34:00.000Z', as
 * the contract's `date-time` allows it, microseconds included). Other strings are refused rather
 * than left to each engine's own guesses.
 */
const instantSyntax = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i

/** The instant `at` names; throws a TypeError for anything else (never 'Invalid Date'). */
function instant(at: string | Date): Date {
  const date =
    typeof at === 'string' && instantSyntax.test(at)
      ? // The form every engine reads alike: upper case, at most milliseconds.
        new Date(at.toUpperCase().replace(/(\.\d{3})\d+/, '$1'))
      : at
  if (!(date instanceof Date) || Number.isNaN(date.getTime()))
    throw new TypeError(`not an instant: ${JSON.stringify(at)}`)
  return date
}

const STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

const formats = new Map<string, Intl.DateTimeFormat>()

function format(locale: Locale, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale}:${style}`
  let made = formats.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...STYLES[style], timeZone: TIME_ZONE })
    formats.set(key, made)
  }
  return made
}

/**
 * ICU versions differ in the space before 'PM': some write U+202F (narrow no-break space), while
 * Node 20.20 (ICU 78) and Chromium 156 write U+0020. One character for both, whichever ICU the
 * server or the browser has.
 */
const written = (text: string) => text.replaceAll('\u202f', ' ')

/** 'Nov 27, 2026, 9:34 PM' / '27 lis 2026, 21:34'. */
export function formatDateTime(at: string | Date, locale: Locale): string {
  return written(format(locale, 'dateTime').format(instant(at)))
}

/** 'Nov 27, 2026' / '27 lis 2026': the day in Warsaw. */
export function formatDate(at: string | Date, locale: Locale): string {
  return written(format(locale, 'date').format(instant(at)))
}
