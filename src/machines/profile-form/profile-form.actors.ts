import { fromAbortablePromise } from '../abortable-promise'
import { callApi } from '../../api/api-call'
import { readProfile } from '../../api/kept-reads'
import type { MainClient } from '../../api/main-client'
import type { Profile, ProfileUpdateInput } from './profile-form.machine'

/**
 * The profile form's server calls (docs/product/api.md#profile-calls): GET (kept, kept-reads.ts)
 * and PUT /api/users/profile.
 */
export function createProfileFormActors(api: MainClient) {
  return {
    loadProfile: fromAbortablePromise<Profile>(({ signal }) => readProfile(api, signal)),
    saveProfile: fromAbortablePromise<Profile, ProfileUpdateInput>(async ({ input, signal }) => {
      const body = {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        country: input.country,
        phone: input.phone.trim(),
        ...(input.locale ? { locale: input.locale } : {}),
      }
      const saved = await callApi(api.PUT('/api/users/profile', { body, signal }))
      // The kept profile is the one just saved (docs/product/api.md#profile-update).
      api.cache.put('profile', saved)
      return saved
    }),
  }
}
