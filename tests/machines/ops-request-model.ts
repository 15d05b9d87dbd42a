/**
 * The desk's request page's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/ops-requests.ts, which form is open and which of its parts are filled in,
 * and whether a change came while an action was being sent.
 */
import type { SnapshotFrom } from 'xstate'
import { opsRequestMachine } from '../../src/machines/ops-request/ops-request.machine'
import { opsRequestEvents, requestInput } from '../../src/flows/fixtures/ops-requests'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsRequestMachine>

export function serializeOpsRequest(s: Snapshot): string {
  const { context } = s
  const { offer } = context
  // The offer is ready once all three parts are there: the graph tells each part apart.
  const form = !s.matches({ ready: 'editing' })
    ? null
    : context.operation === 'sendOffer'
      ? [offer.rate !== '', offer.amountPaid !== '', offer.validUntil !== '']
      : [context.operation, context.text !== '']
  return JSON.stringify([s.value, form, context.changedMeanwhile])
}

export function createOpsRequestPathModel() {
  return createPathModel(opsRequestMachine, {
    events: opsRequestEvents,
    serializeState: serializeOpsRequest,
    input: requestInput,
  })
}
