import { createFileRoute, redirect } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { readProfile } from '../../../api/kept-reads'
import { tokenArea } from '../../../api/token-area'
import { createPaymentWidgetActors } from '../../../machines/payment-widget/payment-widget.actors'
import {
  paymentWidgetMachine,
  selectPaymentView,
} from '../../../machines/payment-widget/payment-widget.machine'
import { HomePage } from '../../../ui/account/home-page'
import { PaymentWidget } from '../../../ui/account/payment-widget'
import { createFrameSlot, listenToPaybis, lockPageScroll } from './-customer/browser-actors'
import { useQuoteDialog } from './-customer/use-quote-dialog'

export const Route = createFileRoute('/app/_authenticated/')({
  // Staff sign in on the same screen and land here: their home is the console
  // (docs/product/screens.md#staff-console).
  beforeLoad: ({ context }) => {
    if (tokenArea(context.auth.getSnapshot().context.token) === 'staff')
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router redirects by throwing
      throw redirect({ to: '/ops' })
  },
  // A protected request: after the access token expires it goes through the refresh queue. A
  // failure shows the application error page (docs/product/screens.md#application-error-page).
  // The profile is kept 60 s after its last use (docs/product/limits.md#polling-and-cache).
  loader: async ({ context, abortController }) => ({
    profile: await readProfile(context.api, abortController.signal),
  }),
  component: HomeRoute,
})

/**
 * The home page (docs/product/screens.md#home): the offers, the quote dialog (quote wizard) and the
 * payment widget.
 */
function HomeRoute() {
  const { api, inspect } = Route.useRouteContext()
  const { profile } = Route.useLoaderData()
  const [frame] = useState(createFrameSlot)
  const quote = useQuoteDialog(api, profile, inspect)
  const payment = useActorRef(
    paymentWidgetMachine.provide({
      actors: {
        ...createPaymentWidgetActors(api),
        lockScroll: lockPageScroll,
        listenToWidget: listenToPaybis(frame.current),
      },
    }),
    { inspect },
  )
  const paymentView = useSelector(payment, selectPaymentView)
  return (
    <>
      <HomePage
        firstName={profile.firstName}
        email={profile.email}
        paymentError={paymentView.error}
        onOpenQuote={quote.open}
        onOpenPayment={() => {
          payment.send({ type: 'payment.open' })
        }}
      />
      {quote.dialog}
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
