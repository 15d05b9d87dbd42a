import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { unwrap } from '../../api/api-error'
import type { MainClient } from '../../api/main-client'
import type { WebAuthnBrowser } from '../../webauthn-browser'
import { fromAbortablePromise } from '../abortable-promise'
import type { TokenPair } from '../forms/login-form.machine'
import type { PasskeyAssertion, PasskeyRequestOptions, SecondFactorProof } from './login.machine'

/**
 * The login flow's second-step actors: the passkey prompt through the browser's WebAuthn (fakes in
 * tests) and POST /api/auth/login/second-factor. The password step's actor is the log-in form's
 * (`loginSubmit` in forms.actors.ts).
 */
export function createLoginActors(
  api: MainClient,
  webauthn: Pick<WebAuthnBrowser, 'startAuthentication' | 'cancelCeremony'>,
) {
  return {
    getPasskeyAssertion: fromAbortablePromise<
      PasskeyAssertion,
      { options: PasskeyRequestOptions | undefined }
    >(async ({ input, signal }) => {
      if (!input.options) throw new Error('The challenge has no passkey options')
      // Leaving the step (or the page) closes the browser's prompt.
      const cancel = () => {
        webauthn.cancelCeremony()
      }
      signal.addEventListener('abort', cancel, { once: true })
      try {
        return assertionOf(
          await webauthn.startAuthentication({ optionsJSON: requestOptionsOf(input.options) }),
        )
      } finally {
        signal.removeEventListener('abort', cancel)
      }
    }),
    verifySecondFactor: fromAbortablePromise<
      TokenPair,
      { challengeToken: string; proof: SecondFactorProof | null }
    >(({ input, signal }) => {
      if (!input.proof) throw new Error('There is no proof to send')
      return unwrap(
        api.POST('/api/auth/login/second-factor', {
          body: { challengeToken: input.challengeToken, ...input.proof },
          signal,
        }),
      )
    }),
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
