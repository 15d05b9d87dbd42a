import type { ActorRefFrom, InspectionEvent } from 'xstate'
import type { MainClient } from './api/main-client'
import type { ConfigSource } from './app-config'
import type { AuthActorRef } from './machines/auth/auth.machine'
import type { splashMachine } from './machines/splash/splash.machine'
import type { WebAuthnBrowser } from './webauthn-browser'

/** What every route can use: the app-wide actors, the API client and the settings. */
export interface RouterContext {
  auth: AuthActorRef
  splash: ActorRefFrom<typeof splashMachine>
  api: MainClient
  config: ConfigSource
  /** The browser's passkey ceremonies (fakes in tests). */
  webauthn: WebAuthnBrowser
  /** Passed to every actor a route creates (the model-based UI tests record coverage with it). */
  inspect?: ((event: InspectionEvent) => void) | undefined
}
