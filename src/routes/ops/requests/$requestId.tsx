import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import {
  createOpsRequestActors,
  watchDeskChanges,
} from '../../../machines/ops-request/ops-request.actors'
import {
  opsRequestMachine,
  selectOpsRequestView,
} from '../../../machines/ops-request/ops-request.machine'
import { isDirectOperation } from '../../../machines/ops-request/request-desk'
import { NotAllowedPage } from '../../../ui/ops/ops-console-page'
import { RequestPage } from '../../../ui/ops/request-page'
import { useStaffSelf } from '../-console/staff-self'

export const Route = createFileRoute('/ops/requests/$requestId')({
  component: RequestRoute,
})

/** One request on the desk (docs/product/requests.md#the-desk), with requests:read. */
function RequestRoute() {
  const self = useStaffSelf()
  const { requestId } = Route.useParams()
  if (!self.permissions.includes('requests:read')) return <NotAllowedPage />
  // A new chart for another request: nothing of the last one's forms carries over.
  return <DeskRequest key={requestId} requestId={requestId} self={self} />
}

function DeskRequest({
  requestId,
  self,
}: {
  requestId: string
  self: ReturnType<typeof useStaffSelf>
}) {
  const { api, inspect } = Route.useRouteContext()
  const page = useActorRef(
    opsRequestMachine.provide({
      actors: { ...createOpsRequestActors(api), watchChanges: watchDeskChanges },
    }),
    {
      input: {
        requestId,
        self: { id: self.id, email: self.email, permissions: self.permissions },
      },
      inspect,
    },
  )
  const view = useSelector(page, selectOpsRequestView)
  return (
    <RequestPage
      view={view}
      onReload={() => {
        page.send({ type: 'request.reload' })
      }}
      onOpenForm={(operation) => {
        if (!isDirectOperation(operation)) page.send({ type: 'action.open', operation })
      }}
      onRun={(operation) => {
        if (isDirectOperation(operation)) page.send({ type: 'action.run', operation })
      }}
      onTextChange={(value) => {
        page.send({ type: 'text.change', value })
      }}
      onOfferChange={(field, value) => {
        page.send({ type: 'offer.change', field, value })
      }}
      onSubmit={() => {
        page.send({ type: 'form.submit' })
      }}
      onCancel={() => {
        page.send({ type: 'form.cancel' })
      }}
    />
  )
}
