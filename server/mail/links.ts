/**
 * Links in e-mails to the public pages (docs/product/languages.md): the page in the recipient's
 * language — English at today's address, Polish under /pl. Links into the signed-in area stay
 * as they are (it follows the account's language, not its address).
 */
import type { Locale } from '../../domain/locale.ts'

const PREFIX: Record<Locale, string> = { en: '', pl: '/pl' }

/** `${publicUrl}${path}` in the reader's language ('/app/login' → '/pl/app/login' for pl). */
export function pageUrl(publicUrl: string, locale: Locale, path: `/${string}`): string {
  return `${publicUrl}${PREFIX[locale]}${path}`
}
