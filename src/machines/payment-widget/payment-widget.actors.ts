import { fromAbortablePromise } from '../abortable-promise'
import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import type { PaymentSession } from './payment-widget.machine'

/**
 * The payment widget's server call: POST /api/paybis/createRequest
 * (docs/product/api.md#payment-widget-session); with `exchangeRequestId`, the session is for that
 * request of the customer's (docs/product/payments.md#paying-for-a-request). Scroll locking and
 * the widget's messages are the page's, so the route provides those actors.
 */
export function createPaymentWidgetActors(api: MainClient, exchangeRequestId?: string) {
  return {
    createSession: fromAbortablePromise<PaymentSession>(({ signal }) =>
      callApi(
        exchangeRequestId === undefined
          ? api.POST('/api/paybis/createRequest', { signal })
          : api.POST('/api/paybis/createRequest', { body: { exchangeRequestId }, signal }),
      ),
    ),
  }
}
