/**
 * The request desk inbox's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/ops-requests.ts, whether the filters may be applied, and where in the pages
 * the inbox is.
 */
import type { SnapshotFrom } from 'xstate'
import { inboxFiltersValid } from '../../src/machines/ops-requests/inbox-filters'
import { opsRequestsMachine } from '../../src/machines/ops-requests/ops-requests.machine'
import { opsRequestsEvents, requestsInput } from '../../src/flows/fixtures/ops-requests'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsRequestsMachine>

export function serializeOpsRequests(s: Snapshot): string {
  const { context } = s
  return JSON.stringify([
    s.value,
    inboxFiltersValid(context.draft),
    context.next !== null,
    context.after !== null,
  ])
}

export function createOpsRequestsPathModel() {
  return createPathModel(opsRequestsMachine, {
    events: opsRequestsEvents,
    serializeState: serializeOpsRequests,
    input: requestsInput,
  })
}
