/**
 * One request's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/my-request.ts, and the state as the customer tells it apart (the request's
 * status, whether the offer's buttons show, whether a reply could be sent, a change noted during
 * an action).
 */
import type { SnapshotFrom } from 'xstate'
import {
  myRequestMachine,
  selectMyRequestView,
} from '../../src/machines/my-request/my-request.machine'
import { myRequestEvents } from '../../src/flows/fixtures/my-request'
import { newerRequest } from '../../src/flows/fixtures/my-requests'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof myRequestMachine>

export function serializeMyRequest(s: Snapshot): string {
  const view = selectMyRequestView(s)
  const acting = (['accepting', 'declining', 'replying'] as const).some((a) =>
    s.matches({ ready: a }),
  )
  return JSON.stringify([
    s.value,
    s.context.details?.request.status ?? null,
    view.offerActions,
    s.context.draft.trim() !== '',
    acting && s.context.changedMeanwhile,
  ])
}

export function createMyRequestPathModel() {
  return createPathModel(myRequestMachine, {
    events: myRequestEvents,
    serializeState: serializeMyRequest,
    input: { requestId: newerRequest.id },
  })
}
