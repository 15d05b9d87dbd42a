/**
 * The profile form's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/profile.ts, and what tells two states apart.
 */
import type { SnapshotFrom } from 'xstate'
import { profileFormMachine } from '../../src/machines/profile-form/profile-form.machine'
import { firstNameBroken, profileEvents } from '../../src/flows/fixtures/profile'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof profileFormMachine>

export function serializeProfile(s: Snapshot): string {
  return JSON.stringify([
    s.value,
    firstNameBroken(s),
    s.context.locale !== s.context.storedLocale,
    Object.keys(s.context.errors).sort(),
    s.matches('failed') ? s.context.errorType : null,
  ])
}

export function createProfilePathModel() {
  return createPathModel(profileFormMachine, {
    events: profileEvents,
    serializeState: serializeProfile,
  })
}
