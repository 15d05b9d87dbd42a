/**
 * The authenticator app's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/authenticator-app.ts, and what decides the next step.
 */
import type { SnapshotFrom } from 'xstate'
import {
  authenticatorAppMachine,
  codeProblem,
} from '../../src/machines/authenticator-app/authenticator-app.machine'
import { authenticatorAppEvents } from '../../src/flows/fixtures/authenticator-app'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof authenticatorAppMachine>

export function serializeAuthenticatorApp(s: Snapshot): string {
  // What decides the next step: the step-up already asked for (while a change runs), the code.
  const changing = s.matches('settingUp') || s.matches('removal')
  const code = s.matches('settingUp') ? codeProblem(s.context.code) === null : null
  return JSON.stringify([
    s.value,
    changing && s.context.stepUpAsked,
    code,
    s.context.codeProblem !== null,
  ])
}

export function createAuthenticatorAppPathModel() {
  return createPathModel(authenticatorAppMachine, {
    events: authenticatorAppEvents,
    serializeState: serializeAuthenticatorApp,
  })
}
