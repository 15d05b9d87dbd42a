import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useState, type ReactNode } from 'react'
import { createOpsCustomerActionsActors } from '../../../machines/ops-customer-actions/ops-customer-actions.actors'
import {
  opsCustomerActionsMachine,
  selectCustomerActionsView,
} from '../../../machines/ops-customer-actions/ops-customer-actions.machine'
import { createOpsCustomerActors } from '../../../machines/ops-customer/ops-customer.actors'
import {
  opsCustomerMachine,
  selectOpsCustomerView,
  type CustomerPage as CustomerPageData,
} from '../../../machines/ops-customer/ops-customer.machine'
import { CustomerActions } from '../../../ui/ops/customer-actions'
import { CustomerPage } from '../../../ui/ops/customer-page'
import { NotAllowedPage } from '../../../ui/ops/ops-console-page'
import { useStaffSelf } from '../-console/staff-self'

export const Route = createFileRoute('/ops/customers/$customerId')({
  component: CustomerRoute,
})

/** A customer's page (docs/product/staff.md#the-customer-page), with customers:read. */
function CustomerRoute() {
  const self = useStaffSelf()
  const { customerId } = Route.useParams()
  if (!self.permissions.includes('customers:read')) return <NotAllowedPage />
  // A new chart for another customer: one read of their page, nothing carried over.
  return (
    <CustomerWithActions key={customerId} customerId={customerId} permissions={self.permissions} />
  )
}

/**
 * The page and the desk's actions on the customer (docs/product/staff.md#verification-requests,
 * docs/product/staff.md#customer-holds): after an action the page is read again (a new chart, so
 * a new read in the trail); the actions' chart lives on, with its confirmation.
 */
function CustomerWithActions({
  customerId,
  permissions,
}: {
  customerId: string
  permissions: readonly string[]
}) {
  const { api, inspect } = Route.useRouteContext()
  const [reads, setReads] = useState(0)
  const actions = useActorRef(
    opsCustomerActionsMachine.provide({
      actors: createOpsCustomerActionsActors(api),
      actions: {
        changed: () => {
          setReads((n) => n + 1)
        },
      },
    }),
    { input: { customerId, permissions }, inspect },
  )
  const view = useSelector(actions, selectCustomerActionsView)
  const panel = (page: CustomerPageData) => (
    <CustomerActions
      view={view}
      openRequests={page.verificationRequests.filter((r) => r.state === 'open')}
      onKindChange={(kind) => {
        actions.send({ type: 'kind.change', kind })
      }}
      onNoteChange={(value) => {
        actions.send({ type: 'note.change', value })
      }}
      onReasonChange={(value) => {
        actions.send({ type: 'reason.change', value })
      }}
      onRequest={() => {
        actions.send({ type: 'verification.request' })
      }}
      onWithdraw={(requestId) => {
        actions.send({ type: 'verification.withdraw', requestId })
      }}
      onPlaceHold={() => {
        actions.send({ type: 'hold.place' })
      }}
      onLiftHold={() => {
        actions.send({ type: 'hold.lift' })
      }}
    />
  )
  return <Customer key={reads} customerId={customerId} permissions={permissions} actions={panel} />
}

function Customer({
  customerId,
  permissions,
  actions,
}: {
  customerId: string
  permissions: readonly string[]
  actions: (page: CustomerPageData) => ReactNode
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
      actions={view.page ? actions(view.page) : null}
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
