import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { createActor } from 'xstate'
import { createEndSessionActors } from '../../../../machines/end-session/end-session.actors'
import { endSessionLinkMachine } from '../../../../machines/end-session/end-session.machine'
import { EndSessionPage, type EndSessionStatus } from '../../../../ui/end-session-page'

export const Route = createFileRoute('/pl/app/end-session/$token')({
  // The token is single-use: the actor starts here, once per visit, not in a React effect that
  // StrictMode (or a remount) would run twice (decision 007, as /app/verify-email/$token). It
  // waits for the customer's click before it posts anything (issue 25 finding 8).
  loader: ({ params, context }) => ({
    link: createActor(
      endSessionLinkMachine.provide({ actors: createEndSessionActors(context.api) }),
      { input: { token: params.token }, inspect: context.inspect },
    ).start(),
  }),
  shouldReload: false,
  staleTime: Infinity,
  component: EndSessionRoute,
})

function EndSessionRoute() {
  const { link } = Route.useLoaderData()
  const status = useSelector(link, (s): EndSessionStatus => {
    if (s.matches('asking')) return 'asking'
    if (s.matches('ended')) return 'ended'
    if (s.matches('invalid')) return 'invalid'
    if (s.matches('failed')) return 'failed'
    return 'ending'
  })
  return (
    <EndSessionPage
      status={status}
      onConfirm={() => {
        link.send({ type: 'link.confirm' })
      }}
      onRetry={() => {
        link.send({ type: 'link.retry' })
      }}
    />
  )
}
