/**
 * The languages the product is written in (docs/product/languages.md): English is the source and
 * keeps the spec's exact texts; Polish is complete. The contract's `Locale` is the same list.
 */
export const locales = ['en', 'pl'] as const

export type Locale = (typeof locales)[number]

export const sourceLocale: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}
