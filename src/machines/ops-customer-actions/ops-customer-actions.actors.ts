import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type {
  CustomerHold,
  VerificationKind,
  VerificationRequest,
} from './ops-customer-actions.machine'

/** The desk's actions on a customer: their server calls. */
export function createOpsCustomerActionsActors(api: MainClient) {
  return {
    requestVerification: fromAbortablePromise<
      VerificationRequest,
      { customerId: string; kind: VerificationKind; note: string }
    >(({ input, signal }) =>
      callOps(
        api.POST('/api/ops/customers/{customerId}/verification-requests', {
          params: { path: { customerId: input.customerId } },
          body: { kind: input.kind, note: input.note },
          signal,
        }),
      ),
    ),
    withdrawVerificationRequest: fromAbortablePromise<
      VerificationRequest,
      { customerId: string; requestId: string }
    >(({ input, signal }) =>
      callOps(
        api.POST(
          '/api/ops/customers/{customerId}/verification-requests/{verificationRequestId}/withdrawal',
          {
            params: {
              path: { customerId: input.customerId, verificationRequestId: input.requestId },
            },
            signal,
          },
        ),
      ),
    ),
    changeHold: fromAbortablePromise<
      CustomerHold,
      { customerId: string; change: 'place' | 'lift'; reason: string }
    >(({ input, signal }) =>
      callOps(
        input.change === 'place'
          ? api.POST('/api/ops/customers/{customerId}/hold', {
              params: { path: { customerId: input.customerId } },
              body: { reason: input.reason },
              signal,
            })
          : api.POST('/api/ops/customers/{customerId}/hold/lifting', {
              params: { path: { customerId: input.customerId } },
              body: { reason: input.reason },
              signal,
            }),
      ),
    ),
  }
}
