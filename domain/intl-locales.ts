/**
 * The BCP 47 tag each product language formats numbers and dates with
 * (docs/product/limits.md#numbers-money-and-dates-per-language). Fixed here, never taken from the
 * reader's machine, so the server's HTML and the browser's render carry the same characters. English
 * reads as it did when the browser chose (US English: 'Nov 27, 2026, 9:34 PM', '12,500').
 */
import type { Locale } from './locale.ts'

export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', pl: 'pl-PL' }

/** The one time zone the product writes dates in: the exchange's, in Warsaw. */
export const TIME_ZONE = 'Europe/Warsaw'
