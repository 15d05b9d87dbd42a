/**
 * The step-up dialog's path model, shared by the machine and UI tests: opened for an account with
 * an authenticator app (so both methods are reachable), a good and a bad answer for each method,
 * Confirm, Cancel, and the server's answers (confirmed, wrong, too many attempts, unavailable).
 */
import type { SnapshotFrom } from 'xstate'
import { ApiRefusal } from '../../src/api/api-call'
import { answerProblem, stepUpMachine } from '../../src/machines/step-up/step-up.machine'
import { createPathModel, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof stepUpMachine>

export const answers = {
  password: { good: 'correct-horse', bad: '' },
  code: { good: '492 039', bad: '4920' },
} as const

export const refusals = {
  wrong: new ApiRefusal(401, 'INVALID_CREDENTIALS', {}),
  rateLimited: new ApiRefusal(429, 'RATE_LIMITED', {}),
  failed: new ApiRefusal(503, 'OTHER_ERROR', {}),
}

const answerClass = (s: Snapshot) =>
  s.context.answer === '' ? 'empty' : answerProblem(s.context) === null ? 'good' : 'bad'

export function stepUpEvents(s: Snapshot): AnyEventObject[] {
  const { method } = s.context
  const events: AnyEventObject[] = [
    { type: 'stepUp.open', hasTotp: true },
    { type: 'method.switch' },
    { type: 'form.submit' },
    { type: 'stepUp.cancel' },
    { type: 'xstate.done.actor.checkStepUp', output: { stepUpUntil: '2026-11-23T10:05:00.000Z' } },
    { type: 'xstate.error.actor.checkStepUp', error: refusals.wrong },
  ]
  // The answer moves between good and bad; the limit and an outage are the password's.
  events.push({
    type: 'answer.change',
    value: answerClass(s) === 'good' ? answers[method].bad : answers[method].good,
  })
  if (method === 'password') {
    events.push(
      { type: 'xstate.error.actor.checkStepUp', error: refusals.rateLimited },
      { type: 'xstate.error.actor.checkStepUp', error: refusals.failed },
    )
  }
  return events
}

export function serializeStepUp(s: Snapshot): string {
  return JSON.stringify([s.value, s.context.method, answerClass(s), s.context.problem !== null])
}

export function createStepUpPathModel() {
  return createPathModel(stepUpMachine, { events: stepUpEvents, serializeState: serializeStepUp })
}
