/**
 * The sessions' path model, shared by the machine and UI tests: the list read (or not), one
 * session ended (or already gone, or not), all others ended (after a step-up, or refused), and
 * the reload that follows a changed factor or password.
 */
import type { SnapshotFrom } from 'xstate'
import { ApiRefusal } from '../../src/api/api-call'
import { sessionsMachine } from '../../src/machines/sessions/sessions.machine'
import { phoneSession, tabletSession, thisSession } from '../ui/support/security-fixtures'
import { createPathModel, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof sessionsMachine>

export const allSessions = [thisSession, phoneSession, tabletSession]

export const failures = {
  stepUp: new ApiRefusal(403, 'STEP_UP_REQUIRED', {}),
  gone: new ApiRefusal(404, 'OTHER_ERROR', {}),
  down: new ApiRefusal(503, 'OTHER_ERROR', {}),
}

export function sessionsEvents(): AnyEventObject[] {
  return [
    { type: 'sessions.reload' },
    { type: 'sessions.endOthers' },
    { type: 'stepUp.confirmed' },
    { type: 'stepUp.cancelled' },
    { type: 'session.end', id: phoneSession.id },
    { type: 'xstate.done.actor.listSessions', output: allSessions },
    { type: 'xstate.error.actor.listSessions', error: failures.down },
    { type: 'xstate.done.actor.endSession', output: undefined },
    { type: 'xstate.error.actor.endSession', error: failures.gone },
    { type: 'xstate.error.actor.endSession', error: failures.down },
    { type: 'xstate.done.actor.endOtherSessions', output: 2 },
    { type: 'xstate.error.actor.endOtherSessions', error: failures.stepUp },
    { type: 'xstate.error.actor.endOtherSessions', error: failures.down },
  ]
}

export function serializeSessions(s: Snapshot): string {
  const changing = s.matches('endingOthers') || s.matches('confirming')
  return JSON.stringify([s.value, changing && s.context.stepUpAsked])
}

export function createSessionsPathModel() {
  return createPathModel(sessionsMachine, {
    events: sessionsEvents,
    serializeState: serializeSessions,
  })
}
