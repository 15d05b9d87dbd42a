/**
 * The customer's requests' path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/my-requests.ts, and whether the list read so far is empty.
 */
import type { SnapshotFrom } from 'xstate'
import { myRequestsMachine } from '../../src/machines/my-requests/my-requests.machine'
import { myRequestsEvents } from '../../src/flows/fixtures/my-requests'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof myRequestsMachine>

export function serializeMyRequests(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.requests?.length ?? null])
}

export function createMyRequestsPathModel() {
  return createPathModel(myRequestsMachine, {
    events: myRequestsEvents,
    serializeState: serializeMyRequests,
  })
}
