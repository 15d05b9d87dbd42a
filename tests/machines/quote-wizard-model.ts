/**
 * The quote wizard's path model, shared by the machine and UI tests: typed fixtures for every
 * event and both outcomes of the request, events offered only where they change something (so
 * the paths stay few), and the state as the customer tells it apart.
 */
import type { SnapshotFrom } from 'xstate'
import {
  quoteWizardMachine,
  type QuoteContact,
  type QuoteWizardEvent,
} from '../../src/machines/quote-wizard/quote-wizard.machine'
import { quoteAmountProblem } from '../../domain/quote'
import { createPathModel, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof quoteWizardMachine>

/**
 * The contact details the profile gives (docs/product/screens.md#contact-step: prefilled from the
 * profile).
 */
export const profileContact: QuoteContact = {
  name: 'Anna Kowalska',
  email: 'anna@example.com',
  phone: '',
  country: 'PL',
}

export const fixtures = {
  open: { type: 'quote.open', contact: profileContact },
  amount: '2500',
  /** What people type that the integer parse must get right (issue 13). */
  typedAmounts: ['1000.50', '1,000', '1e3', ' 12 ', 'abc', '99999999999999999999'],
  promoCode: 'FIRST1000',
  message: 'Please call me in the afternoon.',
  phone: '+48 601 234 567',
} as const

export function quoteEvents(s: Snapshot): AnyEventObject[] {
  const { values, promoOpen } = s.context
  const events: QuoteWizardEvent[] = [
    { type: 'quote.open', contact: profileContact },
    { type: 'quote.close' },
    { type: 'quote.next' },
    { type: 'quote.back' },
    { type: 'quote.submit' },
    { type: 'verification.go' },
  ]
  if (values.amount !== '0') events.push({ type: 'amount.change', value: '' })
  if (values.amount !== '2500') events.push({ type: 'amount.change', value: fixtures.amount })
  // The tricky texts, from the untouched default only (so the paths stay few).
  if (s.context.amountText === '1000')
    for (const value of fixtures.typedAmounts) events.push({ type: 'amount.change', value })
  if (!amountCommitted(s)) events.push({ type: 'amount.commit' })
  if (values.fromCurrency === 'EUR')
    events.push({ type: 'currency.change', side: 'from', currency: 'GBP' })
  if (values.toCurrency === 'BTC')
    events.push({ type: 'currency.change', side: 'to', currency: 'ETH' })
  if (!promoOpen) events.push({ type: 'promo.reveal' })
  if (s.matches('calculation') && promoOpen && values.promoCode === '')
    events.push({ type: 'field.change', field: 'promoCode', value: fixtures.promoCode })
  if (s.matches('calculation') && values.message === '')
    events.push({ type: 'field.change', field: 'message', value: fixtures.message })
  if (s.matches('contact') && values.phone === '')
    events.push({ type: 'field.change', field: 'phone', value: fixtures.phone })
  return [
    ...events,
    { type: 'xstate.done.actor.submitQuote', output: { id: 'q-1', status: 'new' } },
    { type: 'xstate.error.actor.submitQuote', error: { errorType: 'VALIDATION_ERROR' } },
  ]
}

/** The Amount field shows the integer that is sent (0 shows empty). */
export function amountCommitted(s: Snapshot): boolean {
  const { amount } = s.context.values
  return s.context.amountText === (amount === '0' ? '' : amount)
}

/**
 * The step, what is wrong with the amount if anything, whether the field shows what is sent, and
 * whether the promo code field shows.
 */
export function serializeQuote(s: Snapshot): string {
  return JSON.stringify([
    s.value,
    quoteAmountProblem(s.context.values.amount),
    amountCommitted(s),
    s.context.promoOpen,
  ])
}

export function createQuotePathModel() {
  return createPathModel(quoteWizardMachine, {
    events: quoteEvents,
    serializeState: serializeQuote,
  })
}
