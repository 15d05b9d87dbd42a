/**
 * The password change's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/change-password.ts, and what tells two states apart.
 */
import type { SnapshotFrom } from 'xstate'
import { changePasswordMachine } from '../../src/machines/change-password/change-password.machine'
import { changePasswordEvents, newPasswordValid } from '../../src/flows/fixtures/change-password'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof changePasswordMachine>

export function serializeChangePassword(s: Snapshot): string {
  const changing = s.matches('submitting') || s.matches('confirming')
  return JSON.stringify([
    s.value,
    changing && s.context.stepUpAsked,
    s.context.password === '' ? 'empty' : newPasswordValid(s),
    s.context.problem !== null,
  ])
}

export function createChangePasswordPathModel() {
  return createPathModel(changePasswordMachine, {
    events: changePasswordEvents,
    serializeState: serializeChangePassword,
  })
}
