/**
 * The e-mails' texts in each recipient's language (docs/product/languages.md#e-mails): the mail
 * catalogs (src/locales/{locale}/mail.po, lingui.config.ts) read once, when the server starts.
 * The server runs under tsx, which compiles no macros, so a template writes each text as an
 * `i18n._({ id, message })` descriptor: the extractor reads it into the catalog, and English, the
 * source, is the descriptor's own message. A Polish text missing from the catalog falls back to
 * English, but `npm run i18n:check` fails the build first.
 */
import type { I18n } from '@lingui/core'
import type { Locale } from '../../domain/locale.ts'
import { catalogI18n } from '../i18n/catalog-i18n.ts'

/** The e-mails' i18n in one language. */
export const mailI18n: (locale: Locale) => I18n = catalogI18n('mail')
