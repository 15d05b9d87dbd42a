import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { CustomerDetails, CustomerSummary } from './ops-customers.machine'

/** Customer lookup's server calls. */
export function createOpsCustomersActors(api: MainClient) {
  return {
    searchCustomers: fromAbortablePromise<CustomerSummary[], { email: string }>(
      async ({ input, signal }) => {
        const list = await callOps(
          api.GET('/api/ops/customers', { params: { query: { email: input.email } }, signal }),
        )
        return list.customers
      },
    ),
    getCustomer: fromAbortablePromise<CustomerDetails, { id: string }>(({ input, signal }) =>
      callOps(
        api.GET('/api/ops/customers/{customerId}', {
          params: { path: { customerId: input.id } },
          signal,
        }),
      ),
    ),
  }
}
