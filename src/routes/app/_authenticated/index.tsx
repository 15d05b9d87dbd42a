import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../../ui/account-pages'

export const Route = createFileRoute('/app/_authenticated/')({
  // A protected request: after the access token expires it goes through the refresh queue.
  loader: async ({ context }) => {
    try {
      const { data } = await context.api.GET('/api/users/profile')
      return { profile: data ?? null }
    } catch {
      return { profile: null }
    }
  },
  component: HomeRoute,
})

function HomeRoute() {
  const { profile } = Route.useLoaderData()
  return <HomePage firstName={profile?.firstName ?? ''} email={profile?.email ?? null} />
}
