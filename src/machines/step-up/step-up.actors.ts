import { callApi } from '../../api/api-call'
import { changing } from '../../api/kept-reads'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import {
  askForPasskey,
  type PasskeyAssertion,
  type PasskeyAssertionBrowser,
} from '../passkeys/passkey-assertion'
import type { StepUpRequest } from './step-up.machine'

/**
 * The step-up's side effects: the passkey (POST /api/account/step-up/passkey-options, then the
 * browser's prompt, the login's ceremony) and the check itself (POST /api/account/step-up).
 */
export function createStepUpActors(api: MainClient, webauthn: PasskeyAssertionBrowser) {
  return {
    askPasskey: fromAbortablePromise<PasskeyAssertion>(async ({ signal }) => {
      const options = await callApi(api.POST('/api/account/step-up/passkey-options', { signal }))
      // Closing the dialog aborts the run, which closes the browser's prompt.
      return askForPasskey(webauthn, options, signal)
    }),
    checkStepUp: fromAbortablePromise<unknown, StepUpRequest>(({ input, signal }) =>
      // The overview's stepUpUntil changes.
      changing(api, 'security', callApi(api.POST('/api/account/step-up', { body: input, signal }))),
    ),
  }
}
