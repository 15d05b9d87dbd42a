/**
 * The auth machine's path model for the UI and browser levels: a login without an access token is
 * never the server's answer, and a stored session without one restores as no session does (the
 * same transition), so both levels walk these events (samples from src/flows/fixtures/auth.ts).
 */
import { loginPair, otherTab, refreshedPair, stored } from '../../src/flows/fixtures/auth'
import { authMachine } from '../../src/machines/auth/auth.machine'
import { createPathModel, plainEventsOf } from '../support/model-paths'

export const authUiEvents = [
  ...plainEventsOf(authMachine).filter(
    (e) => ['auth.logout', 'auth.refresh'].includes(e.type) || e.type.startsWith('xstate.after.'),
  ),
  { type: 'auth.login', ...loginPair },
  { type: 'session.change', session: otherTab },
  { type: 'session.change', session: null },
  { type: 'xstate.done.actor.restoreSession', output: stored },
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.error.actor.restoreSession', error: new Error('storage unavailable') },
  { type: 'xstate.done.actor.refreshSession', output: refreshedPair },
  { type: 'xstate.error.actor.refreshSession', error: new Error('401') },
  { type: 'xstate.done.actor.logOut', output: undefined },
  { type: 'xstate.error.actor.logOut', error: new Error('503') },
]

export const createAuthUiPathModel = () => createPathModel(authMachine, { events: authUiEvents })
