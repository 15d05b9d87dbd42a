import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { watchDeskChanges } from '../../../machines/ops-request/ops-request.actors'
import { createOpsRequestsActors } from '../../../machines/ops-requests/ops-requests.actors'
import {
  opsRequestsMachine,
  selectOpsRequestsView,
} from '../../../machines/ops-requests/ops-requests.machine'
import { NotAllowedPage } from '../../../ui/ops/ops-console-page'
import { RequestsPage } from '../../../ui/ops/requests-page'
import { useStaffSelf } from '../-console/staff-self'

export const Route = createFileRoute('/ops/requests/')({
  component: RequestsRoute,
})

/** The request desk's inbox (docs/product/requests.md#the-desk), with requests:read. */
function RequestsRoute() {
  const self = useStaffSelf()
  if (!self.permissions.includes('requests:read')) return <NotAllowedPage />
  return <RequestInbox self={self} />
}

function RequestInbox({ self }: { self: ReturnType<typeof useStaffSelf> }) {
  const { api, inspect } = Route.useRouteContext()
  const navigate = useNavigate()
  const inbox = useActorRef(
    opsRequestsMachine.provide({
      actors: { ...createOpsRequestsActors(api), watchChanges: watchDeskChanges },
      actions: {
        openRequest: (_, params) => {
          void navigate({ to: '/ops/requests/$requestId', params: { requestId: params.id } })
        },
      },
    }),
    { input: { self: { id: self.id, permissions: self.permissions } }, inspect },
  )
  const view = useSelector(inbox, selectOpsRequestsView)
  return (
    <RequestsPage
      view={view}
      onFilterChange={(field, value) => {
        inbox.send({ type: 'filter.change', field, value })
      }}
      onApply={() => {
        inbox.send({ type: 'filters.apply' })
      }}
      onNext={() => {
        inbox.send({ type: 'page.next' })
      }}
      onFirst={() => {
        inbox.send({ type: 'page.first' })
      }}
      onReload={() => {
        inbox.send({ type: 'inbox.reload' })
      }}
      onMove={(by) => {
        inbox.send({ type: 'selection.move', by })
      }}
      onOpen={(id) => {
        inbox.send({ type: 'request.open', id })
      }}
      onAssign={(id) => {
        inbox.send({ type: 'request.assign', id })
      }}
    />
  )
}
