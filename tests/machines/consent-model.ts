/**
 * The consent machine's path model, shared by the machine and UI path tests: the stored cookie
 * (none, 'true', 'false', unreadable), the customer's two buttons and the tag manager's outcome.
 */
import type { DataLayerHost } from '../../src/machines/consent/consent.actors'
import type { AnyEventObject } from '../support/model-paths'

export const consentEvents = [
  { type: 'xstate.done.actor.readConsent', output: null },
  { type: 'xstate.done.actor.readConsent', output: 'true' },
  { type: 'xstate.done.actor.readConsent', output: 'false' },
  { type: 'xstate.error.actor.readConsent', error: new Error('cookies are not readable here') },
  { type: 'consent.accept' },
  { type: 'consent.reject' },
  { type: 'xstate.done.actor.initTagManager', output: 'GTM-TEST1' },
  { type: 'xstate.error.actor.initTagManager', error: new Error('react-gtm-module did not load') },
] satisfies AnyEventObject[]

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
