import { createFileRoute } from '@tanstack/react-router'
import { EndSessionRoute, startEndSession } from '../../-public/end-session-route'

export const Route = createFileRoute('/app/end-session/$token')({
  loader: ({ params, context }) => ({ link: startEndSession(context, params.token) }),
  shouldReload: false,
  staleTime: Infinity,
  component: EndSession,
})

function EndSession() {
  const { link } = Route.useLoaderData()
  return <EndSessionRoute link={link} />
}
