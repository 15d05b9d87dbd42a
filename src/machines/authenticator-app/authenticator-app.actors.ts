import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { TotpEnrolment, TotpStatus } from './authenticator-app.machine'

/** The authenticator app's server calls (issue 14 item 3, TOTP) and the clipboard. */
export function createAuthenticatorAppActors(
  api: MainClient,
  /** The browser's clipboard when the copy happens (absent on an insecure page). */
  clipboard: () => { writeText(text: string): Promise<void> } | undefined,
) {
  return {
    loadTotp: fromAbortablePromise<TotpStatus>(async ({ signal }) => {
      const overview = await callApi(api.GET('/api/account/security', { signal }))
      return { enabled: overview.totp, recoveryCodesLeft: overview.recoveryCodesLeft }
    }),
    startTotpEnrolment: fromAbortablePromise<TotpEnrolment>(({ signal }) =>
      callApi(api.POST('/api/account/totp/enrolment', { signal })),
    ),
    confirmTotp: fromAbortablePromise<string[], { code: string }>(async ({ input, signal }) => {
      const result = await callApi(api.POST('/api/account/totp', { body: input, signal }))
      return result.recoveryCodes
    }),
    removeTotp: fromAbortablePromise<unknown>(({ signal }) =>
      callApi(api.DELETE('/api/account/totp', { signal })),
    ),
    copyCodes: fromAbortablePromise<unknown, { codes: string[] }>(async ({ input }) => {
      // No clipboard (an insecure page, an old browser): the codes stay on screen to copy by hand.
      const target = clipboard()
      if (!target) throw new Error('No clipboard')
      await target.writeText(input.codes.join('\n'))
    }),
  }
}
