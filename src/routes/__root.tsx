import { I18nProvider } from '@lingui/react'
import {
  createRootRouteWithContext,
  Outlet,
  rootRouteId,
  useMatch,
  useRouterState,
} from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use, useEffect, type ReactNode } from 'react'
import { loadedPublicCatalog, publicCatalog, publicCatalogOfPath } from '../i18n/public-catalog'
import { localeOfPath } from '../i18n/public-paths'
import type { RouterContext } from '../router-context'
import { rememberLanguage } from '../i18n/language-hint'
import { ErrorPage, errorPageStatusOf } from '../ui/error-page'
import { HintedLoadingScreen, preloadHintedTexts } from '../ui/hinted-loading-screen'
import { NotFoundPage } from '../ui/not-found-page'
import { WithPublicTexts } from '../ui/public-texts'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The public pages' texts in the address's language (/pl/… Polish, docs/product/languages.md),
  // here before the page renders; the signed-in area and the console provide their own inside.
  // The signed-in area's texts in the language the browser remembers start loading too (decision
  // 117).
  loader: ({ location }) => {
    preloadHintedTexts(location.pathname)
    return publicCatalogOfPath(location.pathname)
  },
  // Until then (the first page only) 'Loading...', as while authentication is in progress.
  pendingComponent: () => <HintedLoadingScreen />,
  pendingMs: 0,
  pendingMinMs: 0,
  component: RootLayout,
  // 'Page not found' is English at every address, /pl/… too (docs/product/languages.md): the
  // server answers any unknown address with its one prerendered 404 page, rendered the same here.
  notFoundComponent: () => (
    <WithPublicTexts english>
      <NotFoundPage />
    </WithPublicTexts>
  ),
  errorComponent: ({ error }) => (
    <WithPublicTexts>
      <ErrorPage status={errorPageStatusOf(error)} />
    </WithPublicTexts>
  ),
})

/**
 * The public catalog the root loaded, when it has (the landing at / brings its own); in the
 * address's language when the app went to a page in another one (signed out from the signed-in
 * area to /pl/app/login, decision 117), waited for if it is not here yet.
 */
function PublicTexts({ children }: { children: ReactNode }) {
  const loaded = useMatch({ from: rootRouteId, shouldThrow: false })?.loaderData?.i18n
  const locale = useRouterState({
    select: (s) => localeOfPath((s.resolvedLocation ?? s.location).pathname),
  })
  const i18n =
    !loaded || loaded.locale === locale
      ? loaded
      : (loadedPublicCatalog(locale) ?? use(publicCatalog(locale)))
  // A Polish page the server did not prerender comes in the SPA's English document. The browser
  // remembers the language of a Polish page it used (decision 117).
  useEffect(() => {
    if (i18n?.locale !== 'pl') return
    document.documentElement.lang = 'pl'
    rememberLanguage('pl')
  }, [i18n])
  return i18n ? <I18nProvider i18n={i18n}>{children}</I18nProvider> : children
}

/**
 * While authentication is in progress, non-root paths show a full-screen 'Loading...'
 * (docs/product/screens.md#loading-screen).
 */
function RootLayout() {
  const { auth, splash } = Route.useRouteContext()
  // The splash's 750 ms count from the app's first paint, not from when its script ran
  // (docs/product/limits.md#landing-splash); the actor lives as long as the app, so a remount
  // (StrictMode) starts nothing again.
  useEffect(() => {
    splash.start()
  }, [splash])
  const authInProgress = useSelector(auth, (s) => s.hasTag('pending'))
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (authInProgress && pathname !== '/') return <HintedLoadingScreen />
  return (
    <PublicTexts>
      <Outlet />
    </PublicTexts>
  )
}
