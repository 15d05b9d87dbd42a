import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { Payment } from './my-payments.machine'

/** The payments list's server call (docs/product/payments.md#what-the-customer-sees). */
export function createMyPaymentsActors(api: MainClient) {
  return {
    listPayments: fromAbortablePromise<Payment[]>(async ({ signal }) => {
      const list = await callApi(api.GET('/api/payments', { signal }))
      return list.items
    }),
  }
}
