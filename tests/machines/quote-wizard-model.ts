/**
 * The quote wizard's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/quote-wizard.ts, and the state as the customer tells it apart.
 */
import type { SnapshotFrom } from 'xstate'
import { quoteWizardMachine } from '../../src/machines/quote-wizard/quote-wizard.machine'
import { amountCommitted, quoteEvents } from '../../src/flows/fixtures/quote-wizard'
import { quoteAmountProblem } from '../../domain/quote'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof quoteWizardMachine>

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
