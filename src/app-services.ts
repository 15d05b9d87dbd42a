/**
 * The app-wide services without the router: the main API client with the refresh queue, the auth
 * actor and the splash. The SPA (src/create-app.tsx) wires them to its router; the landing's own
 * document (src/landing-main.tsx, decision 103) uses them as they are, so / carries no router.
 */
import { createActor, type ActorOptions, type InspectionEvent } from 'xstate'
import { createMainClient } from './api/main-client'
import { authBroker, createRefreshQueueMiddleware } from './api/refresh-queue'
import { createConfigSource } from './app-config'
import { createAuthImplementations, type StorageEventSource } from './machines/auth/auth.actors'
import { authMachine, type AuthActorRef, type AuthMachine } from './machines/auth/auth.machine'
import { splashMachine } from './machines/splash/splash.machine'

export interface ServicesOptions {
  storage: Storage
  storageEvents: StorageEventSource
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
}

/** Where the auth actor sends the visitor: the router's navigation, or a page load. */
export interface AuthNavigation {
  goToHome(): void
  goToLogin(): void
  reloadPage(): void
}

/**
 * Creates the client, the auth actor and the splash, none started: the caller starts the auth
 * actor once its navigation can run, and the first paint starts the splash, so its 750 ms are all
 * shown. The client and the auth actor need each other: the refresh uses the
 * client, and the client's middleware asks the actor; the broker reads the actor when a request
 * runs, after both exist.
 */
export function createAppServices(options: ServicesOptions, navigation: AuthNavigation) {
  const holder: { auth?: AuthActorRef } = {}
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
        goToHome: () => {
          navigation.goToHome()
        },
        goToLogin: () => {
          navigation.goToLogin()
        },
        reloadPage: () => {
          navigation.reloadPage()
        },
      },
    }),
    { inspect: options.inspect, ...(options.authClock ? { clock: options.authClock } : {}) },
  )
  holder.auth = auth
  // What was read for one customer is not shown to the next (docs/product/limits.md#polling-and-cache).
  auth.subscribe((snapshot) => {
    if (!snapshot.matches('signedIn')) api.cache.clear()
  })
  const splash = createActor(
    options.delays?.splash === undefined
      ? splashMachine
      : splashMachine.provide({ delays: { splash: options.delays.splash } }),
    { inspect: options.inspect },
  )
  const config = createConfigSource(api)
  return { auth, splash, api, config, inspect: options.inspect }
}

export type AppServices = ReturnType<typeof createAppServices>
