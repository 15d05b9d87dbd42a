/**
 * The password change's path model, shared by the machine and UI tests: a good and a too-short
 * new password, the submit, and the server's answers (changed; a step-up first; the weak-password
 * reason at the field; unavailable).
 */
import type { SnapshotFrom } from 'xstate'
import { ApiRefusal } from '../../src/api/api-call'
import { validateField } from '../../src/machines/forms/validation'
import {
  changePasswordMachine,
  newPasswordRules,
} from '../../src/machines/change-password/change-password.machine'
import { createPathModel, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof changePasswordMachine>

export const passwords = { good: 'staple-battery-horse-42', short: 'abc' }
export const WEAK_REASON = 'This password is too common. Add another word or two.'

export const failures = {
  stepUp: new ApiRefusal(403, 'STEP_UP_REQUIRED', {}),
  weak: new ApiRefusal(400, 'VALIDATION_ERROR', {
    '/newPassword': { message: WEAK_REASON, code: 'weak-password' },
  }),
  down: new ApiRefusal(503, 'OTHER_ERROR', {}),
}

const valid = (s: Snapshot) => validateField(newPasswordRules, s.context.password) === undefined

export function changePasswordEvents(s: Snapshot): AnyEventObject[] {
  return [
    { type: 'password.change', value: valid(s) ? passwords.short : passwords.good },
    { type: 'form.submit' },
    { type: 'stepUp.confirmed' },
    { type: 'stepUp.cancelled' },
    { type: 'xstate.done.actor.changePassword', output: { status: 'password-changed' } },
    { type: 'xstate.error.actor.changePassword', error: failures.stepUp },
    { type: 'xstate.error.actor.changePassword', error: failures.weak },
    { type: 'xstate.error.actor.changePassword', error: failures.down },
  ]
}

export function serializeChangePassword(s: Snapshot): string {
  const changing = s.matches('submitting') || s.matches('confirming')
  return JSON.stringify([
    s.value,
    changing && s.context.stepUpAsked,
    s.context.password === '' ? 'empty' : valid(s),
    s.context.problem !== null,
  ])
}

export function createChangePasswordPathModel() {
  return createPathModel(changePasswordMachine, {
    events: changePasswordEvents,
    serializeState: serializeChangePassword,
  })
}
