/**
 * The quote dialog as the customer area's pages open it (home, and the empty request list): the
 * quote wizard chart with its server call and navigation, and the dialog bound to it.
 */
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import type { InspectionEvent } from 'xstate'
import type { components } from '../../../../../openapi/main.gen'
import type { MainClient } from '../../../../api/main-client'
import { createQuoteWizardActors } from '../../../../machines/quote-wizard/quote-wizard.actors'
import {
  quoteWizardMachine,
  selectQuoteView,
} from '../../../../machines/quote-wizard/quote-wizard.machine'
import { QuoteDialog } from '../../../../ui/account/quote-dialog'

type Profile = components['schemas']['Profile']

export function useQuoteDialog(
  api: MainClient,
  profile: Profile,
  inspect: ((event: InspectionEvent) => void) | undefined,
) {
  const navigate = useNavigate()
  const quote = useActorRef(
    quoteWizardMachine.provide({
      actors: createQuoteWizardActors(api),
      actions: { goToVerification: () => void navigate({ to: '/app/verification' }) },
    }),
    { inspect },
  )
  const view = useSelector(quote, selectQuoteView)
  const open = () => {
    const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ')
    quote.send({
      type: 'quote.open',
      contact: { name, email: profile.email, phone: profile.phone, country: profile.country },
    })
  }
  const dialog = (
    <QuoteDialog
      view={view}
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
  )
  return { open, dialog }
}
