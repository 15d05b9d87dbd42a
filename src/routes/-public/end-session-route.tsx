/**
 * /app/end-session/$token and its Polish twin (docs/product/languages.md): the same chart and
 * view, the view in the address's language.
 */
import { useSelector } from '@xstate/react'
import { createActor, type ActorRefFrom } from 'xstate'
import { createEndSessionActors } from '../../machines/end-session/end-session.actors'
import { endSessionLinkMachine } from '../../machines/end-session/end-session.machine'
import type { RouterContext } from '../../router-context'
import { EndSessionPage, type EndSessionStatus } from '../../ui/end-session-page'

/**
 * The token is single-use: the actor starts in the route's loader, once per visit, not in a React
 * effect that StrictMode (or a remount) would run twice (decision 007, as
 * /app/verify-email/$token). It waits for the customer's click before it posts anything (issue 25
 * finding 8).
 */
export function startEndSession(context: RouterContext, token: string) {
  return createActor(
    endSessionLinkMachine.provide({ actors: createEndSessionActors(context.api) }),
    { input: { token }, inspect: context.inspect },
  ).start()
}

export function EndSessionRoute({ link }: { link: ActorRefFrom<typeof endSessionLinkMachine> }) {
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
