import { ApiError, callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'

/** POST /api/auth/end-session with the link's token (issue 14); no token, no call. */
export function createEndSessionActors(api: MainClient) {
  return {
    endSession: fromAbortablePromise<undefined, { token: string }>(async ({ input, signal }) => {
      if (!input.token) throw new ApiError(null, 'INVALID_TOKEN')
      await callApi(api.POST('/api/auth/end-session', { body: { token: input.token }, signal }))
      return undefined
    }),
  }
}
