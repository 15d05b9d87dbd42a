import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { createMyRequestActors } from '../../../../machines/my-request/my-request.actors'
import {
  myRequestMachine,
  selectMyRequestView,
} from '../../../../machines/my-request/my-request.machine'
import { createPaymentWidgetActors } from '../../../../machines/payment-widget/payment-widget.actors'
import {
  paymentWidgetMachine,
  selectPaymentView,
} from '../../../../machines/payment-widget/payment-widget.machine'
import { PaymentWidget } from '../../../../ui/account/payment-widget'
import { RequestPage } from '../../../../ui/account/request-page'
import { createFrameSlot, listenToPaybis, lockPageScroll } from '../-customer/browser-actors'
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
  // 'Pay by card': the home page's payment widget, its session opened for this request
  // (docs/product/payments.md#paying-for-a-request).
  const [frame] = useState(createFrameSlot)
  const payment = useActorRef(
    paymentWidgetMachine.provide({
      actors: {
        ...createPaymentWidgetActors(api, requestId),
        lockScroll: lockPageScroll,
        listenToWidget: listenToPaybis(frame.current),
      },
    }),
    { inspect },
  )
  const paymentView = useSelector(payment, selectPaymentView)
  // Once the widget is gone (closed, or it could not open), the request is read again: a payment
  // made in it shows, and a request that moved on meanwhile shows as it is now.
  useEffect(() => {
    let active = payment.getSnapshot().matches('active')
    const subscription = payment.subscribe((snapshot) => {
      const nowActive = snapshot.matches('active')
      if (active && !nowActive) chart.send({ type: 'request.changed', requestId, kind: 'payment' })
      active = nowActive
    })
    return () => {
      subscription.unsubscribe()
    }
  }, [payment, chart, requestId])
  return (
    <>
      <RequestPage
        view={view}
        paymentError={paymentView.error}
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
        onPay={() => {
          payment.send({ type: 'payment.open' })
        }}
      />
      <PaymentWidget
        view={paymentView}
        frameRef={frame.ref}
        onClose={() => {
          payment.send({ type: 'payment.close' })
        }}
      />
    </>
  )
}
