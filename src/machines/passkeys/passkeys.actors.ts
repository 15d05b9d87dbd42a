import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { callApi } from '../../api/api-call'
import { changing, readSecurityOverview } from '../../api/kept-reads'
import type { MainClient } from '../../api/main-client'
import type { WebAuthnBrowser } from '../../webauthn-browser'
import { fromAbortablePromise } from '../abortable-promise'
import { PasskeyPromptFailed, promptProblemOf } from './passkey-prompt'
import type { Passkey, PasskeyAttestation, PasskeyCreationOptions } from './passkeys.machine'

/** The passkeys' server calls (issue 14 item 3) and the browser's prompt. */
export function createPasskeysActors(api: MainClient, webauthn: WebAuthnBrowser) {
  return {
    loadPasskeys: fromAbortablePromise<Passkey[]>(async ({ signal }) => {
      const overview = await readSecurityOverview(api, signal)
      return overview.passkeys
    }),
    passkeyOptions: fromAbortablePromise<PasskeyCreationOptions>(({ signal }) =>
      callApi(api.POST('/api/account/passkeys/registration-options', { signal })),
    ),
    createPasskey: fromAbortablePromise<PasskeyAttestation, PasskeyCreationOptions>(
      async ({ input, signal }) => {
        // Leaving the step (the page closes) closes the browser's prompt too.
        const cancel = () => {
          webauthn.cancelCeremony()
        }
        signal.addEventListener('abort', cancel, { once: true })
        try {
          const credential = await webauthn.startRegistration({
            // The contract's schema of SimpleWebAuthn's own JSON options (its transports are strings).
            optionsJSON: input as unknown as PublicKeyCredentialCreationOptionsJSON,
          })
          // The contract's PasskeyAttestation is SimpleWebAuthn's RegistrationResponseJSON; only
          // its free-form extension outputs read as `Record<string, never>` once generated.
          return credential as unknown as PasskeyAttestation
        } catch (error) {
          throw new PasskeyPromptFailed(promptProblemOf(error), { cause: error })
        } finally {
          signal.removeEventListener('abort', cancel)
        }
      },
    ),
    addPasskey: fromAbortablePromise<Passkey, PasskeyAttestation>(({ input, signal }) =>
      changing(
        api,
        'security',
        callApi(api.POST('/api/account/passkeys', { body: { credential: input }, signal })),
      ),
    ),
    renamePasskey: fromAbortablePromise<Passkey, { id: string; name: string }>(
      ({ input, signal }) =>
        changing(
          api,
          'security',
          callApi(
            api.PATCH('/api/account/passkeys/{passkeyId}', {
              params: { path: { passkeyId: input.id } },
              body: { name: input.name },
              signal,
            }),
          ),
        ),
    ),
    removePasskey: fromAbortablePromise<unknown, { id: string }>(({ input, signal }) =>
      changing(
        api,
        'security',
        callApi(
          api.DELETE('/api/account/passkeys/{passkeyId}', {
            params: { path: { passkeyId: input.id } },
            signal,
          }),
        ),
      ),
    ),
  }
}
