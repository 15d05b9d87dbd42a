import { fromAbortablePromise } from '../abortable-promise'
import { ApiError, unwrap } from '../../api/api-error'
import type { MainClient } from '../../api/main-client'

/**
 * GET /api/auth/verify-email (docs/product/api.md#email-confirmation): success or failure decides
 * the screen; no token, no call.
 */
export function createVerifyEmailActors(api: MainClient) {
  return {
    verifyEmail: fromAbortablePromise<undefined, { token: string }>(async ({ input, signal }) => {
      if (!input.token) throw new ApiError(null, 'INVALID_TOKEN')
      await unwrap(
        api.GET('/api/auth/verify-email', { params: { query: { token: input.token } }, signal }),
      )
      return undefined
    }),
  }
}
