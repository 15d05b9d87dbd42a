/**
 * A customer's page's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/ops-customer.ts, whether a note is typed and whether one went in.
 */
import type { SnapshotFrom } from 'xstate'
import { opsCustomerMachine } from '../../src/machines/ops-customer/ops-customer.machine'
import { customerInput, opsCustomerEvents } from '../../src/flows/fixtures/ops-customer'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsCustomerMachine>

export function serializeOpsCustomer(s: Snapshot): string {
  const { context } = s
  return JSON.stringify([s.value, context.note.trim() !== '', context.noted])
}

export function createOpsCustomerPathModel() {
  return createPathModel(opsCustomerMachine, {
    events: opsCustomerEvents,
    serializeState: serializeOpsCustomer,
    input: customerInput,
  })
}
