/**
 * The e-mails' texts in each recipient's language (docs/product/languages.md#e-mails): the mail
 * catalogs (src/locales/{locale}/mail.po, lingui.config.ts) read once, when the server starts.
 * The server runs under tsx, which compiles no macros, so a template writes each text as an
 * `i18n._({ id, message })` descriptor: the extractor reads it into the catalog, and English, the
 * source, is the descriptor's own message. A Polish text missing from the catalog falls back to
 * English, but `npm run i18n:check` fails the build first.
 */
import { readFileSync } from 'node:fs'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { locales, sourceLocale, type Locale } from '../../domain/locale.ts'

const catalogFile = (locale: Locale) =>
  new URL(`../../src/locales/${locale}/mail.po`, import.meta.url)

/** A catalog's translations, compiled (ICU placeholders and plurals) once. */
function compiledCatalog(locale: Locale): Messages {
  const po = formatter({ origins: false })
  // The PO formatter parses synchronously; its type allows a promise for other formats.
  const catalog = po.parse(readFileSync(catalogFile(locale), 'utf8'), {
    locale,
    sourceLocale,
    filename: `${locale}/mail.po`,
  }) as Awaited<ReturnType<typeof po.parse>>
  const messages: Messages = {}
  for (const [id, entry] of Object.entries(catalog)) {
    const text = entry.translation || (locale === sourceLocale ? entry.message : undefined)
    if (text) messages[id] = compileMessage(text)
  }
  return messages
}

const byLocale = new Map<Locale, I18n>(
  locales.map((locale) => {
    const i18n = setupI18n({ locale, messages: { [locale]: compiledCatalog(locale) } })
    // Falling back to a descriptor's English message needs the compiler in production too.
    i18n.setMessagesCompiler(compileMessage)
    return [locale, i18n]
  }),
)

/** The e-mails' i18n in one language. */
export function mailI18n(locale: Locale): I18n {
  const i18n = byLocale.get(locale)
  if (!i18n) throw new Error(`No mail catalog for ${locale}`)
  return i18n
}
