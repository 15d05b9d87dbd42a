import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { CustomerSummary } from './ops-customers.machine'

/** Customer lookup's server call. */
export function createOpsCustomersActors(api: MainClient) {
  return {
    searchCustomers: fromAbortablePromise<CustomerSummary[], { query: string }>(
      async ({ input, signal }) => {
        const list = await callOps(
          api.GET('/api/ops/customers', { params: { query: { q: input.query } }, signal }),
        )
        return list.customers
      },
    ),
  }
}
