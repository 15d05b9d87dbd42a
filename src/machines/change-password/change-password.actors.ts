import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'

/** The password change's server call: PUT /api/account/password. */
export function createChangePasswordActors(api: MainClient) {
  return {
    changePassword: fromAbortablePromise<unknown, { newPassword: string }>(({ input, signal }) =>
      callApi(api.PUT('/api/account/password', { body: input, signal })),
    ),
  }
}
