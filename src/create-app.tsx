import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router'
import { createActor, type ActorOptions, type InspectionEvent } from 'xstate'
import { createMainClient } from './api/main-client'
import { createConfigSource } from './app-config'
import { createAuthImplementations, type StorageEventSource } from './machines/auth/auth.actors'
import { authMachine, type AuthActorRef, type AuthMachine } from './machines/auth/auth.machine'
import { authBroker, createRefreshQueueMiddleware } from './api/refresh-queue'
import { splashMachine } from './machines/splash/splash.machine'
import type { RouterContext } from './router-context'
import { routeTree } from './routeTree.gen'
import { ErrorPage, statusOf } from './ui/error-page'
import { LoadingScreen } from './ui/loading-screen'
import { NotFoundPage } from './ui/not-found-page'
import { browserWebAuthn, type WebAuthnBrowser } from './webauthn-browser'

export interface AppOptions {
  storage: Storage
  storageEvents: StorageEventSource
  /**
   * An explicit logout goes to /app/login and reloads the page
   * (docs/product/flows.md#explicit-logout): a full load of `href` (the router's location by then).
   * Not `location.reload()`: the browser history commits the router's navigation a moment later, so
   * a reload would load the page being left.
   */
  reloadPage(href: string): void
  history?: RouterHistory
  fetch?: typeof fetch
  baseUrl?: string
  inspect?: (event: InspectionEvent) => void
  /**
   * Named delays: shorter ones for tests; the splash's time left when a prerendered splash has
   * been on screen since the page began to load.
   */
  delays?: { splash?: number | (() => number) }
  /** Replaces the auth machine's actors (tests decide when the stored session is read). */
  authActors?: Partial<ReturnType<typeof createAuthImplementations>['actors']>
  /** The auth actor's clock (tests move time through the logout's bounded wait). */
  authClock?: ActorOptions<AuthMachine>['clock']
  /** Replaces the browser's passkey ceremonies (tests have no authenticator). */
  webauthn?: Partial<WebAuthnBrowser>
}

/**
 * What a route shows while it loads, when it fails, and when nothing matches
 * (docs/product/screens.md#loading-screen, docs/product/screens.md#application-error-page,
 * docs/product/screens.md#not-found-page).
 */
export const routerFallbacks = {
  defaultPendingComponent: () => <LoadingScreen />,
  defaultErrorComponent: ({ error }: { error: unknown }) => <ErrorPage status={statusOf(error)} />,
  defaultNotFoundComponent: NotFoundPage,
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
 * Wires the application: the main API client with the refresh queue, the auth actor (its
 * navigation provided here, where the router is), the splash, and the router.
 */
export function createApp(options: AppOptions) {
  // The client and the auth actor need each other: the refresh uses the client, and the client's
  // middleware asks the actor. The broker reads the actor when a request runs, after both exist.
  const holder: { auth?: AuthActorRef; router?: AppRouter } = {}
  const broker = {
    accessToken: () => holder.auth?.getSnapshot().context.token ?? null,
    tokenAfter401: (rejected: string) =>
      holder.auth ? authBroker(holder.auth).tokenAfter401(rejected) : Promise.resolve(null),
  }
  const api = createMainClient({
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    middleware: [createRefreshQueueMiddleware(broker)],
  })
  const implementations = createAuthImplementations({
    api,
    storage: options.storage,
    storageEvents: options.storageEvents,
  })
  const auth = createActor(
    authMachine.provide({
      actors: { ...implementations.actors, ...options.authActors },
      actions: {
        ...implementations.actions,
        goToHome: () => void holder.router?.navigate({ to: '/app' }),
        goToLogin: () => void holder.router?.navigate({ to: '/app/login' }),
        reloadPage: () => {
          options.reloadPage(holder.router?.state.location.href ?? '/app/login')
        },
      },
    }),
    { inspect: options.inspect, ...(options.authClock ? { clock: options.authClock } : {}) },
  )
  holder.auth = auth
  const splash = createActor(
    options.delays?.splash === undefined
      ? splashMachine
      : splashMachine.provide({ delays: { splash: options.delays.splash } }),
    { inspect: options.inspect },
  )
  const context: RouterContext = {
    auth,
    splash,
    api,
    config: createConfigSource(api),
    webauthn: { ...browserWebAuthn, ...options.webauthn },
    inspect: options.inspect,
  }
  const router = buildRouter(context, options.history ?? createBrowserHistory())
  holder.router = router
  auth.start()
  // The splash starts when the app first paints (the root layout), so its 750 ms are all shown.
  return { router, auth, splash, api }
}
