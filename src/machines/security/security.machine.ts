import { sendTo, setup, type SnapshotFrom } from 'xstate'
import { authenticatorAppMachine } from '../authenticator-app/authenticator-app.machine'
import { changePasswordMachine } from '../change-password/change-password.machine'
import { passkeysMachine } from '../passkeys/passkeys.machine'
import { sessionsMachine } from '../sessions/sessions.machine'
import { STEP_UP_SYSTEM_ID, type SecurityChanged } from './security-protocol'
import { stepUpMachine } from '../step-up/step-up.machine'

/** What the section hears from its cards: a change of the password or a factor. */
export type SecurityEvent = SecurityChanged

/**
 * The profile's Security section (docs/product/screens.md#security-section,
 * docs/product/account-security.md#security-section-texts, decision 109): the customer changes the
 * password, manages passkeys and the authenticator app, sees and ends sessions, and confirms it's
 * them once for whatever change asks. One statechart of five children: the four cards and the
 * step-up dialog, which the cards find through the actor system (system id 'stepUp') to ask for a
 * confirmation and to say what the account has; a card that changed the password or a factor
 * makes the section read the sessions again.
 */
export const securityMachine = setup({
  types: {} as {
    events: SecurityEvent
    children: {
      stepUp: 'stepUp'
      changePassword: 'changePassword'
      passkeys: 'passkeys'
      authenticatorApp: 'authenticatorApp'
      sessions: 'sessions'
    }
  },
  actors: {
    /** The 'Confirm it's you' dialog; the route provides its calls. */
    stepUp: stepUpMachine,
    /** The Password card. */
    changePassword: changePasswordMachine,
    /** The Passkeys card. */
    passkeys: passkeysMachine,
    /** The Authenticator app card. */
    authenticatorApp: authenticatorAppMachine,
    /** The Sessions card. */
    sessions: sessionsMachine,
  },
  actions: {
    reloadSessions: sendTo('sessions', { type: 'sessions.reload' }),
  },
}).createMachine({
  id: 'security',
  description: 'The Security section: four cards and the one step-up dialog they share',
  invoke: [
    { id: 'stepUp', src: 'stepUp', systemId: STEP_UP_SYSTEM_ID },
    { id: 'changePassword', src: 'changePassword' },
    { id: 'passkeys', src: 'passkeys' },
    { id: 'authenticatorApp', src: 'authenticatorApp' },
    { id: 'sessions', src: 'sessions' },
  ],
  initial: 'open',
  states: {
    open: {
      description: 'The four cards show; the dialog opens when a change asks for it.',
      on: {
        /** The server has ended the other sessions: the Sessions card reads them again. */
        'security.changed': { actions: 'reloadSessions' },
      },
    },
  },
})

export type SecurityMachine = typeof securityMachine
export type SecuritySnapshot = SnapshotFrom<SecurityMachine>
