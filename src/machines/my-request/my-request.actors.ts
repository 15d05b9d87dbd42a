import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { CustomerRequestDetails } from './my-request.machine'

type Action = { requestId: string; version: number }

/**
 * One request's server calls (issue 28 part 5): each answers the request as the customer now
 * sees it. The live stream and the clock are the route's to provide.
 */
export function createMyRequestActors(api: MainClient) {
  const path = (requestId: string) => ({ path: { requestId } })
  return {
    getRequest: fromAbortablePromise<CustomerRequestDetails, { requestId: string }>(
      ({ input, signal }) =>
        callApi(
          api.GET('/api/exchange-request/{requestId}', { params: path(input.requestId), signal }),
        ),
    ),
    acceptOffer: fromAbortablePromise<CustomerRequestDetails, Action>(({ input, signal }) =>
      callApi(
        api.POST('/api/exchange-request/{requestId}/offer/acceptance', {
          params: path(input.requestId),
          body: { version: input.version },
          signal,
        }),
      ),
    ),
    declineOffer: fromAbortablePromise<CustomerRequestDetails, Action>(({ input, signal }) =>
      callApi(
        api.POST('/api/exchange-request/{requestId}/offer/refusal', {
          params: path(input.requestId),
          body: { version: input.version },
          signal,
        }),
      ),
    ),
    sendReply: fromAbortablePromise<CustomerRequestDetails, { requestId: string; text: string }>(
      ({ input, signal }) =>
        callApi(
          api.POST('/api/exchange-request/{requestId}/messages', {
            params: path(input.requestId),
            body: { text: input.text },
            signal,
          }),
        ),
    ),
  }
}
