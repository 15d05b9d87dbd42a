/**
 * Customer lookup's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/ops-customers.ts, whether the query may be sent and whether results are there.
 */
import type { SnapshotFrom } from 'xstate'
import {
  MIN_SEARCH,
  opsCustomersMachine,
} from '../../src/machines/ops-customers/ops-customers.machine'
import { opsCustomersEvents } from '../../src/flows/fixtures/ops-customers'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsCustomersMachine>

export function serializeOpsCustomers(s: Snapshot): string {
  const { context } = s
  return JSON.stringify([
    s.value,
    context.query.trim().length >= MIN_SEARCH,
    context.customers.length > 0,
  ])
}

export function createOpsCustomersPathModel() {
  return createPathModel(opsCustomersMachine, {
    events: opsCustomersEvents,
    serializeState: serializeOpsCustomers,
  })
}
