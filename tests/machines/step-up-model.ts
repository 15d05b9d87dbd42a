/**
 * The step-up dialog's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/step-up.ts, and the account, the proof, the fields and the messages (not how
 * many changes wait: a second one asking is a loop on the open dialog, which keeps the graph small).
 */
import type { SnapshotFrom } from 'xstate'
import { stepUpMachine } from '../../src/machines/step-up/step-up.machine'
import { accountOf, codeClass, stepUpEvents } from '../../src/flows/fixtures/step-up'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof stepUpMachine>

export function serializeStepUp(s: Snapshot): string {
  const { proof, password, passwordProblem, codeProblem, problem } = s.context
  if (s.matches('closed')) return JSON.stringify([s.value, accountOf(s)])
  return JSON.stringify([
    s.value,
    accountOf(s),
    proof,
    password === '' ? 'empty' : 'good',
    codeClass(s),
    passwordProblem,
    codeProblem,
    problem !== null,
  ])
}

export function createStepUpPathModel() {
  return createPathModel(stepUpMachine, { events: stepUpEvents, serializeState: serializeStepUp })
}
