import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createProfileFormActors } from '../../../machines/profile-form/profile-form.actors'
import {
  profileFormMachine,
  selectProfileView,
} from '../../../machines/profile-form/profile-form.machine'
import { ProfilePage } from '../../../ui/account/profile-page'
import { useSetAccountLanguage } from './-customer/account-language'
import { RecordsPanel } from './-records/records-panel'
import { SecurityPanel } from './-security/security-panel'

export const Route = createFileRoute('/app/_authenticated/profile')({
  component: ProfileRoute,
})

/**
 * The profile page (docs/product/screens.md#profile-page): the profile form chart, the Security
 * section (docs/product/screens.md#security-section), the customer's records
 * (docs/product/screens.md#your-records) and logout through the auth chart.
 */
function ProfileRoute() {
  const { auth, api, webauthn, inspect } = Route.useRouteContext()
  const router = useRouter()
  const showLanguage = useSetAccountLanguage()
  const form = useActorRef(
    profileFormMachine.provide({
      actors: createProfileFormActors(api),
      // On success the cached profile is refreshed (the home page reads it again)
      // (docs/product/api.md#profile-update), and the area shows the saved language
      // (docs/product/languages.md#the-signed-in-area).
      actions: {
        profileSaved: (_, { profile }) => {
          showLanguage(profile.locale)
          void router.invalidate()
        },
      },
    }),
    { inspect },
  )
  const view = useSelector(form, selectProfileView)
  return (
    <ProfilePage
      view={view}
      onChange={(field, value) => {
        form.send({ type: 'field.change', field, value })
      }}
      onLocaleChange={(locale) => {
        form.send({ type: 'locale.change', locale })
      }}
      onSubmit={() => {
        form.send({ type: 'form.submit' })
      }}
      onReload={() => {
        form.send({ type: 'profile.reload' })
      }}
      onLogout={() => {
        auth.send({ type: 'auth.logout' })
      }}
      security={<SecurityPanel api={api} webauthn={webauthn} inspect={inspect} />}
      records={<RecordsPanel api={api} inspect={inspect} />}
    />
  )
}
