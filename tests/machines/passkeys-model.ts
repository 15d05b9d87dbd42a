/**
 * The passkeys' path model, shared by the machine and UI tests: the list read (or not); adding
 * (options after a step-up, the browser's prompt answered or cancelled, the server's check); a
 * rename with a good and a blank name and the server's refusal; a removal confirmed or kept.
 */
import type { SnapshotFrom } from 'xstate'
import { ApiRefusal } from '../../src/api/api-call'
import { PasskeyPromptFailed } from '../../src/machines/passkeys/passkey-prompt'
import { passkeyNameProblem, passkeysMachine } from '../../src/machines/passkeys/passkeys.machine'
import { attestation, creationOptions, laptopKey, newKey } from '../ui/support/security-fixtures'
import { createPathModel, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof passkeysMachine>

export const names = { good: '  Work laptop ', blank: '   ' }
export const NAME_REFUSED = 'must NOT have more than 64 characters'

export const failures = {
  stepUp: new ApiRefusal(403, 'STEP_UP_REQUIRED', {}),
  gone: new ApiRefusal(404, 'OTHER_ERROR', {}),
  down: new ApiRefusal(503, 'OTHER_ERROR', {}),
  credential: new ApiRefusal(400, 'VALIDATION_ERROR', {
    '/credential': { message: 'The passkey could not be verified.', code: 'credential' },
  }),
  name: new ApiRefusal(400, 'VALIDATION_ERROR', {
    '/name': { message: NAME_REFUSED, code: 'maxLength' },
  }),
  cancelled: new PasskeyPromptFailed('cancelled'),
}

export const renamedKey = { ...laptopKey, name: names.good.trim() }

export function passkeysEvents(s: Snapshot): AnyEventObject[] {
  return [
    ...[
      'passkeys.reload',
      'passkey.add',
      'rename.save',
      'rename.cancel',
      'remove.confirm',
      'remove.cancel',
      'stepUp.confirmed',
      'stepUp.cancelled',
    ].map((type) => ({ type })),
    { type: 'passkey.rename', id: laptopKey.id },
    { type: 'passkey.remove', id: laptopKey.id },
    {
      type: 'name.change',
      value: passkeyNameProblem(s.context.draft) === null ? names.blank : names.good,
    },
    { type: 'xstate.done.actor.loadPasskeys', output: [laptopKey] },
    { type: 'xstate.error.actor.loadPasskeys', error: failures.down },
    { type: 'xstate.done.actor.passkeyOptions', output: creationOptions },
    { type: 'xstate.error.actor.passkeyOptions', error: failures.stepUp },
    { type: 'xstate.error.actor.passkeyOptions', error: failures.down },
    { type: 'xstate.done.actor.createPasskey', output: attestation },
    { type: 'xstate.error.actor.createPasskey', error: failures.cancelled },
    { type: 'xstate.done.actor.addPasskey', output: newKey },
    { type: 'xstate.error.actor.addPasskey', error: failures.stepUp },
    { type: 'xstate.error.actor.addPasskey', error: failures.credential },
    { type: 'xstate.done.actor.renamePasskey', output: renamedKey },
    { type: 'xstate.error.actor.renamePasskey', error: failures.name },
    { type: 'xstate.done.actor.removePasskey', output: undefined },
    { type: 'xstate.error.actor.removePasskey', error: failures.stepUp },
    { type: 'xstate.error.actor.removePasskey', error: failures.gone },
    { type: 'xstate.error.actor.removePasskey', error: failures.down },
  ]
}

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
