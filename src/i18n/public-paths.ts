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

/** The public pages under /app, which exist in each language (the rest of /app is signed in). */
const PUBLIC_APP_PAGES = [
  '/app/login',
  '/app/register',
  '/app/forgot-password',
  '/app/set-new-password',
  '/app/verify-email',
  '/app/end-session',
]

/** Whether an address is a public page, whose language its address says (/, /pl, /app/login…). */
export function isPublicPage(pathname: string): boolean {
  const base = pathInLocale(pathname, 'en')
  return (
    base === '/' ||
    localeOfPath(pathname) === 'pl' ||
    PUBLIC_APP_PAGES.some((page) => base === page || base.startsWith(`${page}/`))
  )
}
