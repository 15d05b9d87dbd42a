/**
 * Staff management's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/ops-staff.ts, and what the open form holds (whether it may be sent).
 */
import type { SnapshotFrom } from 'xstate'
import { formReady, opsStaffMachine } from '../../src/machines/ops-staff/ops-staff.machine'
import { opsStaffEvents, staffInput } from '../../src/flows/fixtures/ops-staff'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsStaffMachine>

export function serializeOpsStaff(s: Snapshot): string {
  const { context } = s
  // The invitation is ready once both parts are there: the graph tells each part apart.
  const form = s.matches('inviting')
    ? [context.email !== '', context.roles.length > 0]
    : s.matches('changingRoles')
      ? formReady(context, 'roles')
      : s.matches('deactivating')
        ? formReady(context, 'reason')
        : null
  return JSON.stringify([s.value, form])
}

export function createOpsStaffPathModel() {
  return createPathModel(opsStaffMachine, {
    events: opsStaffEvents,
    serializeState: serializeOpsStaff,
    input: staffInput,
  })
}
