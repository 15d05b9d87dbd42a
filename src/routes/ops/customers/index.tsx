import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createOpsCustomersActors } from '../../../machines/ops-customers/ops-customers.actors'
import {
  opsCustomersMachine,
  selectOpsCustomersView,
} from '../../../machines/ops-customers/ops-customers.machine'
import { CustomersPage } from '../../../ui/ops/customers-page'
import { NotAllowedPage } from '../../../ui/ops/ops-console-page'
import { useStaffSelf } from '../-console/staff-self'

export const Route = createFileRoute('/ops/customers/')({
  component: CustomersRoute,
})

/** Customer lookup (docs/product/screens.md#staff-console-customers), with customers:read. */
function CustomersRoute() {
  const self = useStaffSelf()
  if (!self.permissions.includes('customers:read')) return <NotAllowedPage />
  return <CustomerLookup />
}

function CustomerLookup() {
  const { api, inspect } = Route.useRouteContext()
  const lookup = useActorRef(
    opsCustomersMachine.provide({ actors: createOpsCustomersActors(api) }),
    { inspect },
  )
  const view = useSelector(lookup, selectOpsCustomersView)
  return (
    <CustomersPage
      view={view}
      onQueryChange={(value) => {
        lookup.send({ type: 'query.change', value })
      }}
      onSearch={() => {
        lookup.send({ type: 'search.submit' })
      }}
    />
  )
}
