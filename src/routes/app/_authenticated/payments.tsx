import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createMyPaymentsActors } from '../../../machines/my-payments/my-payments.actors'
import {
  myPaymentsMachine,
  selectMyPaymentsView,
} from '../../../machines/my-payments/my-payments.machine'
import { PaymentsPage } from '../../../ui/account/payments-page'

export const Route = createFileRoute('/app/_authenticated/payments')({
  component: PaymentsRoute,
})

/** The customer's card payments (docs/product/payments.md#what-the-customer-sees). */
function PaymentsRoute() {
  const { api, inspect } = Route.useRouteContext()
  const list = useActorRef(myPaymentsMachine.provide({ actors: createMyPaymentsActors(api) }), {
    inspect,
  })
  const view = useSelector(list, selectMyPaymentsView)
  return (
    <PaymentsPage
      view={view}
      onReload={() => {
        list.send({ type: 'payments.reload' })
      }}
    />
  )
}
