import { callApi } from '../../api/api-call'
import { changing, readSecurityOverview } from '../../api/kept-reads'
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
      const overview = await readSecurityOverview(api, signal)
      return { enabled: overview.totp, recoveryCodesLeft: overview.recoveryCodesLeft }
    }),
    // Its 409 and 404 say the app changed elsewhere: the card reads the overview again.
    startTotpEnrolment: fromAbortablePromise<TotpEnrolment>(({ signal }) =>
      changing(api, 'security', callApi(api.POST('/api/account/totp/enrolment', { signal }))),
    ),
    confirmTotp: fromAbortablePromise<string[], { code: string }>(async ({ input, signal }) => {
      const result = await changing(
        api,
        'security',
        callApi(api.POST('/api/account/totp', { body: input, signal })),
      )
      return result.recoveryCodes
    }),
    removeTotp: fromAbortablePromise<unknown>(({ signal }) =>
      changing(api, 'security', callApi(api.DELETE('/api/account/totp', { signal }))),
    ),
    copyCodes: fromAbortablePromise<unknown, { codes: string[] }>(async ({ input }) => {
      // No clipboard (an insecure page, an old browser): the codes stay on screen to copy by hand.
      const target = clipboard()
      if (!target) throw new Error('No clipboard')
      await target.writeText(input.codes.join('\n'))
    }),
  }
}
