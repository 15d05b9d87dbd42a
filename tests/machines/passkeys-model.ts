/**
 * The passkeys' path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/passkeys.ts, and what decides the next step.
 */
import type { SnapshotFrom } from 'xstate'
import { passkeyNameProblem, passkeysMachine } from '../../src/machines/passkeys/passkeys.machine'
import { passkeysEvents } from '../../src/flows/fixtures/passkeys'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof passkeysMachine>

export function serializePasskeys(s: Snapshot): string {
  const draft = s.matches('renaming') ? passkeyNameProblem(s.context.draft) === null : null
  const changing = s.matches('adding') || s.matches('removal')
  return JSON.stringify([
    s.value,
    changing && s.context.stepUpAsked,
    draft,
    s.context.nameProblem !== null,
  ])
}

export function createPasskeysPathModel() {
  return createPathModel(passkeysMachine, {
    events: passkeysEvents,
    serializeState: serializePasskeys,
  })
}
