/**
 * The consent machine's path-test helpers, shared by the machine and UI path tests: the delay's
 * event, how a sample of src/flows/fixtures/consent.ts reads in a path name, and the consent-mode
 * commands the tag manager receives.
 */
import type { DataLayerHost } from '../../src/machines/consent/consent.actors'
import type { AnyEventObject } from '../support/model-paths'

export const CONSENT_DELAY_EVENT = 'xstate.after.consentDelay.consent.accepted.granting'

export function describeConsentEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.readConsent')
    return `cookie(${JSON.stringify((event as { output?: unknown }).output)})`
  if (event.type === 'xstate.error.actor.readConsent') return 'cookie(unreadable)'
  return event.type
}

/** The consent-mode commands in a dataLayer: `gtag('consent', kind, {...})` entries. */
export function consentCommands(host: DataLayerHost, kind: 'default' | 'update'): unknown[] {
  return (host.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'consent' && args[1] === kind)
    .map((args) => args[2])
}

export const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  wait_for_update: 500,
}

export const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}
