import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { CustomerNote, CustomerPage } from './ops-customer.machine'

/** A customer's page's server calls. */
export function createOpsCustomerActors(api: MainClient) {
  return {
    getCustomer: fromAbortablePromise<CustomerPage, { customerId: string }>(({ input, signal }) =>
      callOps(
        api.GET('/api/ops/customers/{customerId}', {
          params: { path: { customerId: input.customerId } },
          signal,
        }),
      ),
    ),
    addCustomerNote: fromAbortablePromise<CustomerNote, { customerId: string; text: string }>(
      ({ input, signal }) =>
        callOps(
          api.POST('/api/ops/customers/{customerId}/notes', {
            params: { path: { customerId: input.customerId } },
            body: { text: input.text },
            signal,
          }),
        ),
    ),
  }
}
