import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { StaffChange, StaffList, StaffRole } from './ops-staff.machine'

/** Staff management's server calls. */
export function createOpsStaffActors(api: MainClient) {
  return {
    listStaff: fromAbortablePromise<StaffList>(({ signal }) =>
      callOps(api.GET('/api/ops/staff', { signal })),
    ),
    inviteStaff: fromAbortablePromise<StaffChange, { email: string; roles: StaffRole[] }>(
      ({ input, signal }) => callOps(api.POST('/api/ops/staff', { body: input, signal })),
    ),
    changeStaffRoles: fromAbortablePromise<StaffChange, { id: string; roles: StaffRole[] }>(
      ({ input, signal }) =>
        callOps(
          api.PUT('/api/ops/staff/{staffId}/roles', {
            params: { path: { staffId: input.id } },
            body: { roles: input.roles },
            signal,
          }),
        ),
    ),
    deactivateStaff: fromAbortablePromise<StaffChange, { id: string; reason: string }>(
      ({ input, signal }) =>
        callOps(
          api.POST('/api/ops/staff/{staffId}/deactivation', {
            params: { path: { staffId: input.id } },
            body: { reason: input.reason },
            signal,
          }),
        ),
    ),
    approveRoleGrant: fromAbortablePromise<StaffChange, { id: string }>(({ input, signal }) =>
      callOps(
        api.POST('/api/ops/role-grants/{grantId}/approval', {
          params: { path: { grantId: input.id } },
          signal,
        }),
      ),
    ),
  }
}
