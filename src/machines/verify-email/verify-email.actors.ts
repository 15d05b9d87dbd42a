import { fromAbortablePromise } from '../abortable-promise'
import { ApiError, callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import type { VerifyEmailStatus } from './verify-email.machine'

/**
 * GET /api/auth/verify-email (docs/product/api.md#email-confirmation): success or failure decides
 * the screen, and a success's status whether a password is to be chosen; no token, no call.
 */
export function createVerifyEmailActors(api: MainClient) {
  return {
    verifyEmail: fromAbortablePromise<VerifyEmailStatus, { token: string }>(
      async ({ input, signal }) => {
        if (!input.token) throw new ApiError(null, 'INVALID_TOKEN')
        const answer = await callApi(
          api.GET('/api/auth/verify-email', { params: { query: { token: input.token } }, signal }),
        )
        return answer.status
      },
    ),
  }
}
