/**
 * The public catalog around a page that may show anywhere — 'Page not found' and the error page,
 * which also show inside the signed-in area and the console, whose own catalogs lack them. The
 * catalog of the address's language when it is here (the root route loads it), otherwise the
 * English one, waited for.
 */
import { I18nProvider } from '@lingui/react'
import { useRouterState } from '@tanstack/react-router'
import { use, type ReactNode } from 'react'
import { loadedPublicCatalog, publicCatalog } from '../i18n/public-catalog'
import { localeOfPath } from '../i18n/public-paths'

export function WithPublicTexts({
  english = false,
  children,
}: {
  /** English whatever the address ('Page not found', the server's one 404 page). */
  english?: boolean
  children: ReactNode
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const locale = english ? 'en' : localeOfPath(pathname)
  const i18n = loadedPublicCatalog(locale) ?? loadedPublicCatalog('en') ?? use(publicCatalog('en'))
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}
