import { fromAbortablePromise } from '../abortable-promise'
import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import type { Profile, ProfileValues } from './profile-form.machine'

/**
 * The profile form's server calls (docs/product/api.md#profile-calls): GET and PUT
 * /api/users/profile.
 */
export function createProfileFormActors(api: MainClient) {
  return {
    loadProfile: fromAbortablePromise<Profile>(({ signal }) =>
      callApi(api.GET('/api/users/profile', { signal })),
    ),
    saveProfile: fromAbortablePromise<Profile, ProfileValues>(({ input, signal }) => {
      const body = {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        country: input.country,
        phone: input.phone.trim(),
      }
      return callApi(api.PUT('/api/users/profile', { body, signal }))
    }),
  }
}
