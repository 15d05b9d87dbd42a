import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../../ui/account-pages'

export const Route = createFileRoute('/app/_authenticated/profile')({
  component: ProfileRoute,
})

function ProfileRoute() {
  const { auth } = Route.useRouteContext()
  return (
    <ProfilePage
      onLogout={() => {
        auth.send({ type: 'auth.logout' })
      }}
    />
  )
}
