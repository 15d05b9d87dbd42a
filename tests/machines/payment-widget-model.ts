/**
 * The payment widget's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/payment-widget.ts, and the state, the error and whether the frame followed
 * the redirect.
 */
import type { SnapshotFrom } from 'xstate'
import { paymentWidgetMachine as machine } from '../../src/machines/payment-widget/payment-widget.machine'
import { paymentEvents, redirectUrl } from '../../src/flows/fixtures/payment-widget'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof machine>

export function serializePayment(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.error, s.context.frameUrl === redirectUrl])
}

export function createPaymentPathModel() {
  return createPathModel(machine, { events: paymentEvents, serializeState: serializePayment })
}
