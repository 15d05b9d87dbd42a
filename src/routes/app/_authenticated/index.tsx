import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { readProfile } from '../../../api/kept-reads'
import { tokenArea } from '../../../api/token-area'
import { createPaymentWidgetActors } from '../../../machines/payment-widget/payment-widget.actors'
import {
  paymentWidgetMachine,
  selectPaymentView,
} from '../../../machines/payment-widget/payment-widget.machine'
import { createQuoteWizardActors } from '../../../machines/quote-wizard/quote-wizard.actors'
import {
  quoteWizardMachine,
  selectQuoteView,
} from '../../../machines/quote-wizard/quote-wizard.machine'
import { HomePage } from '../../../ui/account/home-page'
import { PaymentWidget } from '../../../ui/account/payment-widget'
import { QuoteDialog } from '../../../ui/account/quote-dialog'
import { createFrameSlot, listenToPaybis, lockPageScroll } from './-customer/browser-actors'

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
  const navigate = useNavigate()
  const [frame] = useState(createFrameSlot)
  const quote = useActorRef(
    quoteWizardMachine.provide({
      actors: createQuoteWizardActors(api),
      actions: { goToVerification: () => void navigate({ to: '/app/verification' }) },
    }),
    { inspect },
  )
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
  const quoteView = useSelector(quote, selectQuoteView)
  const paymentView = useSelector(payment, selectPaymentView)
  return (
    <>
      <HomePage
        firstName={profile.firstName}
        email={profile.email}
        paymentError={paymentView.error}
        onOpenQuote={() => {
          const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ')
          quote.send({
            type: 'quote.open',
            contact: {
              name,
              email: profile.email,
              phone: profile.phone,
              country: profile.country,
            },
          })
        }}
        onOpenPayment={() => {
          payment.send({ type: 'payment.open' })
        }}
      />
      <QuoteDialog
        view={quoteView}
        onAmountChange={(value) => {
          quote.send({ type: 'amount.change', value })
        }}
        onAmountCommit={() => {
          quote.send({ type: 'amount.commit' })
        }}
        onFromChange={(currency) => {
          quote.send({ type: 'currency.change', side: 'from', currency })
        }}
        onToChange={(currency) => {
          quote.send({ type: 'currency.change', side: 'to', currency })
        }}
        onRevealPromo={() => {
          quote.send({ type: 'promo.reveal' })
        }}
        onTextChange={(field, value) => {
          quote.send({ type: 'field.change', field, value })
        }}
        onNext={() => {
          quote.send({ type: 'quote.next' })
        }}
        onBack={() => {
          quote.send({ type: 'quote.back' })
        }}
        onSubmit={() => {
          quote.send({ type: 'quote.submit' })
        }}
        onClose={() => {
          quote.send({ type: 'quote.close' })
        }}
        onGoToVerification={() => {
          quote.send({ type: 'verification.go' })
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
