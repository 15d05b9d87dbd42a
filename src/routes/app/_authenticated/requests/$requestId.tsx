import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createMyRequestActors } from '../../../../machines/my-request/my-request.actors'
import {
  myRequestMachine,
  selectMyRequestView,
} from '../../../../machines/my-request/my-request.machine'
import { RequestPage } from '../../../../ui/account/request-page'
import { watchClientClock, watchCustomerChanges } from '../-customer/request-live'

export const Route = createFileRoute('/app/_authenticated/requests/$requestId')({
  component: RequestRoute,
})

/** One of the customer's requests (issue 28 part 5); a new id is a new chart. */
function RequestRoute() {
  const { requestId } = Route.useParams()
  return <RequestChart key={requestId} requestId={requestId} />
}

function RequestChart({ requestId }: { requestId: string }) {
  const { api, inspect } = Route.useRouteContext()
  const chart = useActorRef(
    myRequestMachine.provide({
      actors: {
        ...createMyRequestActors(api),
        watchChanges: watchCustomerChanges,
        watchClock: watchClientClock,
      },
    }),
    { input: { requestId }, inspect },
  )
  const view = useSelector(chart, selectMyRequestView)
  return (
    <RequestPage
      view={view}
      onReload={() => {
        chart.send({ type: 'request.reload' })
      }}
      onAccept={() => {
        chart.send({ type: 'offer.accept' })
      }}
      onDecline={() => {
        chart.send({ type: 'offer.decline' })
      }}
      onDraftChange={(text) => {
        chart.send({ type: 'reply.change', text })
      }}
      onSendReply={() => {
        chart.send({ type: 'reply.send' })
      }}
    />
  )
}
