/**
 * The server's texts in each language (docs/product/languages.md): its catalogs
 * (src/locales/{locale}/{area}.po, lingui.config.ts) are read once, on first use. The
 * server runs under tsx, which compiles no macros, so a text is written as an
 * `{ id, message }` descriptor the extractor reads (inside `i18n._(…)`, or after an `i18n` comment):
 * English, the source, is the descriptor's own message. A Polish text missing from a catalog falls
 * back to English, but `npm run i18n:check` fails the build first.
 */
import { readFileSync } from 'node:fs'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { locales, sourceLocale, type Locale } from '../../domain/locale.ts'

/** The server's catalogs: the e-mails, and the problems its answers describe. */
export type ServerCatalog = 'mail' | 'problems'

/**
 * Each message's text as one language's PO file of an area writes it, by id (none where the file
 * has no text for it): src/locales/{locale}/{area}.po, parsed as the extractor wrote it.
 */
export function catalogTexts(locale: Locale, area: string): Map<string, string> {
  const po = formatter({ origins: false })
  const file = new URL(`../../src/locales/${locale}/${area}.po`, import.meta.url)
  // The PO formatter parses synchronously; its type allows a promise for other formats.
  const catalog = po.parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale,
    filename: `${locale}/${area}.po`,
  }) as Awaited<ReturnType<typeof po.parse>>
  const texts = new Map<string, string>()
  for (const [id, entry] of Object.entries(catalog))
    if (entry.translation) texts.set(id, entry.translation)
  return texts
}

/** A catalog's translations, compiled (ICU placeholders and plurals) once. */
export function compiledCatalog(texts: ReadonlyMap<string, string>): Messages {
  const messages: Messages = {}
  for (const [id, text] of texts) messages[id] = compileMessage(text)
  return messages
}

/** Every language's i18n of one catalog, each read the first time it is asked for. */
export function catalogI18n(area: ServerCatalog): (locale: Locale) => I18n {
  const byLocale = new Map<Locale, I18n>()
  return (locale) => {
    let i18n = byLocale.get(locale)
    if (!i18n) {
      if (!locales.includes(locale)) throw new Error(`No ${area} catalog for ${locale}`)
      // English is each descriptor's own message, whatever its catalog holds.
      const messages = locale === sourceLocale ? {} : compiledCatalog(catalogTexts(locale, area))
      i18n = setupI18n({ locale, messages: { [locale]: messages } })
      // Falling back to a descriptor's English message needs the compiler in production too.
      i18n.setMessagesCompiler(compileMessage)
      byLocale.set(locale, i18n)
    }
    return i18n
  }
}
