import { fromCallback, type EventObject } from 'xstate'
import type { MainClient } from '../../api/main-client'
import { watchRequestChanges } from '../../api/request-events'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { DeskRequestDetails, RequestActionInput } from './ops-request.machine'
import type { RequestChanged } from './request-desk'

/** Each desk action's call: one POST per operation, each answering the request after it. */
function post(api: MainClient, input: RequestActionInput, signal: AbortSignal) {
  const params = { path: { requestId: input.requestId } }
  switch (input.operation) {
    case 'assignRequest':
      return api.POST('/api/ops/requests/{requestId}/assignment', {
        params,
        body: input.body,
        signal,
      })
    case 'startRequestReview':
      return api.POST('/api/ops/requests/{requestId}/review', { params, body: input.body, signal })
    case 'holdRequest':
      return api.POST('/api/ops/requests/{requestId}/hold', { params, body: input.body, signal })
    case 'releaseRequest':
      return api.POST('/api/ops/requests/{requestId}/release', { params, body: input.body, signal })
    case 'askCustomer':
      return api.POST('/api/ops/requests/{requestId}/questions', {
        params,
        body: input.body,
        signal,
      })
    case 'sendOffer':
      return api.POST('/api/ops/requests/{requestId}/offer', { params, body: input.body, signal })
    case 'approveOffer':
      return api.POST('/api/ops/requests/{requestId}/offer/approval', {
        params,
        body: input.body,
        signal,
      })
    case 'rejectOffer':
      return api.POST('/api/ops/requests/{requestId}/offer/rejection', {
        params,
        body: input.body,
        signal,
      })
    case 'declineRequest':
      return api.POST('/api/ops/requests/{requestId}/decline', { params, body: input.body, signal })
    case 'completeRequest':
      return api.POST('/api/ops/requests/{requestId}/completion', {
        params,
        body: input.body,
        signal,
      })
    case 'cancelRequest':
      return api.POST('/api/ops/requests/{requestId}/cancellation', {
        params,
        body: input.body,
        signal,
      })
    case 'addRequestNote':
      return api.POST('/api/ops/requests/{requestId}/notes', { params, body: input.body, signal })
  }
}

/** The request page's server calls; `watchChanges` is the route's (it owns the live stream). */
export function createOpsRequestActors(api: MainClient) {
  return {
    getRequest: fromAbortablePromise<DeskRequestDetails, { requestId: string }>(
      ({ input, signal }) =>
        callOps(
          api.GET('/api/ops/requests/{requestId}', {
            params: { path: { requestId: input.requestId } },
            signal,
          }),
        ),
    ),
    runRequestAction: fromAbortablePromise<DeskRequestDetails, RequestActionInput>(
      ({ input, signal }) => callOps<DeskRequestDetails>(post(api, input, signal)),
    ),
  }
}

/**
 * The desk's live changes as the charts' `watchChanges`: every change to any request, from the
 * stream `watchRequestChanges` keeps open until the chart stops.
 */
export const watchDeskChanges = fromCallback<EventObject>(({ sendBack }) => {
  const controller = new AbortController()
  watchRequestChanges(
    'desk',
    (change) => {
      const changed: RequestChanged = {
        type: 'request.changed',
        requestId: change.requestId,
        kind: change.kind,
      }
      sendBack(changed)
    },
    controller.signal,
  )
  return () => {
    controller.abort()
  }
})
