/**
 * The browser's passkey prompt for a sign-in proof (`navigator.credentials.get` through
 * SimpleWebAuthn), shared by the login's second step and the step-up: the server's request options
 * in, the authenticator's answer out in the contract's shape.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import type { components } from '../../../openapi/main.gen'
import type { WebAuthnBrowser } from '../../webauthn-browser'

export type PasskeyRequestOptions = components['schemas']['PasskeyRequestOptions']
export type PasskeyAssertion = components['schemas']['PasskeyAssertion']

/** The part of the browser's WebAuthn a sign-in proof needs. */
export type PasskeyAssertionBrowser = Pick<
  WebAuthnBrowser,
  'startAuthentication' | 'cancelCeremony'
>

/**
 * Opens the browser's prompt with the options and answers the authenticator's assertion; an abort
 * of `signal` (the step left, the dialog closed, the page gone) closes the prompt.
 */
export async function askForPasskey(
  webauthn: PasskeyAssertionBrowser,
  options: PasskeyRequestOptions,
  signal: AbortSignal,
): Promise<PasskeyAssertion> {
  signal.throwIfAborted()
  const cancel = () => {
    webauthn.cancelCeremony()
  }
  signal.addEventListener('abort', cancel, { once: true })
  try {
    return assertionOf(
      await webauthn.startAuthentication({ optionsJSON: requestOptionsOf(options) }),
    )
  } finally {
    signal.removeEventListener('abort', cancel)
  }
}

/**
 * The contract's PasskeyRequestOptions is SimpleWebAuthn's request options JSON (openapi/main.yaml);
 * it types a descriptor's `transports` as plain strings where the library names them.
 */
function requestOptionsOf(options: PasskeyRequestOptions): PublicKeyCredentialRequestOptionsJSON {
  return options as PublicKeyCredentialRequestOptionsJSON
}

/** The authenticator's answer in the contract's shape (PasskeyAssertion). */
function assertionOf(answer: AuthenticationResponseJSON): PasskeyAssertion {
  const { clientDataJSON, authenticatorData, signature, userHandle } = answer.response
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: 'public-key',
    response: {
      clientDataJSON,
      authenticatorData,
      signature,
      ...(userHandle ? { userHandle } : {}),
    },
    ...(answer.authenticatorAttachment
      ? { authenticatorAttachment: answer.authenticatorAttachment }
      : {}),
    // The server reads no extension outputs (the contract's "not used").
    clientExtensionResults: {},
  }
}
