/**
 * The browser's WebAuthn ceremonies (SimpleWebAuthn), as the app hands them to the actors that
 * need them: tests pass fakes through `createApp({ webauthn })`, the app the real ones. The
 * library is loaded on first use, so pages that never ask for a passkey do not carry it.
 */
import type { startAuthentication, startRegistration } from '@simplewebauthn/browser'

export interface WebAuthnBrowser {
  /** `navigator.credentials.create` with the server's creation options. */
  startRegistration: typeof startRegistration
  /** `navigator.credentials.get` with the server's request options. */
  startAuthentication: typeof startAuthentication
  /** Ends a running ceremony (its prompt closes and its promise rejects). */
  cancelCeremony(): void
}

const library = () => import('@simplewebauthn/browser')

export const browserWebAuthn: WebAuthnBrowser = {
  startRegistration: async (options) => (await library()).startRegistration(options),
  startAuthentication: async (options) => (await library()).startAuthentication(options),
  cancelCeremony: () => {
    void library().then((m) => {
      m.WebAuthnAbortService.cancelCeremony()
    })
  },
}
