/**
 * The desk's actions on a customer: the path model shared by the machine and UI tests, over the
 * samples of src/flows/fixtures/ops-customer-actions.ts; a state is the chart's state and whether
 * a note and a reason are typed.
 */
import type { SnapshotFrom } from 'xstate'
import { opsCustomerActionsMachine } from '../../src/machines/ops-customer-actions/ops-customer-actions.machine'
import {
  actionsInput,
  opsCustomerActionsEvents,
} from '../../src/flows/fixtures/ops-customer-actions'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsCustomerActionsMachine>

export function serializeCustomerActions(s: Snapshot): string {
  const { context } = s
  return JSON.stringify([s.value, context.note.trim() !== '', context.reason.trim() !== ''])
}

export function createCustomerActionsPathModel() {
  return createPathModel(opsCustomerActionsMachine, {
    events: opsCustomerActionsEvents,
    serializeState: serializeCustomerActions,
    input: actionsInput,
  })
}
