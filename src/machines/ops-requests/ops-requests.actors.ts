import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type {
  AssignInput,
  DeskRequestDetails,
  DeskRequestPage,
  ListRequestsInput,
} from './ops-requests.machine'

/** The inbox's server calls; `watchChanges` is the route's (it owns the live stream). */
export function createOpsRequestsActors(api: MainClient) {
  return {
    listRequests: fromAbortablePromise<DeskRequestPage, ListRequestsInput>(({ input, signal }) =>
      callOps(
        api.GET('/api/ops/requests', {
          params: {
            query: { ...input.query, ...(input.after !== null ? { after: input.after } : {}) },
          },
          signal,
        }),
      ),
    ),
    assignRequest: fromAbortablePromise<DeskRequestDetails, AssignInput>(({ input, signal }) =>
      callOps(
        api.POST('/api/ops/requests/{requestId}/assignment', {
          params: { path: { requestId: input.requestId } },
          body: { version: input.version, assigneeId: input.assigneeId },
          signal,
        }),
      ),
    ),
  }
}
