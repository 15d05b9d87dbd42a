import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createOpsCustomerActors } from '../../../machines/ops-customer/ops-customer.actors'
import {
  opsCustomerMachine,
  selectOpsCustomerView,
} from '../../../machines/ops-customer/ops-customer.machine'
import { CustomerPage } from '../../../ui/ops/customer-page'
import { NOT_ALLOWED_PAGE } from '../../../ui/ops/ops-texts'
import { useStaffSelf } from '../-console/staff-self'

export const Route = createFileRoute('/ops/customers/$customerId')({
  component: CustomerRoute,
})

/** A customer's page (docs/product/staff.md#the-customer-page), with customers:read. */
function CustomerRoute() {
  const self = useStaffSelf()
  const { customerId } = Route.useParams()
  if (!self.permissions.includes('customers:read')) return <p role="alert">{NOT_ALLOWED_PAGE}</p>
  // A new chart for another customer: one read of their page, nothing carried over.
  return <Customer key={customerId} customerId={customerId} permissions={self.permissions} />
}

function Customer({
  customerId,
  permissions,
}: {
  customerId: string
  permissions: readonly string[]
}) {
  const { api, inspect } = Route.useRouteContext()
  const page = useActorRef(opsCustomerMachine.provide({ actors: createOpsCustomerActors(api) }), {
    input: { customerId, permissions },
    inspect,
  })
  const view = useSelector(page, selectOpsCustomerView)
  return (
    <CustomerPage
      view={view}
      onReload={() => {
        page.send({ type: 'page.reload' })
      }}
      onNoteChange={(value) => {
        page.send({ type: 'note.change', value })
      }}
      onNoteSubmit={() => {
        page.send({ type: 'note.submit' })
      }}
    />
  )
}
