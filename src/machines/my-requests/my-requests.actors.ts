import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { ExchangeRequest } from './my-requests.machine'

/** The list's server call (issue 28 part 4); the live stream is the route's to provide. */
export function createMyRequestsActors(api: MainClient) {
  return {
    listRequests: fromAbortablePromise<ExchangeRequest[]>(async ({ signal }) => {
      const list = await callApi(api.GET('/api/exchange-request', { signal }))
      return list.items
    }),
  }
}
