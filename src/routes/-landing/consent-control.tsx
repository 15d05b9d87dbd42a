import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { createActor, type Actor, type InspectionEvent } from 'xstate'
import type { MainClient } from '../../api/main-client'
import {
  createConsentImplementations,
  documentCookieJar,
  type ConsentDependencies,
  type DataLayerHost,
} from '../../machines/consent/consent.actors'
import { consentMachine } from '../../machines/consent/consent.machine'
import { CookieBanner } from '../../ui/landing/cookie-banner'

export type ConsentActor = Actor<typeof consentMachine>

/** The browser's side of consent: document.cookie, window.dataLayer and react-gtm-module. */
export function browserConsentDependencies(api: MainClient): ConsentDependencies {
  return {
    cookies: documentCookieJar(document, window.location.protocol === 'https:'),
    host: window as DataLayerHost,
    // Read only on acceptance: the settings are not needed before.
    containerId: () =>
      import('./landing-settings').then(async (m) => (await m.landingSettings(api)).gtmContainerId),
    loadTagManager: () => import('react-gtm-module').then((m) => m.default),
  }
}

/** A consent actor over these dependencies, not started yet. */
export function createConsentActor(
  deps: ConsentDependencies,
  inspect?: (event: InspectionEvent) => void,
): ConsentActor {
  return createActor(consentMachine.provide(createConsentImplementations(deps)), { inspect })
}

// One consent actor per application (its API client): the consent default and the tag manager
// happen once per page, however often the landing page is shown.
const actors = new WeakMap<MainClient, ConsentActor>()

function consentActorFor(api: MainClient, inspect?: (event: InspectionEvent) => void) {
  let actor = actors.get(api)
  if (!actor) {
    actor = createConsentActor(browserConsentDependencies(api), inspect)
    actors.set(api, actor)
    actor.start()
  }
  return actor
}

/**
 * The cookie banner while the consent machine asks (docs/product/screens.md#cookie-banner,
 * docs/product/flows.md#cookie-banner).
 */
export default function ConsentControl({
  api,
  inspect,
  actor: given,
}: {
  api: MainClient
  inspect?: ((event: InspectionEvent) => void) | undefined
  /** An actor of the caller's (tests); by default the application's own. */
  actor?: ConsentActor
}) {
  const [actor] = useState(() => given ?? consentActorFor(api, inspect))
  const asking = useSelector(actor, (s) => s.matches('asking'))
  if (!asking) return null
  return (
    <CookieBanner
      privacyPolicyUrl="/docs/privacy-policy.pdf"
      onAccept={() => {
        actor.send({ type: 'consent.accept' })
      }}
      onReject={() => {
        actor.send({ type: 'consent.reject' })
      }}
    />
  )
}
