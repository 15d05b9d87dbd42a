/**
 * The public catalog of the SPA's pages (docs/product/languages.md): the sign-in, registration and
 * reset pages, 'Page not found' and the error page, in the language of their address. Loaded by
 * the root route before a page renders (so the prerenderer and the first render in the browser
 * show the same texts), once per language and page.
 */
import type { I18n } from '@lingui/core'
import type { Locale } from '../../domain/locale'
import { loadI18n } from './catalogs'
import { localeOfPath } from './public-paths'

const loaded = new Map<Locale, Promise<I18n>>()
const ready = new Map<Locale, I18n>()

/** The public catalog in one language, requested once (again after a failure). */
export function publicCatalog(locale: Locale): Promise<I18n> {
  let request = loaded.get(locale)
  if (!request) {
    request = loadI18n(locale, 'public')
    request.then(
      (i18n) => ready.set(locale, i18n),
      () => loaded.delete(locale),
    )
    loaded.set(locale, request)
  }
  return request
}

/**
 * The catalog for a path, at once when it is here already (a later page of the same language
 * does not wait at all): none for /, whose landing loads its own behind the splash (decision
 * 021), so the splash is not held back by it.
 */
export function publicCatalogOfPath(
  pathname: string,
): { i18n: I18n | undefined } | Promise<{ i18n: I18n }> {
  if (pathname === '/') return { i18n: undefined }
  const locale = localeOfPath(pathname)
  const i18n = ready.get(locale)
  return i18n ? { i18n } : publicCatalog(locale).then((loaded) => ({ i18n: loaded }))
}

/** The catalog in one language if it has loaded already (no waiting). */
export function loadedPublicCatalog(locale: Locale): I18n | undefined {
  return ready.get(locale)
}
