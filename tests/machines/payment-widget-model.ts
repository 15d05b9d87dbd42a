/**
 * The payment widget's path model, shared by the machine and UI tests: every event and every
 * outcome of the session request, including a session without a requestId
 * (docs/product/errors.md#payment-widget-failure).
 */
import type { SnapshotFrom } from 'xstate'
import {
  paymentWidgetMachine as machine,
  type PaymentSession,
} from '../../src/machines/payment-widget/payment-widget.machine'
import { createPathModel, plainEventsOf } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof machine>

export const WIDGET_ORIGIN = 'https://widget.sandbox.paybis.com'

export const session: PaymentSession = {
  requestId: 'req-1',
  oneTimeToken: 'ott-1',
  widgetUrl: `${WIDGET_ORIGIN}/?requestId=req-1&oneTimeToken=ott-1`,
}
/** A session answer without a requestId (docs/product/errors.md#payment-widget-failure). */
export const sessionWithoutId = { requestId: '', widgetUrl: `${WIDGET_ORIGIN}/?requestId=` }
export const redirectUrl = `${WIDGET_ORIGIN}/payment?requestId=req-1`

export const paymentEvents = [
  ...plainEventsOf(machine).filter((e) =>
    ['payment.open', 'payment.close', 'widget.closed'].includes(e.type),
  ),
  { type: 'widget.redirect', url: redirectUrl },
  { type: 'xstate.done.actor.createSession', output: session },
  { type: 'xstate.done.actor.createSession', output: sessionWithoutId },
  { type: 'xstate.error.actor.createSession', error: new Error('503') },
]

export function serializePayment(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.error, s.context.frameUrl === redirectUrl])
}

export function createPaymentPathModel() {
  return createPathModel(machine, { events: paymentEvents, serializeState: serializePayment })
}
