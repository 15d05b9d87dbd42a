/**
 * A catalog's texts read from its PO file (src/locales/<locale>/<area>.po) and compiled by the
 * server's own reader (server/i18n/catalog-i18n.ts), for tests that run in Node without the
 * Lingui Vite plugin (the browser level): a page's words in a language by their English source,
 * and a server's texts by their explicit id. A text missing from the catalog fails the test.
 */
import { setupI18n, type I18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { sourceLocale, type Locale } from '../../domain/locale'
import { catalogTexts, compiledCatalog } from '../../server/i18n/catalog-i18n'

/** `text(english, values)`: the catalog's translation of that English source, with its values. */
export type CatalogText = (english: string, values?: Record<string, unknown>) => string

interface PoCatalog {
  /** Each entry's translation as written, by id. */
  translations: ReadonlyMap<string, string>
  i18n: I18n
}

const read = new Map<string, PoCatalog>()

function poCatalog(locale: Locale, area: string): PoCatalog {
  const key = `${locale}/${area}`
  const known = read.get(key)
  if (known) return known
  const translations = catalogTexts(locale, area)
  const messages = compiledCatalog(translations)
  const made = { translations, i18n: setupI18n({ locale, messages: { [locale]: messages } }) }
  read.set(key, made)
  return made
}

/** A page's words in `locale` by their English source (the catalog's msgid). */
export function poCatalogText(locale: Locale, area: string): CatalogText {
  const { translations, i18n } = poCatalog(locale, area)
  return (english, values) => {
    const id = generateMessageId(english)
    if (!translations.has(id))
      throw new Error(`"${english}" is not in the ${locale} ${area} catalog (id ${id})`)
    return i18n._(id, values)
  }
}

/**
 * A server's text written with an explicit id (the problems catalog's `problem.password.common`),
 * found by its English (the English catalog's translation), in `locale`.
 */
export function poTextByEnglish(locale: Locale, area: string, english: string): string {
  const ids = [...poCatalog(sourceLocale, area).translations]
    .filter(([, text]) => text === english)
    .map(([id]) => id)
  const [id] = ids
  if (id === undefined || ids.length > 1)
    throw new Error(
      `"${english}" is ${id === undefined ? 'not' : 'more than once'} in the ${area} catalog`,
    )
  const text = poCatalog(locale, area).translations.get(id)
  if (text === undefined) throw new Error(`${id} has no ${locale} text in the ${area} catalog`)
  return text
}
