import { fromAbortablePromise } from '../abortable-promise'
import { ApiError, errorTypeOfBody, unwrap } from '../../api/api-error'
import type { MainClient } from '../../api/main-client'
import { profileFieldErrors, ProfileRejected } from './profile-errors'
import type { Profile, ProfileValues } from './profile-form.machine'

/**
 * The profile form's server calls (docs/product/api.md#profile-calls): GET and PUT
 * /api/users/profile.
 */
export function createProfileFormActors(api: MainClient) {
  return {
    loadProfile: fromAbortablePromise<Profile>(({ signal }) =>
      unwrap(api.GET('/api/users/profile', { signal })),
    ),
    saveProfile: fromAbortablePromise<Profile, ProfileValues>(async ({ input, signal }) => {
      const body = {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        country: input.country,
        phone: input.phone.trim(),
      }
      // A network failure becomes the transport error unwrap names (FETCH_ERROR, TIMEOUT_ERROR).
      const result = await api
        .PUT('/api/users/profile', { body, signal })
        .catch((cause: unknown) => unwrap<never>(Promise.reject(cause as Error)))
      if (result.data) return result.data
      const { response, error } = result
      if (response.ok) throw new ApiError(response.status, 'PARSING_ERROR')
      throw new ProfileRejected(response.status, errorTypeOfBody(error), profileFieldErrors(error))
    }),
  }
}
