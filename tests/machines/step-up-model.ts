/**
 * The step-up dialog's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/step-up.ts, and the method, the answer and whether a problem shows.
 */
import type { SnapshotFrom } from 'xstate'
import { stepUpMachine } from '../../src/machines/step-up/step-up.machine'
import { answerClass, stepUpEvents } from '../../src/flows/fixtures/step-up'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof stepUpMachine>

export function serializeStepUp(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.method, answerClass(s), s.context.problem !== null])
}

export function createStepUpPathModel() {
  return createPathModel(stepUpMachine, { events: stepUpEvents, serializeState: serializeStepUp })
}
