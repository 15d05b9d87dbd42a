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

const catalogFile = (area: ServerCatalog, locale: Locale) =>
  new URL(`../../src/locales/${locale}/${area}.po`, import.meta.url)

/** A catalog's translations, compiled (ICU placeholders and plurals) once. */
function compiledCatalog(area: ServerCatalog, locale: Locale): Messages {
  const po = formatter({ origins: false })
  // The PO formatter parses synchronously; its type allows a promise for other formats.
  const catalog = po.parse(readFileSync(catalogFile(area, locale), 'utf8'), {
    locale,
    sourceLocale,
    filename: `${locale}/${area}.po`,
  }) as Awaited<ReturnType<typeof po.parse>>
  const messages: Messages = {}
  for (const [id, entry] of Object.entries(catalog))
    if (entry.translation) messages[id] = compileMessage(entry.translation)
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
      const messages = locale === sourceLocale ? {} : compiledCatalog(area, locale)
      i18n = setupI18n({ locale, messages: { [locale]: messages } })
      // Falling back to a descriptor's English message needs the compiler in production too.
      i18n.setMessagesCompiler(compileMessage)
      byLocale.set(locale, i18n)
    }
    return i18n
  }
}
