/**
 * A catalog's texts read from its PO file (src/locales/<locale>/<area>.po) and compiled as the
 * server reads its own (server/i18n/catalog-i18n.ts), for tests that run in Node without the
 * Lingui Vite plugin (the browser level): a page's words in a language by their English source,
 * and a server's texts by their explicit id. A text missing from the catalog fails the test.
 */
import { readFileSync } from 'node:fs'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { sourceLocale, type Locale } from '../../domain/locale'

/** `text(english, values)`: the catalog's translation of that English source, with its values. */
export type CatalogText = (english: string, values?: Record<string, unknown>) => string

interface PoCatalog {
  /** Each entry's translation as written, by id. */
  translations: Map<string, string>
  i18n: I18n
}

const read = new Map<string, PoCatalog>()

function poCatalog(locale: Locale, area: string): PoCatalog {
  const key = `${locale}/${area}`
  const known = read.get(key)
  if (known) return known
  const po = formatter({ origins: false })
  const file = new URL(`../../src/locales/${locale}/${area}.po`, import.meta.url)
  // The PO formatter parses synchronously; its type allows a promise for other formats.
  const catalog = po.parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale,
    filename: `${key}.po`,
  }) as Awaited<ReturnType<typeof po.parse>>
  const translations = new Map<string, string>()
  const messages: Messages = {}
  for (const [id, entry] of Object.entries(catalog))
    if (entry.translation) {
      translations.set(id, entry.translation)
      messages[id] = compileMessage(entry.translation)
    }
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
