/**
 * The customer's payments' path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/my-payments.ts, and whether the list read so far is empty.
 */
import type { SnapshotFrom } from 'xstate'
import { myPaymentsMachine } from '../../src/machines/my-payments/my-payments.machine'
import { myPaymentsEvents } from '../../src/flows/fixtures/my-payments'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof myPaymentsMachine>

export function serializeMyPayments(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.payments?.length ?? null])
}

export function createMyPaymentsPathModel() {
  return createPathModel(myPaymentsMachine, {
    events: myPaymentsEvents,
    serializeState: serializeMyPayments,
  })
}
