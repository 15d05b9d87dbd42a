import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router'
import { provideRequestEventsClient } from './api/request-events'
import { createAppServices, type ServicesOptions } from './app-services'
import type { RouterContext } from './router-context'
import { routeTree } from './routeTree.gen'
import { ErrorPage, errorPageStatusOf } from './ui/error-page'
import { hintedLoginPath } from './i18n/language-hint'
import { HintedLoadingScreen } from './ui/hinted-loading-screen'
import { NotFoundPage } from './ui/not-found-page'
import { WithPublicTexts } from './ui/public-texts'
import { browserWebAuthn, type WebAuthnBrowser } from './webauthn-browser'

export interface AppOptions extends ServicesOptions {
  /**
   * An explicit logout goes to /app/login and reloads the page
   * (docs/product/flows.md#explicit-logout): a full load of `href` (the router's location by then).
   * Not `location.reload()`: the browser history commits the router's navigation a moment later, so
   * a reload would load the page being left.
   */
  reloadPage(href: string): void
  history?: RouterHistory
  /** Replaces the browser's passkey ceremonies (tests have no authenticator). */
  webauthn?: Partial<WebAuthnBrowser>
}

/**
 * What a route shows while it loads, when it fails, and when nothing matches
 * (docs/product/screens.md#loading-screen, docs/product/screens.md#application-error-page,
 * docs/product/screens.md#not-found-page).
 */
export const routerFallbacks = {
  defaultPendingComponent: () => <HintedLoadingScreen />,
  // Their texts are the public catalog's, provided here: they also show inside the signed-in
  // area and the console, whose catalogs are others.
  defaultErrorComponent: ({ error }: { error: unknown }) => (
    <WithPublicTexts>
      <ErrorPage status={errorPageStatusOf(error)} />
    </WithPublicTexts>
  ),
  defaultNotFoundComponent: () => (
    <WithPublicTexts english>
      <NotFoundPage />
    </WithPublicTexts>
  ),
}

function buildRouter(context: RouterContext, history: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context,
    defaultPreload: 'intent',
    ...routerFallbacks,
  })
}

export type AppRouter = ReturnType<typeof buildRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

/**
 * Wires the application: the app-wide services (src/app-services.ts), the auth actor's navigation
 * provided here, where the router is, and the router.
 */
export function createApp(options: AppOptions) {
  const holder: { router?: AppRouter } = {}
  const services = createAppServices(options, {
    goToHome: () => void holder.router?.navigate({ to: '/app' }),
    // The log-in page in the language the browser remembers (decision 117).
    goToLogin: () => void holder.router?.navigate({ to: hintedLoginPath() }),
    reloadPage: () => {
      options.reloadPage(holder.router?.state.location.href ?? hintedLoginPath())
    },
  })
  const context: RouterContext = {
    ...services,
    webauthn: { ...browserWebAuthn, ...options.webauthn },
  }
  const router = buildRouter(context, options.history ?? createBrowserHistory())
  holder.router = router
  const { auth, splash, api } = services
  // The live request streams (inbox, request pages) read with this client's token and refresh
  // queue; registered here rather than in app-services so the landing's JS does not carry them.
  provideRequestEventsClient(api)
  auth.start()
  // The splash starts when the app first paints (the root layout), so its 750 ms are all shown.
  return { router, auth, splash, api }
}
