/**
 * The screens' dates (docs/product/limits.md#numbers-money-and-dates-per-language): the one
 * formatter the server shares (domain/format-date.ts), in Europe/Warsaw and a fixed locale, so a
 * prerendered page and the browser write the same characters. English until a screen passes the
 * reader's language.
 */
import { formatDate as dateIn, formatDateTime as dateTimeIn } from '../../../domain/format-date'
import { sourceLocale, type Locale } from '../../../domain/locale'

/** 'Nov 27, 2026, 9:34 PM' / '27 lis 2026, 21:34'. */
export const formatDateTime = (iso: string, locale: Locale = sourceLocale) =>
  dateTimeIn(iso, locale)

/** 'Nov 27, 2026' / '27 lis 2026'. */
export const formatDate = (iso: string, locale: Locale = sourceLocale) => dateIn(iso, locale)
