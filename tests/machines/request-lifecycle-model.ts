/**
 * The request lifecycle's path model, shared by the machine level and the browser level (where a
 * customer and a desk member take the steps against the real server): the samples of
 * src/flows/fixtures/request-lifecycle.ts, and the state with whether an offer is live.
 */
import type { SnapshotFrom } from 'xstate'
import { requestLifecycleMachine } from '../../src/machines/request-lifecycle/request-lifecycle.machine'
import { requestLifecycleEvents } from '../../src/flows/fixtures/request-lifecycle'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof requestLifecycleMachine>

export function serializeLifecycle(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.assigneeId !== null, s.context.offer !== null])
}

export function createLifecyclePathModel() {
  return createPathModel(requestLifecycleMachine, {
    events: requestLifecycleEvents(),
    serializeState: serializeLifecycle,
    input: {},
  })
}
