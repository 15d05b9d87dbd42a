/**
 * The public pages' addresses per language (docs/product/languages.md): English at today's
 * addresses, Polish under /pl. An address in no language's tree is English.
 */
import type { Locale } from '../../domain/locale'

const PREFIX: Record<Locale, string> = { en: '', pl: '/pl' }

/** The language a public page's address is in. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/pl' || pathname.startsWith('/pl/') ? 'pl' : 'en'
}

/** The address of the same page in another language ('/' ⇄ '/pl', '/app/login' ⇄ '/pl/app/login'). */
export function pathInLocale(pathname: string, locale: Locale): string {
  const base = localeOfPath(pathname) === 'en' ? pathname : pathname.slice(PREFIX.pl.length) || '/'
  if (locale === 'en') return base
  return base === '/' ? PREFIX[locale] : `${PREFIX[locale]}${base}`
}

/** A public page's address in a language, typed as the router's route ('/app/login' → '/pl/app/login'). */
export function localePath<P extends `/app/${string}`>(path: P, locale: Locale): P | `/pl${P}` {
  return locale === 'pl' ? `/pl${path}` : path
}
