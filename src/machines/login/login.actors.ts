import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { TokenPair } from '../forms/login-form.machine'
import { askForPasskey, type PasskeyAssertionBrowser } from '../passkeys/passkey-assertion'
import type { PasskeyAssertion, PasskeyRequestOptions, SecondFactorProof } from './login.machine'

/**
 * The login flow's second-step actors: the passkey prompt through the browser's WebAuthn (fakes in
 * tests) and POST /api/auth/login/second-factor. The password step's actor is the log-in form's
 * (`loginSubmit` in forms.actors.ts).
 */
export function createLoginActors(api: MainClient, webauthn: PasskeyAssertionBrowser) {
  return {
    getPasskeyAssertion: fromAbortablePromise<
      PasskeyAssertion,
      { options: PasskeyRequestOptions | undefined }
    >(({ input, signal }) => {
      if (!input.options) throw new Error('The challenge has no passkey options')
      // Leaving the step (or the page) closes the browser's prompt.
      return askForPasskey(webauthn, input.options, signal)
    }),
    verifySecondFactor: fromAbortablePromise<
      TokenPair,
      { challengeToken: string; proof: SecondFactorProof | null }
    >(({ input, signal }) => {
      if (!input.proof) throw new Error('There is no proof to send')
      return callApi(
        api.POST('/api/auth/login/second-factor', {
          body: { challengeToken: input.challengeToken, ...input.proof },
          signal,
        }),
      )
    }),
  }
}
