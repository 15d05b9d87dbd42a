/**
 * A page's text in a language, from the real compiled catalog (src/locales/<locale>/<area>.po),
 * looked up by its English source as Lingui does (`generateMessageId`). A test that expects the
 * Polish page reads its words here rather than copying them, and a text missing from the catalog
 * fails the test loudly.
 */
import { setupI18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { Locale } from '../../../domain/locale'
import { loadMessages, type CatalogArea } from '../../../src/i18n/catalogs'

/** `text(english, values)`: the catalog's translation of that English source, with its values. */
export type CatalogText = (english: string, values?: Record<string, unknown>) => string

export async function catalogText(locale: Locale, area: CatalogArea): Promise<CatalogText> {
  const messages = await loadMessages(locale, area)
  const i18n = setupI18n({ locale, messages: { [locale]: messages } })
  return (english, values) => {
    const id = generateMessageId(english)
    if (!(id in messages))
      throw new Error(`"${english}" is not in the ${locale} ${area} catalog (id ${id})`)
    return i18n._(id, values)
  }
}
