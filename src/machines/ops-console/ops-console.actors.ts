import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { StaffSelf } from './ops-console.machine'

/** The console entry's server call. */
export function createOpsConsoleActors(api: MainClient) {
  return {
    getStaffSelf: fromAbortablePromise<StaffSelf>(({ signal }) =>
      callOps(api.GET('/api/ops/me', { signal })),
    ),
  }
}
