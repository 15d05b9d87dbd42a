/**
 * The authenticator app's path model, shared by the machine and UI tests: the status read (off,
 * on, or not read); setting up (a step-up, a secret, a good and a short code, the server's answer,
 * the recovery codes copied or not, then saved); removing, confirmed or kept.
 */
import type { SnapshotFrom } from 'xstate'
import { ApiRefusal } from '../../src/api/api-call'
import {
  authenticatorAppMachine,
  codeProblem,
} from '../../src/machines/authenticator-app/authenticator-app.machine'
import { enrolment, recoveryCodes } from '../ui/support/security-fixtures'
import { createPathModel, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof authenticatorAppMachine>

export const codes = { good: '492 039', short: '49' }

export const failures = {
  stepUp: new ApiRefusal(403, 'STEP_UP_REQUIRED', {}),
  conflict: new ApiRefusal(409, 'OTHER_ERROR', {}),
  gone: new ApiRefusal(404, 'OTHER_ERROR', {}),
  down: new ApiRefusal(503, 'OTHER_ERROR', {}),
  wrongCode: new ApiRefusal(400, 'VALIDATION_ERROR', {
    '/code': { message: 'The code is not right.', code: 'totp' },
  }),
}

export const statuses = {
  off: { enabled: false, recoveryCodesLeft: 0 },
  on: { enabled: true, recoveryCodesLeft: 7 },
}

export function authenticatorAppEvents(s: Snapshot): AnyEventObject[] {
  return [
    ...[
      'totp.reload',
      'totp.setUp',
      'code.submit',
      'setUp.cancel',
      'codes.copy',
      'codes.saved',
      'totp.remove',
      'remove.confirm',
      'remove.cancel',
      'stepUp.confirmed',
      'stepUp.cancelled',
    ].map((type) => ({ type })),
    {
      type: 'code.change',
      value: codeProblem(s.context.code) === null ? codes.short : codes.good,
    },
    { type: 'xstate.done.actor.loadTotp', output: statuses.off },
    { type: 'xstate.done.actor.loadTotp', output: statuses.on },
    { type: 'xstate.error.actor.loadTotp', error: failures.down },
    { type: 'xstate.done.actor.startTotpEnrolment', output: enrolment },
    { type: 'xstate.error.actor.startTotpEnrolment', error: failures.stepUp },
    { type: 'xstate.error.actor.startTotpEnrolment', error: failures.conflict },
    { type: 'xstate.error.actor.startTotpEnrolment', error: failures.down },
    { type: 'xstate.done.actor.confirmTotp', output: recoveryCodes },
    { type: 'xstate.error.actor.confirmTotp', error: failures.stepUp },
    { type: 'xstate.error.actor.confirmTotp', error: failures.wrongCode },
    { type: 'xstate.done.actor.copyCodes', output: undefined },
    { type: 'xstate.error.actor.copyCodes', error: new Error('No clipboard') },
    { type: 'xstate.done.actor.removeTotp', output: undefined },
    { type: 'xstate.error.actor.removeTotp', error: failures.stepUp },
    { type: 'xstate.error.actor.removeTotp', error: failures.gone },
    { type: 'xstate.error.actor.removeTotp', error: failures.down },
  ]
}

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
