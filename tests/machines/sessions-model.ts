/**
 * The sessions' path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/sessions.ts, and whether a step-up was asked while a change runs.
 */
import type { SnapshotFrom } from 'xstate'
import { sessionsMachine } from '../../src/machines/sessions/sessions.machine'
import { sessionsEvents } from '../../src/flows/fixtures/sessions'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof sessionsMachine>

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
