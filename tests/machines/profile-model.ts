/**
 * The profile form's path model, shared by the machine and UI tests: the profile read (or not),
 * a good and a too-long first name, Update, the server's answers (saved, refused with field
 * errors, failed), and the 3 s transient message as the machine's named delay.
 */
import type { SnapshotFrom } from 'xstate'
import { ProfileRejected } from '../../src/machines/profile-form/profile-errors'
import {
  profileFormMachine,
  profileSchema,
  type Profile,
} from '../../src/machines/profile-form/profile-form.machine'
import { validateField } from '../../src/machines/forms/validation'
import { createPathModel, plainEventsOf, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof profileFormMachine>

export const storedProfile: Profile = {
  firstName: 'Ann',
  lastName: 'Kowalska',
  email: 'ann@example.com',
  phone: '+48 601 234 567',
  country: 'PL',
}

export const names = { good: 'Anna', tooLong: 'A'.repeat(101) }
export const PHONE_MESSAGE =
  'Phone needs at least 5 digits; it may contain spaces and an optional leading +'

/** The server refuses the phone (its pattern), as PUT /api/users/profile answers 400. */
export const phoneRefused = new ProfileRejected(400, 'VALIDATION_ERROR', { phone: PHONE_MESSAGE })

const firstNameBroken = (s: Snapshot) =>
  validateField(profileSchema.firstName, s.context.values.firstName) !== undefined

export function profileEvents(s: Snapshot): AnyEventObject[] {
  const plain = plainEventsOf(profileFormMachine).filter(
    (e) =>
      ['form.submit', 'profile.reload'].includes(e.type) ||
      e.type.startsWith('xstate.after.transientMessage'),
  )
  return [
    ...plain,
    {
      type: 'field.change',
      field: 'firstName',
      value: firstNameBroken(s) ? names.good : names.tooLong,
    },
    { type: 'xstate.done.actor.loadProfile', output: storedProfile },
    { type: 'xstate.error.actor.loadProfile', error: new Error('503') },
    { type: 'xstate.done.actor.saveProfile', output: { ...storedProfile, firstName: names.good } },
    { type: 'xstate.error.actor.saveProfile', error: phoneRefused },
    { type: 'xstate.error.actor.saveProfile', error: { errorType: 'OTHER_ERROR' } },
  ]
}

export function serializeProfile(s: Snapshot): string {
  return JSON.stringify([
    s.value,
    firstNameBroken(s),
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
